import { Suspense, useEffect, useState } from 'react';
import { useAboutQuery } from '../../api/about';
import { lazyTranslated, T, useT } from '../../i18n';
import { serverText } from '../../i18n/server-text';
import { Link, useLocation, useSearchParams } from '../../routing/routing';
import { FormMessage } from '../../ui/message';
import { loginMessages as m } from './login.messages';
import { LoginFooter } from './login-footer';
import { LoginForm } from './login-form';
import styles from './login-page.module.css';
import { clearSignupRequest, signupRequested } from './prerender-handover';

// The sign-up modal is only needed once 'Create Account' is clicked.
const RegisterModal = lazyTranslated(() =>
  import('./register-modal').then((m) => ({ default: m.RegisterModal })),
);

interface LoginPageProps {
  /** Set on /login (go to /); absent where the login replaces a logged-in screen (stay). */
  redirectTo?: string;
}

/**
 * What a screen that sends the member here may ask the login page to say, as the navigation's
 * state: 'Your account is deleted…' after Delete my account.
 */
export interface LoginPageState {
  notice?: string;
}

function noticeIn(state: unknown): string | undefined {
  const notice = (state as LoginPageState | null)?.notice;
  return typeof notice === 'string' ? notice : undefined;
}

/** The name of the invite code in an invite link: `/?invite=CODE`. */
const INVITE_PARAM = 'invite';

export function LoginPage({ redirectTo }: LoginPageProps) {
  // An invite link (`/?invite=CODE`) opens Sign Up with its code filled in; so does Create
  // Account pressed before the app took over the prerendered screen.
  const t = useT();
  const [searchParams] = useSearchParams();
  const notice = noticeIn(useLocation().state);
  const inviteCode = searchParams.get(INVITE_PARAM)?.trim() || undefined;
  const [signingUp, setSigningUp] = useState(() => signupRequested() || inviteCode !== undefined);
  useEffect(() => {
    // The first render runs in slices: a press may land on the markup until this screen replaces it.
    if (signupRequested()) setSigningUp(true);
    clearSignupRequest();
  }, []);
  return (
    <div className={styles.page}>
      <main className={styles.main}>
        <div className={styles.brand}>
          <h1 className={styles.wordmark} translate="no">
            <img src="/images/logo.svg" alt="" width={60} height={60} />
            hearth
          </h1>
          <p className={styles.tagline}>{t(m.tagline)}</p>
        </div>
        <div className={styles.side}>
          {notice && <FormMessage tone="success">{serverText(notice)}</FormMessage>}
          <LoginForm redirectTo={redirectTo} onCreateAccount={() => setSigningUp(true)} />
          <p className={styles.createPage}>
            <T message={m.createPage} components={{ 0: <Link to="/" /> }} />
          </p>
          <AboutLink />
        </div>
      </main>
      <LoginFooter />
      {signingUp && (
        <Suspense fallback={null}>
          <RegisterModal onClose={() => setSigningUp(false)} inviteCode={inviteCode} />
        </Suspense>
      )}
    </div>
  );
}

/** The public page about this server (/about), by its name once it is known. */
function AboutLink() {
  const t = useT();
  const about = useAboutQuery();
  return (
    <p className={styles.about}>
      <Link to="/about">
        {about.data ? t(m.aboutServer, { name: about.data.name }) : t(m.aboutThisServer)}
      </Link>
    </p>
  );
}

import {
  type LoginAnswer,
  type LoginInput,
  REDIRECT_DELAY_MS,
  ROUTES,
  type SessionUser,
} from '@hearth/contract';
import { type ChangeEvent, type FormEvent, useLayoutEffect, useRef, useState } from 'react';
import { useLoginMutation } from '../../api/auth';
import { createApiClient, errorMessage } from '../../api/client';
import { setLanguage, takeLanguageChosenBeforeLogin, useT } from '../../i18n';
import { Link, useNavigate } from '../../routing/routing';
import { useSession } from '../../session/session-context';
import { storeSessionUser } from '../../session/session-cookie';
import buttons from '../../ui/button.module.css';
import { TextField } from '../../ui/form-field';
import { FormMessage } from '../../ui/message';
import { Spinner } from '../../ui/spinner';
import { SubmitButton } from '../../ui/submit-button';
import { useAfterDelay } from '../../ui/use-after-delay';
import { loginMessages as m } from './login.messages';
import styles from './login-page.module.css';
import { CodeStep, DeletionStep, type LoginStep, nextStepOf } from './login-second-step';
import stepStyles from './login-second-step.module.css';
import type { LoginErrors, LoginField } from './login-validation';
import { takeLoginHandover } from './prerender-handover';

const FIELDS: LoginField[] = ['email', 'password'];

// zod is not needed to paint the login screen: it loads once a field is focused.
const loadValidation = () => import('./login-validation');

/**
 * The login form's state, as react-hook-form's onTouched mode had it (that library stays off
 * the login screen's first load): a field is checked once left, then on every change; a
 * submit checks every field, focuses the first wrong one, and checks on change from then on.
 */
function useLoginFields() {
  const [handover] = useState(takeLoginHandover);
  const values = useRef<LoginInput>({ email: '', password: '' });
  const inputs = useRef<Partial<Record<LoginField, HTMLInputElement | null>>>({});
  const touched = useRef(new Set<LoginField>());
  const submitted = useRef(false);
  const [errors, setErrors] = useState<LoginErrors>({});

  // Taking over the prerendered form, before the first paint of this one: what was typed, the
  // focus, and a submit that came before the app could answer (replayed once, though StrictMode
  // runs effects twice in development).
  const handedOver = useRef(false);
  useLayoutEffect(() => {
    if (!handover || handedOver.current) return;
    handedOver.current = true;
    const { values: typed, focused, submitted: pressed } = handover();
    for (const name of FIELDS) {
      const input = inputs.current[name];
      const value = typed[name];
      if (input && value) {
        input.value = value;
        values.current[name] = value;
      }
    }
    if (focused) inputs.current[focused]?.focus();
    if (pressed) inputs.current.email?.form?.requestSubmit();
  }, [handover]);

  const validate = async (fields: LoginField[]) => {
    const { validateLogin } = await loadValidation();
    const result = validateLogin(values.current);
    setErrors((previous) => {
      const next = { ...previous };
      for (const field of fields) {
        if (result.errors[field]) next[field] = result.errors[field];
        else delete next[field];
      }
      return next;
    });
    return result;
  };

  const field = (name: LoginField) => ({
    name,
    ref: (input: HTMLInputElement | null) => {
      inputs.current[name] = input;
    },
    onFocus: () => void loadValidation(),
    onChange: (event: ChangeEvent<HTMLInputElement>) => {
      values.current[name] = event.target.value;
      if (touched.current.has(name) || submitted.current) void validate([name]);
    },
    onBlur: () => {
      touched.current.add(name);
      void validate([name]);
    },
  });

  const handleSubmit = (onValid: (input: LoginInput) => void) => (event: FormEvent) => {
    event.preventDefault();
    submitted.current = true;
    void validate(FIELDS).then((result) => {
      if (result.data) onValid(result.data);
      else inputs.current[FIELDS.find((name) => result.errors[name]) ?? 'email']?.focus();
    });
  };

  return { field, errors, handleSubmit };
}

interface LoginFormProps {
  /** Where to go once logged in; without it the member stays on the current route. */
  redirectTo?: string | undefined;
  onCreateAccount: () => void;
}

export function LoginForm({ redirectTo, onCreateAccount }: LoginFormProps) {
  const t = useT();
  const { dispatch } = useSession();
  const navigate = useNavigate();
  const login = useLoginMutation();
  const [loggedIn, setLoggedIn] = useState<SessionUser | null>(null);
  // The greeting of whichever step opened the session (login's, the code's, keeping the account).
  const [greeting, setGreeting] = useState<string | null>(null);
  const [step, setStep] = useState<LoginStep>({ kind: 'password' });
  const { field, errors, handleSubmit } = useLoginFields();

  useAfterDelay(loggedIn !== null, REDIRECT_DELAY_MS.login, () => {
    if (!loggedIn) return;
    dispatch({ type: 'LOGIN', payload: loggedIn });
    if (redirectTo) navigate(redirectTo, { replace: true });
  });

  /** A session is stored and greeted; a second step takes the card's place. */
  const onAnswer = (answer: LoginAnswer) => {
    const next = nextStepOf(answer);
    if ('kind' in next) {
      setStep(next);
      return;
    }
    // The member's screens are in the language they chose, from this first greeting on; one
    // picked in the login footer just now wins, and becomes the account's (every device, mails).
    const chosen = takeLanguageChosenBeforeLogin();
    const language = chosen ?? next.language;
    if (language) void setLanguage(language);
    if (chosen && chosen !== next.language) {
      createApiClient({ token: next.token })
        .call(ROUTES.changeLanguage, { body: { language: chosen } })
        .catch(() => undefined);
    }
    setGreeting(next.message);
    setLoggedIn(storeSessionUser(language ? { ...next, language } : next));
  };

  /** Back to the password, as typed; what the server said last no longer stands. */
  const backToPassword = () => {
    login.reset();
    setStep({ kind: 'password' });
  };

  const onSubmit = handleSubmit((input) => {
    login.mutate(input, { onSuccess: onAnswer });
  });

  const busy = login.isPending || loggedIn !== null;
  return (
    <div className={styles.card}>
      {step.kind === 'code' && (
        <CodeStep ticket={step.ticket} busy={busy} onAnswer={onAnswer} onBack={backToPassword} />
      )}
      {step.kind === 'deletion' && (
        <DeletionStep
          ticket={step.ticket}
          purgeAt={step.purgeAt}
          busy={busy}
          onAnswer={onAnswer}
          onBack={backToPassword}
        />
      )}
      {step.kind !== 'password' && greeting && <FormMessage tone="success">{greeting}</FormMessage>}
      {/* Hidden, not gone, during a second step: 'Back' finds what was typed still there. */}
      <form
        className={`${styles.form} ${stepStyles.hideable}`}
        onSubmit={onSubmit}
        noValidate
        aria-label={t(m.form)}
        hidden={step.kind !== 'password'}
      >
        <TextField
          label={t(m.email)}
          type="email"
          autoComplete="username"
          error={errors.email}
          {...field('email')}
        />
        <TextField
          label={t(m.password)}
          type="password"
          autoComplete="current-password"
          error={errors.password}
          {...field('password')}
        />
        <SubmitButton className={`${buttons.primary} ${styles.loginButton}`} disabled={busy}>
          {t(m.logIn)}
        </SubmitButton>
        {login.isPending && <Spinner label={t(m.loggingIn)} />}
        {greeting && step.kind === 'password' && (
          <FormMessage tone="success">{greeting}</FormMessage>
        )}
        {login.isError && <FormMessage tone="error">{errorMessage(login.error)}</FormMessage>}
      </form>
      <Link to="/reset" className={styles.forgotten}>
        {t(m.forgotten)}
      </Link>
      <hr className={styles.separator} />
      <button
        type="button"
        className={`${buttons.success} ${styles.createButton}`}
        onClick={onCreateAccount}
        // CREATE_ACCOUNT_ATTRIBUTE: a press before the app took over is replayed (login-page.tsx).
        data-create-account=""
      >
        {t(m.createAccount)}
      </button>
    </div>
  );
}

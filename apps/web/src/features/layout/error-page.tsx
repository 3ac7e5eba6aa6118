import { useEffect } from 'react';
import { useT } from '../../i18n';
import { serverUiMessages } from '../../i18n/server-ui.messages';
import styles from './error-page.module.css';
import { layoutMessages as m } from './layout.messages';

/** Uncaught render errors end here (spec section 8). */
export function ErrorPage({ error }: { error: unknown }) {
  const t = useT();
  useEffect(() => {
    console.error(error);
  }, [error]);
  return (
    <main className={styles.page}>
      <img src="/images/logo.svg" alt="" width={56} height={56} />
      <h1 className={styles.title}>{t(serverUiMessages.unexpectedError)}</h1>
      {/* A full reload, not a client navigation: the app's state may be what broke. */}
      <a className={styles.home} href="/">
        {t(m.goHome)}
      </a>
    </main>
  );
}

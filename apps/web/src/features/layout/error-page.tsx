import { useEffect } from 'react';
import { useRouteError } from 'react-router';
import { useT } from '../../i18n';
import { contractMessages } from '../../i18n/server.messages';
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
      <h1 className={styles.title}>{t(contractMessages.ui.unexpectedError)}</h1>
      {/* A full reload, not a client navigation: the app's state may be what broke. */}
      <a className={styles.home} href="/">
        {t(m.goHome)}
      </a>
    </main>
  );
}

/** The error page as a data router's errorElement, which hands the error over by hook. */
export function RouteErrorPage() {
  return <ErrorPage error={useRouteError()} />;
}

import { UI_MESSAGES } from '@hearth/contract';
import { useEffect } from 'react';
import { useRouteError } from 'react-router';
import styles from './error-page.module.css';

/** Uncaught render errors end here (spec section 8). */
export function ErrorPage({ error }: { error: unknown }) {
  useEffect(() => {
    console.error(error);
  }, [error]);
  return (
    <main className={styles.page}>
      <img src="/images/logo.svg" alt="" width={56} height={56} />
      <h1 className={styles.title}>{UI_MESSAGES.unexpectedError}</h1>
      {/* A full reload, not a client navigation: the app's state may be what broke. */}
      <a className={styles.home} href="/">
        Go to the home page
      </a>
    </main>
  );
}

/** The error page as a data router's errorElement, which hands the error over by hook. */
export function RouteErrorPage() {
  return <ErrorPage error={useRouteError()} />;
}

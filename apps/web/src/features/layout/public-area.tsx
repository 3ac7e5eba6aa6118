import { Suspense } from 'react';
import { Link, Outlet } from 'react-router';
import { useSession } from '../../session/session-context';
import { AppLayout } from './lazy-pages';
import { PageFallback } from './page-fallback';
import styles from './public-area.module.css';

/**
 * Pages anyone may read (/about): inside the logged-in layout for a member, under a plain bar
 * with the logo and Log In for a visitor.
 */
export function PublicArea() {
  const { user } = useSession();
  if (user) return <AppLayout />;
  return (
    <div className={styles.layout}>
      <header className={styles.bar}>
        <Link to="/" className={styles.logo}>
          <img src="/images/logo.svg" alt="" width={40} height={40} />
          hearth
        </Link>
        <Link to="/login" className={styles.login}>
          Log In
        </Link>
      </header>
      <main>
        <Suspense fallback={<PageFallback />}>
          <Outlet />
        </Suspense>
      </main>
    </div>
  );
}

import { Suspense } from 'react';
import { useT } from '../../i18n';
import { Link, Outlet } from '../../routing/routing';
import { useSession } from '../../session/session-context';
import { layoutMessages as m } from './layout.messages';
import { AppLayout } from './lazy-pages';
import { PageFallback } from './page-fallback';
import styles from './public-area.module.css';

/**
 * Pages anyone may read (/about): inside the logged-in layout for a member, under a plain bar
 * with the logo and Log In for a visitor.
 */
export function PublicArea() {
  const { user } = useSession();
  const t = useT();
  if (user) return <AppLayout />;
  return (
    <div className={styles.layout}>
      <header className={styles.bar}>
        <Link to="/" className={styles.logo} translate="no">
          <img src="/images/logo.svg" alt="" width={40} height={40} />
          hearth
        </Link>
        <Link to="/login" className={styles.login}>
          {t(m.logIn)}
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

import { STAFF_ROLES } from '@hearth/contract';
import { Suspense } from 'react';
import { useAboutQuery } from '../../api/about';
import { useT } from '../../i18n';
import { Navigate, NavLink, Outlet, useLocation } from '../../routing/routing';
import { useSessionUser } from '../../session/session-context';
import { Spinner } from '../../ui/spinner';
import { PageFallback } from '../layout/page-fallback';
import { adminMessages as m } from './admin.messages';
import styles from './admin.module.css';
import { ADMIN_SECTIONS } from './admin-sections';

/**
 * The moderation area (/admin): its pages beside a nav of those the member may open. Anyone
 * else finds no such page: they are sent home, as from any unknown address. /admin itself opens
 * the first page the member may see.
 */
export function AdminLayout() {
  const t = useT();
  const user = useSessionUser();
  const about = useAboutQuery();
  const { pathname } = useLocation();
  const segment = pathname
    .replace(/^\/admin\/?/i, '')
    .replace(/\/$/, '')
    .toLowerCase();
  const section = ADMIN_SECTIONS.find(({ path }) => path === segment);
  const visible = ADMIN_SECTIONS.filter((entry) => entry.allowed(user.role, about.data));

  if (!section) {
    const first = STAFF_ROLES.includes(user.role) ? visible[0] : undefined;
    return <Navigate to={first ? `/admin/${first.path}` : '/'} replace />;
  }
  const allowed = section.allowed(user.role, about.data);
  if (allowed === undefined && about.isPending) {
    return (
      <div className={styles.loading}>
        <Spinner label={t(m.loading)} />
      </div>
    );
  }
  if (!allowed) return <Navigate to="/" replace />;

  return (
    <div className={styles.layout}>
      {visible.length > 1 && (
        <nav className={styles.nav} aria-label={t(m.moderation)}>
          <p className={styles.navTitle} aria-hidden="true">
            {t(m.moderation)}
          </p>
          <ul className={styles.navList}>
            {visible.map(({ path, name }) => (
              <li key={path}>
                <NavLink to={`/admin/${path}`} className={styles.navLink}>
                  {t(name)}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
      )}
      <div className={styles.content}>
        <Suspense fallback={<PageFallback />}>
          <Outlet />
        </Suspense>
      </div>
    </div>
  );
}

import { Suspense } from 'react';
import { Outlet } from '../../routing/routing';
import { Notices } from '../../ui/notices';
import { Header } from '../header/header';
import styles from './app-layout.module.css';
import { PageFallback } from './page-fallback';

/** The logged-in layout: the header above every screen of the logged-in area. */
export function AppLayout() {
  return (
    <div className={styles.layout}>
      <Header />
      <main className={styles.main}>
        <Suspense fallback={<PageFallback />}>
          <Outlet />
        </Suspense>
        <Notices />
      </main>
    </div>
  );
}

import { Suspense } from 'react';
import { Outlet } from '../../routing/routing';
import { PageFallback } from './page-fallback';

export function RootLayout() {
  return (
    <Suspense fallback={<PageFallback />}>
      <Outlet />
    </Suspense>
  );
}

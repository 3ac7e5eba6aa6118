import { lazy } from 'react';

// Each screen is its own chunk: the first paint loads only the screen it shows.
export const LoginPage = lazy(() =>
  import('../auth/login-page').then((m) => ({ default: m.LoginPage })),
);
export const ResetPage = lazy(() =>
  import('../reset/reset-page').then((m) => ({ default: m.ResetPage })),
);
export const AppLayout = lazy(() => import('./app-layout').then((m) => ({ default: m.AppLayout })));
export const HomePage = lazy(() =>
  import('../home/home-page').then((m) => ({ default: m.HomePage })),
);
export const ActivatePage = lazy(() =>
  import('../activate/activate-page').then((m) => ({ default: m.ActivatePage })),
);
export const ProfilePage = lazy(() =>
  import('../profile/profile-page').then((m) => ({ default: m.ProfilePage })),
);
export const FriendsPage = lazy(() =>
  import('../friends/friends-page').then((m) => ({ default: m.FriendsPage })),
);

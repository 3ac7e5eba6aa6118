import { Navigate, type RouteObject } from 'react-router';
import { ErrorPage } from './features/layout/error-page';
import {
  ActivatePage,
  AppLayout,
  FriendsPage,
  HomePage,
  LoginPage,
  ProfilePage,
  ResetPage,
} from './features/layout/lazy-pages';
import { LoggedInArea } from './features/layout/logged-in-area';
import { LoggedOutArea } from './features/layout/logged-out-area';
import { RootLayout } from './features/layout/root-layout';

/** The two areas of spec section 2. */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <ErrorPage />,
    children: [
      {
        element: <LoggedInArea />,
        children: [
          {
            element: <AppLayout />,
            children: [
              { index: true, element: <HomePage /> },
              { path: 'profile', element: <ProfilePage /> },
              { path: 'profile/:username', element: <ProfilePage /> },
              { path: 'friends', element: <FriendsPage /> },
              { path: 'friends/:type', element: <FriendsPage /> },
              { path: 'activate/:token', element: <ActivatePage /> },
            ],
          },
        ],
      },
      {
        element: <LoggedOutArea />,
        children: [
          { path: 'login', element: <LoginPage redirectTo="/" /> },
          { path: 'reset', element: <ResetPage /> },
        ],
      },
      { path: '*', element: <Navigate to="/" replace /> },
    ],
  },
];

import { Component, type ReactNode } from 'react';
import { ErrorPage } from './features/layout/error-page';
import {
  AboutPage,
  AccountSettingsPage,
  ActivatePage,
  AdminLayout,
  AdminSettingsPage,
  AppLayout,
  ApplicationsPage,
  AuditLogPage,
  BlockingPage,
  ConfirmEmailPage,
  FriendsPage,
  HomePage,
  InvitesPage,
  LoginPage,
  MembersPage,
  MessagesPage,
  MutedPage,
  PostPage,
  PrivacyCheckupPage,
  PrivacyPage,
  ProfilePage,
  ReportsPage,
  ResetPage,
  SupportInboxPage,
} from './features/layout/lazy-pages';
import { LoggedInArea } from './features/layout/logged-in-area';
import { LoggedOutArea } from './features/layout/logged-out-area';
import { PublicArea } from './features/layout/public-area';
import { RootLayout } from './features/layout/root-layout';
import { type Location, Navigate, type RouteObject, Routes, useLocation } from './routing/routing';

/** The two areas of spec section 2, and the pages anyone may read (/about). */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
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
              { path: 'post/:postId', element: <PostPage /> },
              { path: 'messages', element: <MessagesPage /> },
              { path: 'messages/:conversationId', element: <MessagesPage /> },
              { path: 'settings', element: <AccountSettingsPage /> },
              { path: 'settings/blocking', element: <BlockingPage /> },
              { path: 'settings/muted', element: <MutedPage /> },
              { path: 'settings/privacy', element: <PrivacyPage /> },
              { path: 'settings/privacy-checkup', element: <PrivacyCheckupPage /> },
              { path: 'activate/:token', element: <ActivatePage /> },
              { path: 'support', element: <SupportInboxPage /> },
              // The moderation area: the layout sends anyone it is not for home.
              {
                path: 'admin',
                element: <AdminLayout />,
                children: [
                  { index: true, element: null },
                  { path: 'reports', element: <ReportsPage /> },
                  { path: 'applications', element: <ApplicationsPage /> },
                  { path: 'members', element: <MembersPage /> },
                  { path: 'invites', element: <InvitesPage /> },
                  { path: 'settings', element: <AdminSettingsPage /> },
                  { path: 'log', element: <AuditLogPage /> },
                ],
              },
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
      // Anyone's, signed in or not.
      // The link mailed to a new address works signed in or not.
      {
        element: <PublicArea />,
        children: [
          { path: 'about', element: <AboutPage /> },
          { path: 'confirm-email/:token', element: <ConfirmEmailPage /> },
        ],
      },
      { path: '*', element: <Navigate to="/" replace /> },
    ],
  },
];

interface BoundaryProps {
  location: Location;
  children: ReactNode;
}

/** Catches what a screen throws while rendering: the error page, until the address changes. */
class RouteErrorBoundary extends Component<
  BoundaryProps,
  { error: unknown; location: Location; failed: boolean }
> {
  override state = { error: undefined as unknown, location: this.props.location, failed: false };

  static getDerivedStateFromError(error: unknown) {
    return { error, failed: true };
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: { location: Location }) {
    // Another location is another chance.
    return props.location === state.location
      ? null
      : { error: undefined, location: props.location, failed: false };
  }

  override render() {
    return this.state.failed ? <ErrorPage error={this.state.error} /> : this.props.children;
  }
}

/** The screen for the address (routing/routing.tsx matches the table above). */
export function AppRoutes() {
  const location = useLocation();
  return (
    <RouteErrorBoundary location={location}>
      <Routes routes={routes} pathname={location.pathname} />
    </RouteErrorBoundary>
  );
}

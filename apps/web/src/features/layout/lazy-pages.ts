import { type ComponentProps, createElement, lazy, useState } from 'react';
import { lazyTranslated } from '../../i18n';

type LoginModule = typeof import('../auth/login-page');
let loginModule: LoginModule | undefined;

/**
 * Loads the login screen's code. main.tsx awaits it before mounting when the prerendered login
 * screen shows, so the app's first render draws the same login screen, not a loading state.
 */
export function preloadLoginPage(): Promise<LoginModule> {
  return import('../auth/login-page').then((module) => {
    loginModule = module;
    return module;
  });
}

const LazyLoginPage = lazy(() => preloadLoginPage().then((m) => ({ default: m.LoginPage })));

/** The login screen: drawn at once when its code is already here, else through React.lazy. */
export function LoginPage(props: ComponentProps<LoginModule['LoginPage']>) {
  // Chosen once per mount, so a later render never swaps one for the other (and the form's state).
  const [loaded] = useState(() => loginModule?.LoginPage);
  return createElement(loaded ?? LazyLoginPage, props);
}

// Each screen is its own chunk: the first paint loads only the screen it shows. The first screens
// (the layout and home, the login above) draw texts of the catalogue's first part; every other
// screen waits for the whole catalogue too (i18n.ts `lazyTranslated`).
export const ResetPage = lazyTranslated(() =>
  import('../reset/reset-page').then((m) => ({ default: m.ResetPage })),
);
export const AppLayout = lazy(() => import('./app-layout').then((m) => ({ default: m.AppLayout })));
export const HomePage = lazy(() =>
  import('../home/home-page').then((m) => ({ default: m.HomePage })),
);
export const ActivatePage = lazyTranslated(() =>
  import('../activate/activate-page').then((m) => ({ default: m.ActivatePage })),
);
export const ProfilePage = lazyTranslated(() =>
  import('../profile/profile-page').then((m) => ({ default: m.ProfilePage })),
);
export const FriendsPage = lazyTranslated(() =>
  import('../friends/friends-page').then((m) => ({ default: m.FriendsPage })),
);
export const PostPage = lazyTranslated(() =>
  import('../post/post-page').then((m) => ({ default: m.PostPage })),
);
export const ConfirmEmailPage = lazyTranslated(() =>
  import('../settings/confirm-email-page').then((m) => ({ default: m.ConfirmEmailPage })),
);
export const AccountSettingsPage = lazyTranslated(() =>
  import('../settings/account-settings-page').then((m) => ({ default: m.AccountSettingsPage })),
);
export const BlockingPage = lazyTranslated(() =>
  import('../settings/blocking-page').then((m) => ({ default: m.BlockingPage })),
);
export const MutedPage = lazyTranslated(() =>
  import('../settings/muted-page').then((m) => ({ default: m.MutedPage })),
);
export const PrivacyPage = lazyTranslated(() =>
  import('../settings/privacy-page').then((m) => ({ default: m.PrivacyPage })),
);
export const PrivacyCheckupPage = lazyTranslated(() =>
  import('../settings/privacy-checkup-page').then((m) => ({ default: m.PrivacyCheckupPage })),
);
export const AboutPage = lazyTranslated(() =>
  import('../about/about-page').then((m) => ({ default: m.AboutPage })),
);
export const AdminLayout = lazyTranslated(() =>
  import('../admin/admin-layout').then((m) => ({ default: m.AdminLayout })),
);
export const ApplicationsPage = lazyTranslated(() =>
  import('../admin/applications-page').then((m) => ({ default: m.ApplicationsPage })),
);
export const MembersPage = lazyTranslated(() =>
  import('../admin/members-page').then((m) => ({ default: m.MembersPage })),
);
export const InvitesPage = lazyTranslated(() =>
  import('../admin/invites-page').then((m) => ({ default: m.InvitesPage })),
);
export const AdminSettingsPage = lazyTranslated(() =>
  import('../admin/admin-settings-page').then((m) => ({ default: m.AdminSettingsPage })),
);
export const ReportsPage = lazyTranslated(() =>
  import('../admin/reports-page').then((m) => ({ default: m.ReportsPage })),
);
export const AuditLogPage = lazyTranslated(() =>
  import('../admin/audit-log-page').then((m) => ({ default: m.AuditLogPage })),
);
export const SupportInboxPage = lazyTranslated(() =>
  import('../moderation/support-inbox-page').then((m) => ({ default: m.SupportInboxPage })),
);
export const MessagesPage = lazyTranslated(() =>
  import('../messenger/messages-page').then((m) => ({ default: m.MessagesPage })),
);

import { type ComponentType, createElement, lazy, useState } from 'react';
import { lazyTranslated } from '../../i18n';

/**
 * A screen whose code can be loaded ahead (`preload`): drawn at once when its code is already
 * here, else through React.lazy. main.tsx awaits it before mounting over a screen the page
 * already shows (the prerendered login, a member's home drawn by the server), so the app's
 * first render draws the same screen, not a loading state.
 */
function preloadable<P extends object>(load: () => Promise<ComponentType<P>>) {
  let loaded: ComponentType<P> | undefined;
  const preload = () =>
    load().then((component) => {
      loaded = component;
      return component;
    });
  const Lazy = lazy(() => preload().then((component) => ({ default: component })));
  function Screen(props: P) {
    // Chosen once per mount, so a later render never swaps one for the other (and its state).
    const [ready] = useState(() => loaded);
    return createElement(ready ?? Lazy, props);
  }
  return { Screen, preload };
}

const login = preloadable(() => import('../auth/login-page').then((m) => m.LoginPage));
/** The login screen's code, before mounting over the prerendered login screen. */
export const preloadLoginPage = login.preload;
export const LoginPage = login.Screen;

const layout = preloadable(() => import('./app-layout').then((m) => m.AppLayout));
const home = preloadable(() => import('../home/home-page').then((m) => m.HomePage));
export const AppLayout = layout.Screen;
export const HomePage = home.Screen;
/** The logged-in layout's and the home's code, before mounting over a member's home page. */
export function preloadHomeScreen(): Promise<unknown> {
  return Promise.all([layout.preload(), home.preload()]);
}

// Each screen is its own chunk: the first paint loads only the screen it shows. The first screens
// (the layout and home, the login above) draw texts of the catalogue's first part; every other
// screen waits for the whole catalogue too (i18n.ts `lazyTranslated`).
export const ResetPage = lazyTranslated(() =>
  import('../reset/reset-page').then((m) => ({ default: m.ResetPage })),
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

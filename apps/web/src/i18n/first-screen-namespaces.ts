/*
 * Which messages a language's catalogue sends first (i18n-plugin.ts, i18n.ts): those of the
 * namespaces the first screens draw, the login and a signed-in member's home, so their first
 * render waits for a small download; every other namespace comes in the rest of the catalogue,
 * which the lazy screens and dialogs wait for. The build fails when this list and the first
 * screens' code disagree, either way.
 */

/** The screens whose first render the first part serves (besides the entry's own code). */
export const FIRST_SCREEN_PAGES = [
  'src/features/auth/login-page.tsx',
  'src/features/layout/app-layout.tsx',
  'src/features/home/home-page.tsx',
] as const;

export const FIRST_SCREEN_NAMESPACES = [
  // The app's frame: the layout, the header and its menus' buttons, the shared widgets.
  'layout',
  'pwa',
  'server.ui',
  'ui',
  'ui.emoji',
  'ui.places',
  'ui.time',
  'header',
  'header.accountMenu',
  'search',
  // Home: the composer, the stories and the feed's cards.
  'home',
  'stories',
  'feed',
  'post',
  'post.audience',
  'post.create',
  'reactions',
  'comments',
  // The login screen.
  'auth.login',
  'auth.secondStep',
  'loginFooter',
] as const;

/** `post.audience.friends` → `post.audience`: a message id's namespace. */
export function namespaceOf(id: string): string {
  return id.slice(0, id.lastIndexOf('.'));
}

/** Shared by the build step that prerenders the login screen (prerender-plugin.ts) and main.tsx. */

/** On <html> when the prerendered login screen shows (set before paint by an inline script). */
export const PRERENDERED_LOGIN_CLASS = 'prerendered-login';

/** On the login screen's inlined CSS, and on the placeholders that tell the app it is loaded. */
export const PRERENDERED_CSS_ATTRIBUTE = 'data-prerendered-css';

/** On <html> once the prerendered form was submitted before the app took it over. */
export const PRERENDERED_LOGIN_SUBMITTED_CLASS = 'prerendered-login-submitted';

/** On <html> once Create Account was pressed in the prerendered screen: the app opens Sign Up. */
export const PRERENDERED_SIGNUP_CLASS = 'prerendered-signup-asked';

/** On the Create Account button, so the before-paint script knows a press of it. */
export const CREATE_ACCOUNT_ATTRIBUTE = 'data-create-account';

/** On the element in #root that holds the prerendered login screen. */
export const PRERENDERED_ATTRIBUTE = 'data-prerendered';

/**
 * The paths whose first screen, without a session, is the login screen: /login and the
 * logged-in area's routes (router.tsx), which show it in place. React Router matches them
 * case-insensitively, with or without a trailing slash.
 */
export const LOGIN_SCREEN_PATHS =
  /^\/(login|profile(\/[^/]+)?|friends(\/[^/]+)?|activate\/[^/]+)?\/?$/i;

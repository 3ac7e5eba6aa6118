import { COOKIE_NAMES, type SessionUser } from '@hearth/contract';
import { DEMO_LOGIN } from '../seed/sizes.js';

/**
 * The demo member's session, from the server's own login call (POST /api/v1/auth/login), so any
 * running Hearth with the demo data can be measured signed in: the bench's own server or one
 * started with `npm start` after `npm run seed`.
 */
export async function signInDemo(baseUrl: string): Promise<SessionUser> {
  const res = await fetch(`${baseUrl}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(DEMO_LOGIN),
  });
  const text = await res.text();
  if (!res.ok) {
    throw new Error(
      `signing in as ${DEMO_LOGIN.email} at ${baseUrl} answered ${res.status}: ${text.slice(0, 200)} (is the demo network seeded there?)`,
    );
  }
  const { id, username, first_name, last_name, picture, token, verified, role } = JSON.parse(
    text,
  ) as SessionUser;
  return { id, username, first_name, last_name, picture, token, verified, role };
}

/** The cookies the web app reads its session from, as it writes them after a login. */
export function sessionCookies(baseUrl: string, member: SessionUser) {
  const cookie = { domain: new URL(baseUrl).hostname, path: '/' };
  return [
    { ...cookie, name: COOKIE_NAMES.user, value: encodeURIComponent(JSON.stringify(member)) },
    { ...cookie, name: COOKIE_NAMES.darkTheme, value: 'false' },
  ];
}

/**
 * The cookie a language chosen in the login footer or in Settings leaves (English needs none:
 * the browser's own language, English here, is the default).
 */
export function languageCookies(baseUrl: string, language: string) {
  if (language === 'en') return [];
  return [
    { domain: new URL(baseUrl).hostname, path: '/', name: COOKIE_NAMES.language, value: language },
  ];
}

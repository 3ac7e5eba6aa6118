import {
  type AuthResponse,
  COOKIE_NAMES,
  SESSION_TTL_SECONDS,
  type SessionUser,
} from '@hearth/contract';
import { readCookie, removeCookie, writeCookie } from './cookies';

/** The session user kept in the `user` cookie: the login/register answer without its message. */
export function readSessionUser(): SessionUser | null {
  const raw = readCookie(COOKIE_NAMES.user);
  if (!raw) return null;
  try {
    const parsed: unknown = JSON.parse(decodeURIComponent(raw));
    if (parsed && typeof parsed === 'object' && typeof (parsed as SessionUser).token === 'string') {
      return parsed as SessionUser;
    }
  } catch {
    // A damaged cookie means no session, not a crash.
  }
  return null;
}

/** Stores the answer of login or register; the `message` field is not part of the session. */
export function storeSessionUser(answer: AuthResponse | SessionUser): SessionUser {
  const { message: _message, ...user } = answer as AuthResponse;
  // The cookie lives as long as the token it carries.
  writeCookie(COOKIE_NAMES.user, encodeURIComponent(JSON.stringify(user)), SESSION_TTL_SECONDS);
  return user;
}

export function patchSessionUser(patch: Partial<SessionUser>): void {
  const user = readSessionUser();
  if (user) storeSessionUser({ ...user, ...patch });
}

export function clearSessionUser(): void {
  removeCookie(COOKIE_NAMES.user);
}

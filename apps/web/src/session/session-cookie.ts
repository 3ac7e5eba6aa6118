import {
  type AuthResponse,
  COOKIE_NAMES,
  ROLES,
  type Role,
  SESSION_TTL_SECONDS,
  type SessionUser,
} from '@hearth/contract';
import { readCookie, removeCookie, writeCookie } from './cookies';

/**
 * The session user kept in the `user` cookie: the login/register answer without its message. A
 * session stored before roles existed carries none: that member is a `member` (they get their
 * real role at their next login).
 */
export function readSessionUser(): SessionUser | null {
  const raw = readCookie(COOKIE_NAMES.user);
  if (!raw) return null;
  try {
    const parsed: unknown = JSON.parse(decodeURIComponent(raw));
    if (parsed && typeof parsed === 'object' && typeof (parsed as SessionUser).token === 'string') {
      const user = parsed as SessionUser;
      return { ...user, role: knownRole(user.role) };
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

function knownRole(role: unknown): Role {
  return ROLES.includes(role as Role) ? (role as Role) : 'member';
}

export function patchSessionUser(patch: Partial<SessionUser>): void {
  const user = readSessionUser();
  if (user) storeSessionUser({ ...user, ...patch });
}

export function clearSessionUser(): void {
  removeCookie(COOKIE_NAMES.user);
}

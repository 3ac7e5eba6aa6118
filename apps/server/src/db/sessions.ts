import type { Insertable, Selectable } from 'kysely';

export const SESSIONS = 'sessions';

/**
 * One row per open session: a login or sign-up opens it, its token names it, and ending it
 * deletes it (logout, 'Log out of all devices', a password reset). Rows past `expires_at` are
 * refused like ended ones and deleted by the purge job.
 */
export interface SessionsTable {
  id: string;
  user_id: string;
  created_at: string;
  /** When the token naming it expires (SESSION_TTL_SECONDS after `created_at`). */
  expires_at: string;
  /** The browser's User-Agent at login (at most 512 characters), named as a device on reading. */
  user_agent: string | null;
  /** The IP address the session last came from (updated with `last_active_at`). */
  ip: string | null;
  /** Written at login, then at most once a minute (SESSION_ACTIVITY_WRITE_MS). */
  last_active_at: string | null;
}

export type SessionRow = Selectable<SessionsTable>;
export type NewSession = Insertable<SessionsTable>;

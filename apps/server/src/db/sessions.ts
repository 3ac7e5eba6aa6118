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
}

export type SessionRow = Selectable<SessionsTable>;
export type NewSession = Insertable<SessionsTable>;

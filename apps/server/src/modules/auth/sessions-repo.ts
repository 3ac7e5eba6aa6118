import type { Db } from '../../db/database.js';
import type { SessionRow } from '../../db/sessions.js';

/**
 * Notes that a session was just used (and from which address), unless that was noted since
 * `cutoffIso`: one conditional statement, so two requests racing past the check in
 * `authenticate` still write once. Answers whether it wrote.
 */
export async function noteSessionActivity(
  db: Db,
  sessionId: string,
  seen: { nowIso: string; cutoffIso: string; ip: string | undefined },
): Promise<boolean> {
  const result = await db
    .updateTable('sessions')
    .set({ last_active_at: seen.nowIso, ...(seen.ip ? { ip: seen.ip } : {}) })
    .where('id', '=', sessionId)
    .where((eb) =>
      eb.or([eb('last_active_at', 'is', null), eb('last_active_at', '<', seen.cutoffIso)]),
    )
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** The member's sessions not yet expired, the most recently active first. */
export function liveSessionsOf(
  db: Db,
  userId: string,
  nowIso: string,
): Promise<Pick<SessionRow, 'id' | 'created_at' | 'user_agent' | 'ip' | 'last_active_at'>[]> {
  return db
    .selectFrom('sessions')
    .select(['id', 'created_at', 'user_agent', 'ip', 'last_active_at'])
    .where('user_id', '=', userId)
    .where('expires_at', '>', nowIso)
    .orderBy((eb) => eb.fn.coalesce('last_active_at', 'created_at'), 'desc')
    .orderBy('id', 'desc')
    .execute();
}

/**
 * Ends one session of the member's (its row goes, and its IP address with it). False when the
 * member has no such session: someone else's, unknown, or already ended.
 */
export async function endOwnSession(db: Db, userId: string, sessionId: string): Promise<boolean> {
  const result = await db
    .deleteFrom('sessions')
    .where('id', '=', sessionId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

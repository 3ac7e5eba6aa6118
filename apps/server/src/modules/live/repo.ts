import type { Db } from '../../db/database.js';

/**
 * Which of these members follow the author: one index probe per candidate
 * (`follows`' primary key), so the cost follows the connected members, not the followers.
 */
export async function followersAmong(
  db: Db,
  authorId: string,
  memberIds: readonly string[],
): Promise<string[]> {
  if (memberIds.length === 0) return [];
  const rows = await db
    .selectFrom('follows')
    .select('follower_id')
    .where('followee_id', '=', authorId)
    .where('follower_id', 'in', memberIds)
    .execute();
  return rows.map((row) => row.follower_id);
}

/** Which of these sessions still live (not ended, not expired). */
export async function liveSessionsAmong(
  db: Db,
  sessionIds: readonly string[],
  nowIso: string,
): Promise<Set<string>> {
  if (sessionIds.length === 0) return new Set();
  const rows = await db
    .selectFrom('sessions')
    .select('id')
    .where('id', 'in', sessionIds)
    .where('expires_at', '>', nowIso)
    .execute();
  return new Set(rows.map((row) => row.id));
}

import type { Db } from '../../db/database.js';

/** Whether `blockerId` blocked `blockedId` (one direction; the primary key). */
export async function hasBlocked(db: Db, blockerId: string, blockedId: string): Promise<boolean> {
  const row = await db
    .selectFrom('blocks')
    .select('blocker_id')
    .where('blocker_id', '=', blockerId)
    .where('blocked_id', '=', blockedId)
    .executeTakeFirst();
  return row !== undefined;
}

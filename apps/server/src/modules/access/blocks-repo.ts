import type { Db } from '../../db/database.js';

/** Adds the block; false when it was already there. */
export async function insertBlockIfAbsent(
  db: Db,
  blockerId: string,
  blockedId: string,
  nowIso: string,
): Promise<boolean> {
  const result = await db
    .insertInto('blocks')
    .values({ blocker_id: blockerId, blocked_id: blockedId, created_at: nowIso })
    .onConflict((oc) => oc.columns(['blocker_id', 'blocked_id']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0n) === 1;
}

/** Removes the block; false when there was none. */
export async function deleteBlock(db: Db, blockerId: string, blockedId: string): Promise<boolean> {
  const result = await db
    .deleteFrom('blocks')
    .where('blocker_id', '=', blockerId)
    .where('blocked_id', '=', blockedId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

export interface BlockedMemberRow {
  id: string;
  username: string;
  picture: string;
  first_name: string;
  last_name: string;
  created_at: string;
}

/** The members `blockerId` blocked, most recent first. */
export function blockedBy(db: Db, blockerId: string): Promise<BlockedMemberRow[]> {
  return db
    .selectFrom('blocks as b')
    .innerJoin('users as u', 'u.id', 'b.blocked_id')
    .select(['u.id', 'u.username', 'u.picture', 'u.first_name', 'u.last_name', 'b.created_at'])
    .where('b.blocker_id', '=', blockerId)
    .orderBy('b.created_at', 'desc')
    .orderBy('u.id', 'desc')
    .execute();
}

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

import { type Db, engineOf } from '../../db/database.js';
import type { FriendshipRow } from '../../db/friendships.js';

/** The key of a pair of members: the two ids in order, whoever acts. */
export interface Pair {
  low_id: string;
  high_id: string;
}

export function pairOf(a: string, b: string): Pair {
  return a < b ? { low_id: a, high_id: b } : { low_id: b, high_id: a };
}

/** The pair's relation, if any (read only). */
export function findPair(db: Db, pair: Pair): Promise<FriendshipRow | undefined> {
  return db
    .selectFrom('friendships')
    .selectAll()
    .where('low_id', '=', pair.low_id)
    .where('high_id', '=', pair.high_id)
    .executeTakeFirst();
}

/**
 * The pair's relation, locked until the transaction ends on PostgreSQL so every change to one
 * pair queues up (SQLite runs one writer at a time anyway).
 */
export function lockPair(db: Db, pair: Pair): Promise<FriendshipRow | undefined> {
  let query = db
    .selectFrom('friendships')
    .selectAll()
    .where('low_id', '=', pair.low_id)
    .where('high_id', '=', pair.high_id);
  if (engineOf(db) === 'postgres') query = query.forUpdate();
  return query.executeTakeFirst();
}

/** Records `requesterId`'s request; false when the pair already has a relation. */
export async function insertRequestIfAbsent(
  db: Db,
  pair: Pair,
  requesterId: string,
  nowIso: string,
): Promise<boolean> {
  const result = await db
    .insertInto('friendships')
    .values({
      ...pair,
      requester_id: requesterId,
      status: 'requested',
      created_at: nowIso,
      updated_at: nowIso,
    })
    .onConflict((oc) => oc.columns(['low_id', 'high_id']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0n) === 1;
}

export async function makeFriends(db: Db, pair: Pair, nowIso: string): Promise<void> {
  await db
    .updateTable('friendships')
    .set({ status: 'friends', updated_at: nowIso })
    .where('low_id', '=', pair.low_id)
    .where('high_id', '=', pair.high_id)
    .execute();
}

export async function deletePair(db: Db, pair: Pair): Promise<void> {
  await db
    .deleteFrom('friendships')
    .where('low_id', '=', pair.low_id)
    .where('high_id', '=', pair.high_id)
    .execute();
}

export async function isFollowing(db: Db, followerId: string, followeeId: string) {
  const row = await db
    .selectFrom('follows')
    .select('follower_id')
    .where('follower_id', '=', followerId)
    .where('followee_id', '=', followeeId)
    .executeTakeFirst();
  return row !== undefined;
}

export async function insertFollowIfAbsent(
  db: Db,
  followerId: string,
  followeeId: string,
  nowIso: string,
): Promise<void> {
  await db
    .insertInto('follows')
    .values({ follower_id: followerId, followee_id: followeeId, created_at: nowIso })
    .onConflict((oc) => oc.columns(['follower_id', 'followee_id']).doNothing())
    .execute();
}

export async function deleteFollow(db: Db, followerId: string, followeeId: string) {
  await db
    .deleteFrom('follows')
    .where('follower_id', '=', followerId)
    .where('followee_id', '=', followeeId)
    .execute();
}

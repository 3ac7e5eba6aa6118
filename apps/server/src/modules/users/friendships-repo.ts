import { type RawBuilder, type SqlBool, sql } from 'kysely';
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

/**
 * The pair become friends. Their follow rows say so (`follows.friend`, what the feed reads for
 * friends-only posts): every write to a pair's relation or follows runs with the pair locked, so
 * the flag always equals the relation.
 */
export async function makeFriends(db: Db, pair: Pair, nowIso: string): Promise<void> {
  await db
    .updateTable('friendships')
    .set({ status: 'friends', updated_at: nowIso })
    .where('low_id', '=', pair.low_id)
    .where('high_id', '=', pair.high_id)
    .execute();
  await setFollowFriendFlags(db, pair, 1);
}

/** The pair's relation ends; their follow rows, if any stay, no longer say friends. */
export async function deletePair(db: Db, pair: Pair): Promise<void> {
  await db
    .deleteFrom('friendships')
    .where('low_id', '=', pair.low_id)
    .where('high_id', '=', pair.high_id)
    .execute();
  await setFollowFriendFlags(db, pair, 0);
}

async function setFollowFriendFlags(db: Db, pair: Pair, friend: 0 | 1): Promise<void> {
  await db
    .updateTable('follows')
    .set({ friend })
    .where((eb) =>
      eb.or([
        eb.and([eb('follower_id', '=', pair.low_id), eb('followee_id', '=', pair.high_id)]),
        eb.and([eb('follower_id', '=', pair.high_id), eb('followee_id', '=', pair.low_id)]),
      ]),
    )
    .where('friend', '<>', friend)
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
  const pair = pairOf(followerId, followeeId);
  await db
    .insertInto('follows')
    .values({
      follower_id: followerId,
      followee_id: followeeId,
      created_at: nowIso,
      // Whether the two are friends now (the caller holds the pair: see makeFriends).
      friend: sql<number>`(select count(*) from friendships as fr
        where fr.low_id = ${pair.low_id} and fr.high_id = ${pair.high_id}
          and fr.status = 'friends')`,
    })
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

/** A member in SQL: a bound id, or a reference to a column holding one (`sql.ref`). */
type MemberOperand = string | RawBuilder<unknown>;

/** SQL: the `friendships` row under `alias` is the pair of `a` and `b` (two key probes). */
function isPairOf(alias: string, a: MemberOperand, b: MemberOperand): RawBuilder<SqlBool> {
  const low = sql.ref(`${alias}.low_id`);
  const high = sql.ref(`${alias}.high_id`);
  return sql<SqlBool>`((${low} = ${a} and ${high} = ${b}) or (${low} = ${b} and ${high} = ${a}))`;
}

/** SQL: `a` and `b` are friends (a probe of the pair's key). */
export function areFriends(a: MemberOperand, b: MemberOperand): RawBuilder<SqlBool> {
  return sql<SqlBool>`exists (select 1 from friendships as af
    where af.status = 'friends' and ${isPairOf('af', a, b)})`;
}

/**
 * SQL: `callerId` is a friend of one of the friends of the member in `memberColumn`. The
 * member's friends come from the key (as the low side) and `friendships_high_id` (as the high
 * side), and each is probed by the pair's key with the caller: no scan of anyone else's rows.
 */
function friendOfAFriend(callerId: string, memberColumn: string): RawBuilder<SqlBool> {
  const member = sql.ref(memberColumn);
  const viaFriend = (own: 'low_id' | 'high_id', other: 'low_id' | 'high_id') =>
    sql<SqlBool>`exists (select 1 from friendships as mf
      where ${sql.ref(`mf.${own}`)} = ${member} and mf.status = 'friends'
        and ${areFriends(sql.ref(`mf.${other}`), callerId)})`;
  return sql<SqlBool>`(${viaFriend('low_id', 'high_id')} or ${viaFriend('high_id', 'low_id')})`;
}

/**
 * SQL, 1 or 0: the member under `alias` (a `users` row) takes a friend request from
 * `callerId` under their privacy setting: from everyone; else from someone already related to
 * them (a request they sent is still accepted by addFriend) or a friend of one of their friends.
 * Each step is read only when the one before did not decide.
 */
export function acceptsRequestsFrom(callerId: string, alias: string): RawBuilder<number> {
  const member = `${alias}.id`;
  return sql<number>`case
    when ${sql.ref(`${alias}.friend_requests_from`)} = 'everyone' then 1
    when exists (select 1 from friendships as rf
      where ${isPairOf('rf', sql.ref(member), callerId)}) then 1
    when ${friendOfAFriend(callerId, member)} then 1
    else 0 end`;
}

/** Whether the member takes a friend request from the caller (one statement; see above). */
export async function memberAcceptsRequest(
  db: Db,
  memberId: string,
  callerId: string,
): Promise<boolean> {
  const row = await db
    .selectFrom('users as u')
    .select(acceptsRequestsFrom(callerId, 'u').as('accepts'))
    .where('u.id', '=', memberId)
    .executeTakeFirst();
  return Number(row?.accepts ?? 0) === 1;
}

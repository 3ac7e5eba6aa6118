import { type RawBuilder, sql } from 'kysely';
import type { Db } from '../../db/database.js';
import type { FriendshipStatus } from '../../db/friendships.js';
import { searchKeysOf } from '../../db/search-keys.js';
import type { UserRow } from '../../db/users.js';
import { notSuspended, type Viewer, visibleMember } from '../access/visibility.js';
import { acceptsRequestsFrom, areFriends } from './friendships-repo.js';
import type { PrivacyColumns } from './present.js';

/**
 * The columns a profile shows of its owner, and what the viewer may do or see there: whether
 * they muted the owner, whether the owner takes a friend request from them, whether the owner's
 * friends list is shown to them (each 1 or 0).
 */
export type ProfileOwnerRow = Pick<
  UserRow,
  'id' | 'username' | 'first_name' | 'last_name' | 'picture' | 'cover' | 'gender' | 'details'
> & { muted: number; accepts_requests: number; friends_shown: number };

/** A member related to another one, with the relation. */
export interface RelatedMemberRow {
  id: string;
  username: string;
  picture: string;
  first_name: string;
  last_name: string;
  requester_id: string;
  status: FriendshipStatus;
  updated_at: string;
}

/**
 * The member with that username, unless a block stands between them and the viewer (or they
 * are an applicant still waiting for approval).
 */
export function findProfileOwner(
  db: Db,
  viewer: Viewer,
  username: string,
): Promise<ProfileOwnerRow | undefined> {
  return (
    db
      .selectFrom('users as u')
      .select([
        'u.id',
        'u.username',
        'u.first_name',
        'u.last_name',
        'u.picture',
        'u.cover',
        'u.gender',
        'u.details',
        sql<number>`case when exists (select 1 from mutes as vm
        where vm.muter_id = ${viewer.id} and vm.muted_id = u.id) then 1 else 0 end`.as('muted'),
        acceptsRequestsFrom(viewer.id, 'u').as('accepts_requests'),
        friendsListShown(viewer.id, 'u').as('friends_shown'),
      ])
      .where('u.username', '=', username)
      // An applicant waiting for approval is not a member yet: unknown, like any missing name.
      .where('u.pending', '=', 0)
      .where(visibleMember(viewer, 'u.id'))
      .executeTakeFirst()
  );
}

/**
 * SQL, 1 or 0: the friends list of the member under `alias` (a `users` row) is shown to the
 * viewer under the member's privacy setting: to everyone, to their friends, or to them alone.
 */
function friendsListShown(viewerId: string, alias: string): RawBuilder<number> {
  const member = sql.ref(`${alias}.id`);
  const setting = sql.ref(`${alias}.friends_list_visible_to`);
  return sql<number>`case
    when ${member} = ${viewerId} or ${setting} = 'public' then 1
    when ${setting} = 'friends' and ${areFriends(member, viewerId)} then 1
    else 0 end`;
}

/** Whether a member has this id; an applicant waiting for approval is not a member yet. */
export async function memberExists(db: Db, id: string): Promise<boolean> {
  const row = await db
    .selectFrom('users')
    .select('id')
    .where('id', '=', id)
    .where('pending', '=', 0)
    .executeTakeFirst();
  return row !== undefined;
}

type Side = 'low_id' | 'high_id';

/** The member's relations as (other_id, requester_id, status, updated_at): either side of the pair. */
function relationsOf(db: Db, memberId: string, status?: FriendshipStatus) {
  const side = (own: Side, other: Side) => {
    let query = db
      .selectFrom('friendships')
      .select([`${other} as other_id`, 'requester_id', 'status', 'updated_at'])
      .where(own, '=', memberId);
    if (status) query = query.where('status', '=', status);
    return query;
  };
  return side('low_id', 'high_id').unionAll(side('high_id', 'low_id'));
}

/**
 * Everyone the member has a relation with (a request either way, or a friendship), most recent
 * change first, in one query: the member sits on either side of the ordered pair. With `limit`,
 * only the most recent ones are joined with their member rows. With `viewer`, only members that
 * viewer may see (a profile's friends seen by someone else).
 */
export function relatedMembers(
  db: Db,
  memberId: string,
  status?: FriendshipStatus,
  limit?: number,
  viewer?: Viewer,
): Promise<RelatedMemberRow[]> {
  let relations = db
    .selectFrom(relationsOf(db, memberId, status).as('r'))
    .selectAll()
    .orderBy('r.updated_at', 'desc')
    .orderBy('r.other_id');
  // A suspended member shows in no one's lists (visibleMember says so for a viewer's).
  relations = relations.where(
    viewer ? visibleMember(viewer, 'r.other_id') : notSuspended('r.other_id'),
  );
  if (limit !== undefined) relations = relations.limit(limit);
  return db
    .selectFrom(relations.as('f'))
    .innerJoin('users as u', 'u.id', 'f.other_id')
    .select([
      'u.id',
      'u.username',
      'u.picture',
      'u.first_name',
      'u.last_name',
      'f.requester_id',
      'f.status',
      'f.updated_at',
    ])
    .orderBy('f.updated_at', 'desc')
    .orderBy('u.id')
    .execute();
}

/** How many friends the member has. */
export async function countFriends(db: Db, memberId: string): Promise<number> {
  const row = await db
    .selectFrom(relationsOf(db, memberId, 'friends').as('r'))
    .select((eb) => eb.fn.countAll().as('count'))
    .where(notSuspended('r.other_id'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export async function updateDetails(db: Db, memberId: string, details: string, nowIso: string) {
  await db
    .updateTable('users')
    .set({ details, updated_at: nowIso })
    .where('id', '=', memberId)
    .execute();
}

/**
 * The member's first and last name with the search keys made of them (db/search-keys.ts), so
 * the search finds the new name, and no longer the old one, from this statement on.
 */
export async function updateName(
  db: Db,
  memberId: string,
  names: Pick<UserRow, 'first_name' | 'last_name'>,
  nowIso: string,
): Promise<void> {
  await db
    .updateTable('users')
    .set({ ...names, ...searchKeysOf(names), updated_at: nowIso })
    .where('id', '=', memberId)
    .execute();
}

/** The language the member's screens and mails are in (a code the schema checked). */
export async function updateLanguage(
  db: Db,
  memberId: string,
  language: string,
  nowIso: string,
): Promise<void> {
  await db
    .updateTable('users')
    .set({ language, updated_at: nowIso })
    .where('id', '=', memberId)
    .execute();
}

export async function updatePictureColumn(
  db: Db,
  memberId: string,
  column: 'picture' | 'cover',
  url: string,
  nowIso: string,
): Promise<void> {
  await db
    .updateTable('users')
    .set({ [column]: url, updated_at: nowIso })
    .where('id', '=', memberId)
    .execute();
}

/** Stores the settings given (others as they are); answers all of them as stored now. */
export function updatePrivacy(
  db: Db,
  memberId: string,
  changes: Partial<PrivacyColumns>,
  nowIso: string,
): Promise<PrivacyColumns | undefined> {
  return db
    .updateTable('users')
    .set({ ...changes, updated_at: nowIso })
    .where('id', '=', memberId)
    .returning(['default_audience', 'friend_requests_from', 'friends_list_visible_to'])
    .executeTakeFirst();
}

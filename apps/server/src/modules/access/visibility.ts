import type { Audience } from '@hearth/contract';
import { type RawBuilder, type SqlBool, sql } from 'kysely';
import type { Db } from '../../db/database.js';

/**
 * Who sees what (API.md): the one rule deciding whether a viewer may see a post, a comment or a
 * member, written once. List queries put these predicates in their WHERE clause (each a `not
 * exists`/`exists` of primary-key probes, the viewer's id its only bound value, never a list);
 * single reads and live routing ask `canSeePost` with the relation they read. docs/architecture.md,
 * "Who sees what", says how to add a read path without a leak.
 */

/** Whoever reads: a signed-in member, loaded once per request with the session (and per socket). */
export interface Viewer {
  readonly id: string;
  /**
   * Whether any block names the viewer, either way. Without one, the block clauses are left out
   * of the viewer's queries and the shared cards need no filtering (most members block no one).
   */
  readonly hasBlocks: boolean;
}

/** The relation between a viewer and a post's author that the rule depends on. */
export interface Relation {
  friends: boolean;
  /** A block either way. */
  blocked: boolean;
}

/** What the rule reads of a post. */
export interface PostFacts {
  user_id: string;
  audience: string;
  deleted_at: string | null;
  /** Whether its author is suspended (`authorSuspended` in SQL). */
  author_suspended: boolean;
}

/** The audiences every member of this server reaches. */
const EVERY_MEMBER: readonly string[] = ['public', 'members'] satisfies Audience[];

/**
 * A post is "live" while it is not in trash (a moderator's removal puts it there too) and its
 * author is not suspended; nothing else is ever shown to anyone, its author included.
 */
export function isLive(post: Pick<PostFacts, 'deleted_at' | 'author_suspended'>): boolean {
  return post.deleted_at === null && !post.author_suspended;
}

/** Whether `viewer` may see `post`, given their relation with its author. */
export function canSeePost(viewer: Viewer, post: PostFacts, relation: Relation): boolean {
  if (!isLive(post)) return false;
  if (post.user_id === viewer.id) return true;
  if (relation.blocked) return false;
  if (EVERY_MEMBER.includes(post.audience)) return true;
  return post.audience === 'friends' && relation.friends;
}

/**
 * SQL: the member in `memberColumn` is not suspended: a primary-key probe into `suspensions`,
 * a table nearly always tiny, so every author and member shown pays one cheap lookup.
 */
export function notSuspended(memberColumn: string): RawBuilder<SqlBool> {
  return sql<SqlBool>`not ${suspensionOf(sql.ref(memberColumn))}`;
}

/** SQL: the member whose id is `memberId` (a bound value) is not suspended; `notSuspended`'s probe. */
export function notSuspendedId(memberId: string): RawBuilder<SqlBool> {
  return sql<SqlBool>`not ${suspensionOf(memberId)}`;
}

/** SQL (a value, 1 or 0 on SQLite, a boolean on PostgreSQL): the member in `memberColumn` is suspended. */
export function authorSuspended(memberColumn: string): RawBuilder<unknown> {
  return suspensionOf(sql.ref(memberColumn));
}

/** The one probe of `suspensions` (its primary key) for a member, given as a column or a value. */
function suspensionOf(member: unknown): RawBuilder<unknown> {
  return sql`exists (select 1 from suspensions as vs where vs.user_id = ${member})`;
}

/** SQL: the live-post condition on `posts` under `alias` (`isLive`). */
export function livePost(alias: string): RawBuilder<SqlBool> {
  return sql<SqlBool>`(${sql.ref(`${alias}.deleted_at`)} is null and ${notSuspended(`${alias}.user_id`)})`;
}

/**
 * SQL: the comment under `alias` (a `comments` row) was not removed by a moderator and its
 * author is not suspended: such a comment is shown to no one and counts nowhere.
 */
export function liveComment(alias: string): RawBuilder<SqlBool> {
  return sql<SqlBool>`(${sql.ref(`${alias}.removed_at`)} is null and ${notSuspended(`${alias}.user_id`)})`;
}

/** SQL: no block between the viewer and the member in `memberColumn`, either way. */
export function noBlockWith(viewer: Viewer, memberColumn: string): RawBuilder<SqlBool> {
  if (!viewer.hasBlocks) return sql<SqlBool>`1 = 1`;
  return noBlockBetween(viewer.id, memberColumn);
}

/**
 * The viewer's id in a predicate: a bound value (a request's member), or a column of the query
 * when one statement decides for many members at once (`visiblePostToMemberIn`).
 */
type ViewerId = string | RawBuilder<unknown>;

function noBlockBetween(viewerId: ViewerId, memberColumn: string): RawBuilder<SqlBool> {
  const member = sql.ref(memberColumn);
  return sql<SqlBool>`(not exists (select 1 from blocks as vb
      where vb.blocker_id = ${viewerId} and vb.blocked_id = ${member})
    and not exists (select 1 from blocks as vb
      where vb.blocker_id = ${member} and vb.blocked_id = ${viewerId}))`;
}

/**
 * SQL: the viewer may see the post under `alias` (a `posts` row): live, and theirs, or shared
 * with every member, or with the author's friends when the viewer is one; never across a block.
 */
export function visiblePost(viewer: Viewer, alias: string): RawBuilder<SqlBool> {
  return postVisibleTo(viewer.id, noBlockWith(viewer, `${alias}.user_id`), alias);
}

/**
 * SQL: `visiblePost` for the member whose id is in `viewerColumn`, so one statement decides for
 * many members at once (a post's subscribers when a comment is added); blocks always checked.
 */
export function visiblePostToMemberIn(viewerColumn: string, alias: string): RawBuilder<SqlBool> {
  const viewerId = sql.ref(viewerColumn);
  return postVisibleTo(viewerId, noBlockBetween(viewerId, `${alias}.user_id`), alias);
}

function postVisibleTo(
  viewerId: ViewerId,
  noBlock: RawBuilder<SqlBool>,
  alias: string,
): RawBuilder<SqlBool> {
  const author = sql.ref(`${alias}.user_id`);
  const audience = sql.ref(`${alias}.audience`);
  return sql<SqlBool>`(${livePost(alias)} and (${author} = ${viewerId} or (
    (${audience} in ('public', 'members') or (${audience} = 'friends' and exists (
      select 1 from friendships as vf where vf.status = 'friends'
        and ((vf.low_id = ${author} and vf.high_id = ${viewerId})
          or (vf.low_id = ${viewerId} and vf.high_id = ${author})))))
    and ${noBlock})))`;
}

/**
 * SQL: `visiblePost` for a post read through the viewer's author list (the feed), whose rows
 * carry `friendColumn`: the follow row's `friend` flag (1 while viewer and author are friends,
 * kept equal to the relation by the friendships repo in the pair's transactions; the viewer's
 * own row says 1). The same rule, with the friendship read from the list instead of probed per
 * post, and the author's suspension too: the list must hold only authors `notSuspended` (one
 * probe per author instead of one per candidate post; `posts/repo.ts feedIds`). A block removes
 * the follows both ways and no follow is made across one, so the block clauses, kept for viewers
 * with a block, never remove a row here in practice.
 */
export function visibleFollowedPost(
  viewer: Viewer,
  alias: string,
  friendColumn: string,
): RawBuilder<SqlBool> {
  const author = sql.ref(`${alias}.user_id`);
  const audience = sql.ref(`${alias}.audience`);
  return sql<SqlBool>`(${sql.ref(`${alias}.deleted_at`)} is null and (${author} = ${viewer.id} or (
    (${audience} in ('public', 'members') or (${audience} = 'friends' and ${sql.ref(friendColumn)} = 1))
    and ${noBlockWith(viewer, `${alias}.user_id`)})))`;
}

/**
 * SQL: the viewer may see the comment under `alias` (a `comments` row) of a post they may see:
 * its author is not blocked either way (their own comments always show).
 */
export function visibleCommentAuthor(viewer: Viewer, alias: string): RawBuilder<SqlBool> {
  return noBlockWith(viewer, `${alias}.user_id`);
}

/**
 * SQL: the viewer may see the member in `idColumn` (search, friends lists, notifications,
 * reactions): no block either way, and not suspended.
 */
export function visibleMember(viewer: Viewer, idColumn: string): RawBuilder<SqlBool> {
  return sql<SqlBool>`(${notSuspended(idColumn)} and ${noBlockWith(viewer, idColumn)})`;
}

/** Whether a block stands between the two members, either way (two primary-key probes). */
export async function blockedEitherWay(db: Db, a: string, b: string): Promise<boolean> {
  const row = await db
    .selectFrom('blocks')
    .select('blocker_id')
    .where((eb) =>
      eb.or([
        eb.and([eb('blocker_id', '=', a), eb('blocked_id', '=', b)]),
        eb.and([eb('blocker_id', '=', b), eb('blocked_id', '=', a)]),
      ]),
    )
    .executeTakeFirst();
  return row !== undefined;
}

/** Every member the viewer blocked or is blocked by (the card filter and live routing). */
export async function blockedSetOf(db: Db, viewerId: string): Promise<Set<string>> {
  const rows = await db
    .selectFrom('blocks')
    .select('blocked_id as id')
    .where('blocker_id', '=', viewerId)
    .unionAll(db.selectFrom('blocks').select('blocker_id as id').where('blocked_id', '=', viewerId))
    .execute();
  return new Set(rows.map((row) => row.id));
}

/** The viewer of a member row read with the session (`has_blocks` from `findMemberInSession`). */
export function viewerOfMember(member: { id: string; has_blocks?: unknown }): Viewer {
  return { id: member.id, hasBlocks: Boolean(Number(member.has_blocks ?? 1)) };
}

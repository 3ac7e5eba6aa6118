import {
  type Expression,
  expressionBuilder,
  type SelectQueryBuilder,
  type SqlBool,
  sql,
} from 'kysely';
import type { Database, Db } from '../../db/database.js';
import type { FriendshipsTable } from '../../db/friendships.js';

// What a 'Download your information' zip reads of one member: each list a keyset page at a
// time (ordered by a unique key the member's index covers, after the last row of the page
// before), so a member with years of activity never costs one giant query or its memory.

/** Another member as the zip names them: what any member sees of them, never their e-mail. */
export interface MemberRef {
  member_id: string;
  member_username: string;
  member_first_name: string;
  member_last_name: string;
}

/** The other member's columns every list naming members reads (the users table as `u`). */
const MEMBER_COLUMNS = [
  'u.id as member_id',
  'u.username as member_username',
  'u.first_name as member_first_name',
  'u.last_name as member_last_name',
] as const;

/**
 * A page of a list by `key`, a unique column: the rows after `after`, or the first ones. Given
 * to a query's `$call`, so every list pages the one way.
 */
function pageAfter(key: string, after: string | undefined, limit: number) {
  const ordered = sql.ref<string>(key);
  return <DB, TB extends keyof DB, O>(query: SelectQueryBuilder<DB, TB, O>) =>
    (after === undefined ? query : query.where(ordered, '>', after))
      .orderBy(ordered)
      .limit(limit)
      .execute();
}

/** The member's own row, e-mail and settings included. */
export function accountRow(db: Db, userId: string) {
  return db
    .selectFrom('users')
    .select([
      'id',
      'email',
      'username',
      'first_name',
      'last_name',
      'gender',
      'birth_year',
      'birth_month',
      'birth_day',
      'picture',
      'cover',
      'details',
      'default_audience',
      'friend_requests_from',
      'friends_list_visible_to',
      'role',
      'created_at',
      'updated_at',
    ])
    .where('id', '=', userId)
    .executeTakeFirst();
}

/** The member's posts by id (creation order), trashed and removed ones included. */
export function postsAfter(db: Db, userId: string, after: string | undefined, limit: number) {
  return db
    .selectFrom('posts')
    .select([
      'id',
      'type',
      'text',
      'background',
      'audience',
      'created_at',
      'edited_at',
      'deleted_at',
      'removed_at',
    ])
    .where('user_id', '=', userId)
    .$call(pageAfter('id', after, limit));
}

/** The earlier versions of these posts, oldest first. */
export function editsOfPosts(db: Db, postIds: string[]) {
  if (postIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('post_edits')
    .select(['id', 'post_id', 'text', 'background', 'created_at'])
    .where('post_id', 'in', postIds)
    .orderBy('post_id')
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

/** The photos of these earlier versions, in their order. */
export function imagesOfEdits(db: Db, editIds: string[]) {
  if (editIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('post_edit_images')
    .select(['edit_id', 'storage_key'])
    .where('edit_id', 'in', editIds)
    .orderBy('edit_id')
    .orderBy('position')
    .execute();
}

/** The member's comments, on anyone's posts, by id. */
export function commentsAfter(db: Db, userId: string, after: string | undefined, limit: number) {
  return db
    .selectFrom('comments')
    .select(['id', 'post_id', 'comment', 'image', 'created_at', 'removed_at'])
    .where('user_id', '=', userId)
    .$call(pageAfter('id', after, limit));
}

/** The member's reactions, by post (one per post). */
export function reactionsAfter(db: Db, userId: string, after: string | undefined, limit: number) {
  return db
    .selectFrom('reactions')
    .select(['post_id', 'react', 'created_at'])
    .where('user_id', '=', userId)
    .$call(pageAfter('post_id', after, limit));
}

/** The posts the member saved, by post. */
export function savedPostsAfter(db: Db, userId: string, after: string | undefined, limit: number) {
  return db
    .selectFrom('saved_posts')
    .select(['post_id', 'created_at'])
    .where('user_id', '=', userId)
    .$call(pageAfter('post_id', after, limit));
}

/** The member's conversations (API.md, Messages), by id, with who is in each. */
export function conversationsAfter(
  db: Db,
  userId: string,
  after: string | undefined,
  limit: number,
) {
  return db
    .selectFrom('conversation_members as m')
    .innerJoin('conversations as c', 'c.id', 'm.conversation_id')
    .select(['c.id', 'c.name', 'c.is_group', 'c.created_at', 'm.joined_at'])
    .where('m.user_id', '=', userId)
    .$call(pageAfter('c.id', after, limit));
}

/** The members of these conversations, as the zip names them. */
export function membersOfConversations(db: Db, conversationIds: string[]) {
  if (conversationIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('conversation_members as om')
    .innerJoin('users as u', 'u.id', 'om.user_id')
    .select(['om.conversation_id', ...MEMBER_COLUMNS])
    .where('om.conversation_id', 'in', conversationIds)
    .orderBy('om.position')
    .execute();
}

/** The messages the member sent, by id (time order). */
export function messagesAfter(db: Db, userId: string, after: string | undefined, limit: number) {
  return db
    .selectFrom('messages')
    .select(['id', 'conversation_id', 'text', 'image', 'removed', 'created_at'])
    .where('sender_id', '=', userId)
    .$call(pageAfter('id', after, limit));
}

/** The tables pairing the member with another member, one row a pair, that the zip lists. */
type PairTableName = 'follows' | 'blocks' | 'mutes' | 'friendships';

/**
 * One of the member's lists of other members, read from a pair table (aliased `p`): the column
 * holding the member, the one holding the other member (the list's order and its cursor), the
 * time the list shows of each (`created_at` unless named), and which of the member's rows the
 * list holds when not all of them.
 */
export type MemberList = {
  [T in PairTableName]: {
    table: T;
    ownColumn: Extract<keyof Database[T], `${string}_id`>;
    otherColumn: Extract<keyof Database[T], `${string}_id`>;
    sinceColumn?: Extract<keyof Database[T], `${string}_at`>;
    extraWhere?: Expression<SqlBool>;
  };
}[PairTableName];

/** A member of a list and the time the list shows of them. */
export type MemberRow = MemberRef & { since: string };

/** Whom the member follows. */
export const FOLLOWING: MemberList = {
  table: 'follows',
  ownColumn: 'follower_id',
  otherColumn: 'followee_id',
};
/** Who follows the member. */
export const FOLLOWERS: MemberList = {
  table: 'follows',
  ownColumn: 'followee_id',
  otherColumn: 'follower_id',
};
/** Whom the member blocked (not who blocked them: that is the other member's). */
export const BLOCKED: MemberList = {
  table: 'blocks',
  ownColumn: 'blocker_id',
  otherColumn: 'blocked_id',
};
/** Whom the member muted (the muted never know). */
export const MUTED: MemberList = { table: 'mutes', ownColumn: 'muter_id', otherColumn: 'muted_id' };

/** Which of the member's friendship rows: friends, or requests they sent, or requests to them. */
export type FriendshipKind = 'friends' | 'sent' | 'received';

/**
 * The member's friendship rows of one kind on one side of the pair: a row is keyed by the ordered
 * pair, so the member is its `low_id` or its `high_id`.
 */
export function friendshipList(
  userId: string,
  side: 'low' | 'high',
  kind: FriendshipKind,
): MemberList {
  const f = expressionBuilder<{ p: FriendshipsTable }, 'p'>();
  return {
    table: 'friendships',
    ownColumn: side === 'low' ? 'low_id' : 'high_id',
    otherColumn: side === 'low' ? 'high_id' : 'low_id',
    // A friendship dates from its acceptance, a request from when it was sent.
    sinceColumn: kind === 'friends' ? 'updated_at' : 'created_at',
    extraWhere:
      kind === 'friends'
        ? f('p.status', '=', 'friends')
        : f.and([
            f('p.status', '=', 'requested'),
            f('p.requester_id', kind === 'sent' ? '=' : '<>', userId),
          ]),
  };
}

/** A list of the member's, by the other member's id, with that member. */
export function membersAfter(
  db: Db,
  list: MemberList,
  userId: string,
  after: string | undefined,
  limit: number,
): Promise<MemberRow[]> {
  // The column names come from the typed list; the pair tables differ, so they are references.
  const own = sql.ref<string>(`p.${list.ownColumn}`);
  const other = sql.ref<string>(`p.${list.otherColumn}`);
  let query = db
    .selectFrom(db.dynamic.table(list.table).as('p'))
    .innerJoin('users as u', (join) => join.on('u.id', '=', other))
    .select([
      ...MEMBER_COLUMNS,
      sql.ref<string>(`p.${list.sinceColumn ?? 'created_at'}`).as('since'),
    ])
    .where(own, '=', userId);
  if (list.extraWhere) query = query.where(list.extraWhere);
  return query.$call(pageAfter(`p.${list.otherColumn}`, after, limit));
}

/** A position in a list newest first: its time, then its id. */
export interface NewestCursor {
  createdAt: string;
  id: string;
}

/**
 * A page of a list newest first (by `created_at`, then `id`, of the table aliased `alias`): the
 * rows past `before`, that is older ones and as old ones with a lower id. For a query's `$call`.
 */
function pageBefore(alias: string, before: NewestCursor | undefined, limit: number) {
  const createdAt = sql.ref<string>(`${alias}.created_at`);
  const id = sql.ref<string>(`${alias}.id`);
  const eb = expressionBuilder();
  const past =
    before &&
    eb.or([
      eb(createdAt, '<', before.createdAt),
      eb.and([eb(createdAt, '=', before.createdAt), eb(id, '<', before.id)]),
    ]);
  return <DB, TB extends keyof DB, O>(query: SelectQueryBuilder<DB, TB, O>) =>
    (past ? query.where(past) : query)
      .orderBy(createdAt, 'desc')
      .orderBy(id, 'desc')
      .limit(limit)
      .execute();
}

/** The member's search history, newest first. */
export function searchesBefore(
  db: Db,
  userId: string,
  before: NewestCursor | undefined,
  limit: number,
) {
  return db
    .selectFrom('search_history as s')
    .innerJoin('users as u', 'u.id', 's.searched_id')
    .select(['s.id', ...MEMBER_COLUMNS, 's.created_at'])
    .where('s.user_id', '=', userId)
    .$call(pageBefore('s', before, limit));
}

/** The member's notifications, newest first, with who caused each. */
export function notificationsBefore(
  db: Db,
  userId: string,
  before: NewestCursor | undefined,
  limit: number,
) {
  return db
    .selectFrom('notifications as n')
    .innerJoin('users as u', 'u.id', 'n.actor_id')
    .select([
      'n.id',
      'n.type',
      'n.post_id',
      'n.react',
      'n.comment_id',
      'n.note',
      'n.read',
      'n.created_at',
      ...MEMBER_COLUMNS,
    ])
    .where('n.user_id', '=', userId)
    .$call(pageBefore('n', before, limit));
}

/** The images the member uploaded (the originals' rows), by id. */
export function uploadsAfter(db: Db, userId: string, after: string | undefined, limit: number) {
  return db
    .selectFrom('media')
    .select([
      'id',
      'folder',
      'storage_key',
      'content_type',
      'width',
      'height',
      'bytes',
      'created_at',
    ])
    .where('owner_id', '=', userId)
    .$call(pageAfter('id', after, limit));
}

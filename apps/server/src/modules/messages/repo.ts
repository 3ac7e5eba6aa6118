import { type RawBuilder, type SqlBool, sql } from 'kysely';
import type { Db } from '../../db/database.js';
import type {
  ConversationMemberRow,
  ConversationRow,
  ConversationsTable,
  MessageRow,
  NewMessage,
} from '../../db/messages.js';
import { noBlockWith, notSuspended, type Viewer, visibleMember } from '../access/visibility.js';

/**
 * The messaging tables' queries (API.md, Messages). Who sees a conversation is said here once:
 * its current members (`conversation_members`), and for a conversation of two, only while no
 * block stands between them (`conversationShown`); a message, from the member's joining point
 * on and not from a member blocked either way (`messageShown`).
 */

/** SQL: the conversation under `alias` shows to the viewer, a member of it: a group, or a pair without a block. */
export function conversationShown(viewer: Viewer, alias: string): RawBuilder<SqlBool> {
  if (!viewer.hasBlocks) return sql<SqlBool>`1 = 1`;
  const id = sql.ref(`${alias}.id`);
  return sql<SqlBool>`(${sql.ref(`${alias}.is_group`)} = 1 or not exists (
    select 1 from conversation_members as ob where ob.conversation_id = ${id}
      and ob.user_id <> ${viewer.id} and not ${noBlockWith(viewer, 'ob.user_id')}))`;
}

/**
 * SQL: the message under `alias` shows to the viewer whose membership is under `memberAlias`:
 * sent since they joined, not by a member blocked either way, nor by a suspended one (hidden
 * everywhere while suspended, or while deleting their account).
 */
export function messageShown(
  viewer: Viewer,
  alias: string,
  memberAlias: string,
): RawBuilder<SqlBool> {
  return sql<SqlBool>`(${sql.ref(`${alias}.id`)} >= ${sql.ref(`${memberAlias}.visible_from`)}
    and ${fromVisibleSender(viewer, alias)})`;
}

/** SQL: the sender of the message under `alias` is neither blocked either way nor suspended. */
function fromVisibleSender(viewer: Viewer, alias: string): RawBuilder<SqlBool> {
  const sender = `${alias}.sender_id`;
  return sql<SqlBool>`(${noBlockWith(viewer, sender)} and ${notSuspended(sender)})`;
}

/** SQL: the message under `alias` is one of others the member under `memberAlias` has not read. */
function unreadBy(viewer: Viewer, alias: string, memberAlias: string): RawBuilder<SqlBool> {
  const sender = sql.ref(`${alias}.sender_id`);
  return sql<SqlBool>`(${messageShown(viewer, alias, memberAlias)}
    and ${sql.ref(`${alias}.id`)} > coalesce(${sql.ref(`${memberAlias}.read_message_id`)}, '')
    and (${sender} is null or ${sender} <> ${viewer.id}))`;
}

/**
 * SQL: the conversation `c` holds a message the viewer (membership `m`) may read: a request
 * waits for them only then (a request from a member now blocked or suspended does not).
 */
function holdsShownMessage(viewer: Viewer): RawBuilder<SqlBool> {
  return sql<SqlBool>`exists (select 1 from messages as rq
    where rq.conversation_id = c.id and ${messageShown(viewer, 'rq', 'm')})`;
}

/** A conversation with the viewer's membership and what the list shows of it. */
export interface ConversationListRow {
  id: string;
  name: string | null;
  is_group: number;
  last_activity_at: string;
  read_message_id: string | null;
  request: number;
  muted: number;
  /** The newest message the viewer may see. */
  last_id: string | null;
  unread_count: number | string;
}

export interface ConversationsFilter {
  folder?: 'inbox' | 'requests';
  ids?: string[];
  cursor?: { at: string; id: string };
  limit?: number;
}

/** The viewer's conversations as the list shows them, latest activity first. */
export async function conversationRows(
  db: Db,
  viewer: Viewer,
  filter: ConversationsFilter,
): Promise<ConversationListRow[]> {
  let query = db
    .selectFrom('conversation_members as m')
    .innerJoin('conversations as c', 'c.id', 'm.conversation_id')
    .where('m.user_id', '=', viewer.id)
    .where(conversationShown(viewer, 'c'))
    .select([
      'c.id',
      'c.name',
      'c.is_group',
      'c.last_activity_at',
      'm.read_message_id',
      'm.request',
      'm.muted',
      sql<string | null>`(select max(lm.id) from messages as lm
        where lm.conversation_id = c.id and ${messageShown(viewer, 'lm', 'm')})`.as('last_id'),
      sql<number | string>`(select count(*) from messages as um
        where um.conversation_id = c.id and ${unreadBy(viewer, 'um', 'm')})`.as('unread_count'),
    ]);
  if (filter.ids) query = query.where('c.id', 'in', filter.ids);
  if (filter.folder === 'inbox') {
    query = query
      .where('m.request', '=', 0)
      .where((eb) =>
        eb.or([eb('c.last_message_id', 'is not', null), eb('c.created_by', '=', viewer.id)]),
      );
  } else if (filter.folder === 'requests') {
    query = query.where('m.request', '=', 1).where(holdsShownMessage(viewer));
  }
  const { cursor } = filter;
  if (cursor) {
    query = query.where((eb) =>
      eb.or([
        eb('c.last_activity_at', '<', cursor.at),
        eb.and([eb('c.last_activity_at', '=', cursor.at), eb('c.id', '<', cursor.id)]),
      ]),
    );
  }
  query = query.orderBy('c.last_activity_at', 'desc').orderBy('c.id', 'desc');
  if (filter.limit !== undefined) query = query.limit(filter.limit);
  return query.execute();
}

/** A member as conversations show them. */
export interface MemberCardRow {
  conversation_id: string;
  user_id: string;
  read_message_id: string | null;
  username: string;
  first_name: string;
  last_name: string;
  picture: string;
}

/** The current members of these conversations, in the order they joined. */
export function membersOf(db: Db, conversationIds: string[]): Promise<MemberCardRow[]> {
  if (conversationIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('conversation_members as m')
    .innerJoin('users as u', 'u.id', 'm.user_id')
    .where('m.conversation_id', 'in', conversationIds)
    .select([
      'm.conversation_id',
      'm.user_id',
      'm.read_message_id',
      'u.username',
      'u.first_name',
      'u.last_name',
      'u.picture',
    ])
    .orderBy('m.conversation_id')
    .orderBy('m.position')
    .execute();
}

/** A message with its sender as answers show them. */
export interface MessageCardRow extends MessageRow {
  sender_username: string | null;
  sender_first_name: string | null;
  sender_last_name: string | null;
  sender_picture: string | null;
}

function messageCards(db: Db) {
  return db
    .selectFrom('messages as msg')
    .leftJoin('users as s', 's.id', 'msg.sender_id')
    .selectAll('msg')
    .select([
      's.username as sender_username',
      's.first_name as sender_first_name',
      's.last_name as sender_last_name',
      's.picture as sender_picture',
    ]);
}

export function messagesByIds(db: Db, ids: string[]): Promise<MessageCardRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return messageCards(db).where('msg.id', 'in', ids).execute();
}

/** A page of the conversation's messages the member may read, newest first, older than `before`. */
export function messagesPage(
  db: Db,
  viewer: Viewer,
  membership: Pick<ConversationMemberRow, 'conversation_id' | 'visible_from'>,
  limit: number,
  before: string | undefined,
): Promise<MessageCardRow[]> {
  let query = messageCards(db)
    .where('msg.conversation_id', '=', membership.conversation_id)
    .where('msg.id', '>=', membership.visible_from)
    .where(fromVisibleSender(viewer, 'msg'));
  if (before !== undefined) query = query.where('msg.id', '<', before);
  return query.orderBy('msg.id', 'desc').limit(limit).execute();
}

/**
 * The message and up to `around` messages before and after it in its conversation that the
 * member may read (the rule of `messagesPage`), oldest first: what a report of it keeps.
 */
export async function messagesAround(
  db: Db,
  viewer: Viewer,
  membership: Pick<ConversationMemberRow, 'conversation_id' | 'visible_from'>,
  messageId: string,
  around: number,
): Promise<MessageCardRow[]> {
  const shown = () =>
    messageCards(db)
      .where('msg.conversation_id', '=', membership.conversation_id)
      .where('msg.id', '>=', membership.visible_from)
      .where(fromVisibleSender(viewer, 'msg'));
  const [before, at, after] = await Promise.all([
    shown().where('msg.id', '<', messageId).orderBy('msg.id', 'desc').limit(around).execute(),
    shown().where('msg.id', '=', messageId).execute(),
    shown().where('msg.id', '>', messageId).orderBy('msg.id', 'asc').limit(around).execute(),
  ]);
  return [...before.reverse(), ...at, ...after];
}

/** The viewer's membership of a conversation that shows to them; undefined otherwise. */
export interface Membership extends ConversationMemberRow {
  is_group: number;
  pair_key: string | null;
}

export function findMembership(
  db: Db,
  viewer: Viewer,
  conversationId: string,
): Promise<Membership | undefined> {
  return db
    .selectFrom('conversation_members as m')
    .innerJoin('conversations as c', 'c.id', 'm.conversation_id')
    .where('m.conversation_id', '=', conversationId)
    .where('m.user_id', '=', viewer.id)
    .where(conversationShown(viewer, 'c'))
    .selectAll('m')
    .select(['c.is_group', 'c.pair_key'])
    .executeTakeFirst();
}

/** The message with the viewer's membership of its conversation, when they may read it. */
export function findShownMessage(
  db: Db,
  viewer: Viewer,
  messageId: string,
): Promise<
  { id: string; conversation_id: string; sender_id: string | null; removed: number } | undefined
> {
  return db
    .selectFrom('messages as msg')
    .innerJoin('conversation_members as m', (join) =>
      join.onRef('m.conversation_id', '=', 'msg.conversation_id').on('m.user_id', '=', viewer.id),
    )
    .innerJoin('conversations as c', 'c.id', 'msg.conversation_id')
    .where('msg.id', '=', messageId)
    .where(conversationShown(viewer, 'c'))
    .where(messageShown(viewer, 'msg', 'm'))
    .select(['msg.id', 'msg.conversation_id', 'msg.sender_id', 'msg.removed'])
    .executeTakeFirst();
}

/** Ids of the members the viewer may name (they exist, not suspended, no block either way). */
export async function nameableMembers(db: Db, viewer: Viewer, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  // Blocks are always checked: the viewer's `hasBlocks` may be stale for someone who blocked them.
  const always: Viewer = { id: viewer.id, hasBlocks: true };
  const rows = await db
    .selectFrom('users as u')
    .where('u.id', 'in', ids)
    .where(visibleMember(always, 'u.id'))
    .select('u.id')
    .execute();
  return new Set(rows.map((row) => row.id));
}

/** Which of `ids` are the member's friends. */
export async function friendsAmong(db: Db, memberId: string, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .selectFrom('friendships')
    .where('status', '=', 'friends')
    .where((eb) =>
      eb.or([
        eb.and([eb('low_id', '=', memberId), eb('high_id', 'in', ids)]),
        eb.and([eb('high_id', '=', memberId), eb('low_id', 'in', ids)]),
      ]),
    )
    .select(['low_id', 'high_id'])
    .execute();
  return new Set(rows.map((row) => (row.low_id === memberId ? row.high_id : row.low_id)));
}

export function findPairConversation(db: Db, pairKey: string): Promise<{ id: string } | undefined> {
  return db
    .selectFrom('conversations')
    .where('pair_key', '=', pairKey)
    .select('id')
    .executeTakeFirst();
}

export interface NewMembership {
  user_id: string;
  request: number;
  visible_from: string;
}

/** A new conversation; with a pair key another already holds, nothing is written (false). */
export async function insertConversation(
  db: Db,
  conversation: Omit<ConversationRow, 'last_message_id'>,
): Promise<boolean> {
  const rows = await db
    .insertInto('conversations')
    .values({ ...conversation, last_message_id: null })
    .onConflict((oc) => oc.doNothing())
    .returning('id')
    .execute();
  return rows.length > 0;
}

/** Adds members after the current ones, in this order. */
export async function insertMembers(
  db: Db,
  conversationId: string,
  joinedAt: string,
  members: NewMembership[],
): Promise<void> {
  if (members.length === 0) return;
  const last = await db
    .selectFrom('conversation_members')
    .where('conversation_id', '=', conversationId)
    .select((eb) => eb.fn.max('position').as('position'))
    .executeTakeFirst();
  const start =
    last?.position === null || last?.position === undefined ? 0 : Number(last.position) + 1;
  await db
    .insertInto('conversation_members')
    .values(
      members.map((member, index) => ({
        conversation_id: conversationId,
        position: start + index,
        joined_at: joinedAt,
        read_message_id: null,
        muted: 0,
        ...member,
      })),
    )
    .execute();
}

/** Current members' ids. */
export async function memberIdsOf(db: Db, conversationId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('conversation_members')
    .where('conversation_id', '=', conversationId)
    .select('user_id')
    .orderBy('position')
    .execute();
  return rows.map((row) => row.user_id);
}

/** Stores a message, makes it the conversation's newest; its sender has read it and replied. */
export async function insertMessage(
  db: Db,
  message: NewMessage & { sender_id: string },
): Promise<void> {
  await db.insertInto('messages').values(message).execute();
  await db
    .updateTable('conversations')
    .set({ last_message_id: message.id, last_activity_at: message.created_at })
    .where('id', '=', message.conversation_id)
    .execute();
  await db
    .updateTable('conversation_members')
    .set({ read_message_id: message.id, request: 0 })
    .where('conversation_id', '=', message.conversation_id)
    .where('user_id', '=', message.sender_id)
    .execute();
}

/** The newest message of the conversation from `visibleFrom` on. */
export async function newestMessageId(
  db: Db,
  conversationId: string,
  visibleFrom: string,
): Promise<string | undefined> {
  const row = await db
    .selectFrom('messages')
    .where('conversation_id', '=', conversationId)
    .where('id', '>=', visibleFrom)
    .select((eb) => eb.fn.max('id').as('id'))
    .executeTakeFirst();
  return row?.id ?? undefined;
}

type MembershipChange = Partial<
  Pick<ConversationMemberRow, 'read_message_id' | 'request' | 'muted'>
>;

/** Changes the member's own view of the conversation; answers whether a row changed. */
export async function updateMembership(
  db: Db,
  conversationId: string,
  userId: string,
  change: MembershipChange,
): Promise<void> {
  await db
    .updateTable('conversation_members')
    .set(change)
    .where('conversation_id', '=', conversationId)
    .where('user_id', '=', userId)
    .execute();
}

/** The member leaves; a pair loses its key, a conversation nobody is left in goes. */
export async function deleteMembership(
  db: Db,
  conversationId: string,
  userId: string,
): Promise<void> {
  await db
    .deleteFrom('conversation_members')
    .where('conversation_id', '=', conversationId)
    .where('user_id', '=', userId)
    .execute();
  await db
    .updateTable('conversations')
    .set({ pair_key: null } satisfies Partial<ConversationsTable>)
    .where('id', '=', conversationId)
    .execute();
  const left = await memberIdsOf(db, conversationId);
  if (left.length === 0)
    await db.deleteFrom('conversations').where('id', '=', conversationId).execute();
}

/** Unsends: text and image erased, shown as removed. */
export async function eraseMessage(db: Db, messageId: string): Promise<void> {
  await db
    .updateTable('messages')
    // The photo's key stays, so /media keeps hiding the file (media/references.ts: a removed
    // message's photo is used but live for no one); the text goes.
    .set({ text: '', removed: 1 })
    .where('id', '=', messageId)
    .execute();
}

/**
 * The Messenger button's figures: conversations (not muted, not requests) holding messages of
 * others after the viewer's read mark, and requests waiting for them.
 */
export async function unreadFigures(
  db: Db,
  viewer: Viewer,
): Promise<{ count: number; requests: number }> {
  const result = await sql<{ count: number | string; requests: number | string }>`select
    (select count(*) from conversation_members as m inner join conversations as c on c.id = m.conversation_id
      where m.user_id = ${viewer.id} and m.muted = 0 and m.request = 0 and ${conversationShown(viewer, 'c')}
        and exists (select 1 from messages as um where um.conversation_id = m.conversation_id
          and ${unreadBy(viewer, 'um', 'm')})) as count,
    (select count(*) from conversation_members as m inner join conversations as c on c.id = m.conversation_id
      where m.user_id = ${viewer.id} and m.request = 1 and ${holdsShownMessage(viewer)}
        and ${conversationShown(viewer, 'c')}) as requests`.execute(db);
  const row = result.rows[0];
  return { count: Number(row?.count ?? 0), requests: Number(row?.requests ?? 0) };
}

/** The messages with a photo these members sent (their accounts are being deleted). */
export async function photoMessagesOf(
  db: Db,
  senderIds: string[],
): Promise<Array<{ id: string; sender_id: string | null }>> {
  if (senderIds.length === 0) return [];
  return db
    .selectFrom('messages')
    .where('sender_id', 'in', senderIds)
    .where('image', '<>', '')
    .select(['id', 'sender_id'])
    .execute();
}

/** These messages lose their photo (its upload went with its owner's account). */
export async function erasePhotos(db: Db, messageIds: string[]): Promise<void> {
  for (let i = 0; i < messageIds.length; i += 500) {
    await db
      .updateTable('messages')
      .set({ image: '' })
      .where('id', 'in', messageIds.slice(i, i + 500))
      .execute();
  }
}

import { STAFF_ROLES } from '@hearth/contract';
import { type RawBuilder, sql } from 'kysely';
import { insertRows } from '../../db/batches.js';
import type { Db } from '../../db/database.js';
import type { NewNotification } from '../../db/notifications.js';
import {
  type Viewer,
  visibleMember,
  visiblePost,
  visiblePostToMemberIn,
} from '../access/visibility.js';

/** A notification with what its answer shows: the actor, the post's text, the comment's. */
export interface NotificationCardRow {
  id: string;
  type: string;
  post_id: string | null;
  react: string | null;
  read: number | string;
  created_at: string;
  actor_id: string;
  actor_username: string;
  actor_first_name: string;
  actor_last_name: string;
  actor_picture: string;
  post_text: string | null;
  comment_text: string | null;
  /** A moderator's reason (postRemoved, commentRemoved, warning). */
  note: string | null;
}

/** Where a page starts: below this notification in (created_at, id) order. */
export interface NotificationCursor {
  createdAt: string;
  id: string;
}

/**
 * A member's notifications that can be shown, with their actor, post and comment: the
 * visibility rule hides those of a post the member may not see (a trashed one, until the purge
 * deletes them with it) and those of an actor blocked either way.
 */
function visibleOf(db: Db, viewer: Viewer) {
  return db
    .selectFrom('notifications as n')
    .innerJoin('users as a', 'a.id', 'n.actor_id')
    .leftJoin('posts as p', 'p.id', 'n.post_id')
    .leftJoin('comments as c', 'c.id', 'n.comment_id')
    .select([
      'n.id',
      'n.type',
      'n.post_id',
      'n.react',
      'n.read',
      'n.created_at',
      'a.id as actor_id',
      'a.username as actor_username',
      'a.first_name as actor_first_name',
      'a.last_name as actor_last_name',
      'a.picture as actor_picture',
      'p.text as post_text',
      'c.comment as comment_text',
      'n.note',
    ])
    .where('n.user_id', '=', viewer.id)
    .where((eb) => eb.or([eb('n.post_id', 'is', null), visiblePost(viewer, 'p')]))
    .where(visibleMember(viewer, 'a.id'));
}

/** One page newest first, below the cursor, from the (user_id, created_at, id) index. */
export function notificationsPage(
  db: Db,
  viewer: Viewer,
  options: { limit: number; cursor: NotificationCursor | undefined },
): Promise<NotificationCardRow[]> {
  let query = visibleOf(db, viewer);
  const { cursor } = options;
  if (cursor) {
    query = query.where((eb) =>
      eb.or([
        eb('n.created_at', '<', cursor.createdAt),
        eb.and([eb('n.created_at', '=', cursor.createdAt), eb('n.id', '<', cursor.id)]),
      ]),
    );
  }
  return query
    .orderBy('n.created_at', 'desc')
    .orderBy('n.id', 'desc')
    .limit(options.limit)
    .execute();
}

export function findVisibleNotification(
  db: Db,
  viewer: Viewer,
  notificationId: string,
): Promise<NotificationCardRow | undefined> {
  return visibleOf(db, viewer).where('n.id', '=', notificationId).executeTakeFirst();
}

/** Unread and shown: notifications the visibility rule hides do not count. */
export async function countUnread(db: Db, viewer: Viewer): Promise<number> {
  const row = await db
    .selectFrom('notifications as n')
    .leftJoin('posts as p', 'p.id', 'n.post_id')
    .select((eb) => eb.fn.countAll().as('count'))
    .where('n.user_id', '=', viewer.id)
    // A literal, so PostgreSQL can match the partial index notifications_unread.
    .where(sql<boolean>`n.read = 0`)
    .where((eb) => eb.or([eb('n.post_id', 'is', null), visiblePost(viewer, 'p')]))
    .where(visibleMember(viewer, 'n.actor_id'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** Marks these (or, without ids, all) of the member's unread notifications read; how many. */
export async function markRead(
  db: Db,
  userId: string,
  ids: readonly string[] | undefined,
): Promise<number> {
  if (ids?.length === 0) return 0;
  let query = db
    .updateTable('notifications')
    .set({ read: 1 })
    .where('user_id', '=', userId)
    .where(sql<boolean>`read = 0`);
  if (ids) query = query.where('id', 'in', ids);
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/**
 * The reaction notification of (recipient, actor, post): written, or changed to this reaction,
 * unread again and moved to now. Answers its id, the same one across changes.
 */
export function upsertReactNotification(db: Db, row: NewNotification): Promise<string> {
  // Literal: the conflict target must name the partial unique index's own predicate.
  return upsertNotification(db, row, {
    columns: ['user_id', 'actor_id', 'post_id'],
    predicate: sql<boolean>`type = 'react'`,
    changesReaction: true,
  });
}

/** A friend request or acceptance, one per pair and type: a repeat is unread again and moved. */
export function upsertFriendNotification(db: Db, row: NewNotification): Promise<string> {
  return upsertNotification(db, row, {
    columns: ['user_id', 'actor_id', 'type'],
    predicate: sql<boolean>`type in ('friendRequest', 'friendAccepted')`,
    changesReaction: false,
  });
}

/**
 * Writes the notification, or, when the partial unique index of `columns` where `predicate`
 * already holds one with its key, makes that one unread again and moves it to now (with
 * `changesReaction`, to the new reaction too). Answers the id of the one kept.
 */
async function upsertNotification(
  db: Db,
  row: NewNotification,
  key: {
    columns: ('user_id' | 'actor_id' | 'post_id' | 'type')[];
    predicate: RawBuilder<boolean>;
    changesReaction: boolean;
  },
): Promise<string> {
  const { id } = await db
    .insertInto('notifications')
    .values(row)
    .onConflict((oc) =>
      oc
        .columns(key.columns)
        .where(key.predicate)
        .doUpdateSet((eb) => ({
          ...(key.changesReaction ? { react: eb.ref('excluded.react') } : {}),
          read: 0,
          created_at: eb.ref('excluded.created_at'),
        })),
    )
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

export async function insertNotification(db: Db, row: NewNotification): Promise<void> {
  await db.insertInto('notifications').values(row).execute();
}

/** Deletes the reaction notification of (recipient, actor, post); its id, if there was one. */
export async function deleteReactNotification(
  db: Db,
  key: { userId: string; actorId: string; postId: string },
): Promise<string | undefined> {
  const row = await db
    .deleteFrom('notifications')
    .where('user_id', '=', key.userId)
    .where('actor_id', '=', key.actorId)
    .where('post_id', '=', key.postId)
    .where('type', '=', 'react')
    .returning('id')
    .executeTakeFirst();
  return row?.id;
}

/** Deletes the friend request notification `actorId` sent `userId`; its id, if there was one. */
export async function deleteFriendRequestNotification(
  db: Db,
  key: { userId: string; actorId: string },
): Promise<string | undefined> {
  const row = await db
    .deleteFrom('notifications')
    .where('user_id', '=', key.userId)
    .where('actor_id', '=', key.actorId)
    .where('type', '=', 'friendRequest')
    .returning('id')
    .executeTakeFirst();
  return row?.id;
}

/** Every notification between the two members, either way (a block forgets them). */
export async function deleteNotificationsBetween(db: Db, a: string, b: string): Promise<void> {
  await db
    .deleteFrom('notifications')
    .where((eb) =>
      eb.or([
        eb.and([eb('user_id', '=', a), eb('actor_id', '=', b)]),
        eb.and([eb('user_id', '=', b), eb('actor_id', '=', a)]),
      ]),
    )
    .execute();
}

/**
 * Whether `userId` is to hear nothing of this action by `actorId`: they muted the actor, or the
 * action is on their own post `postId` and they turned its notifications off. One statement of
 * primary-key probes, in the action's transaction.
 */
export async function notificationSilenced(
  db: Db,
  key: { userId: string; actorId: string; postId: string | null },
): Promise<boolean> {
  const { userId, actorId, postId } = key;
  const row = await db
    .selectNoFrom((eb) =>
      eb
        .or([
          eb.exists(
            eb
              .selectFrom('mutes')
              .select('muter_id')
              .where('muter_id', '=', userId)
              .where('muted_id', '=', actorId),
          ),
          ...(postId === null
            ? []
            : [
                eb.exists(
                  eb
                    .selectFrom('post_notification_settings')
                    .select('notify')
                    .where('post_id', '=', postId)
                    .where('user_id', '=', userId)
                    .where(sql<boolean>`notify = 0`),
                ),
              ]),
        ])
        .as('silenced'),
    )
    .executeTakeFirstOrThrow();
  return Boolean(Number(row.silenced));
}

/**
 * The members to tell of `actorId`'s new comment on `postId` besides its author: those who turned
 * the post's notifications on, who may still see the post (the visibility rule, with each of
 * them as the viewer), with no block with the commenter either way, and who did not mute them.
 * One statement, whatever their number.
 */
export async function postSubscribersToNotify(
  db: Db,
  postId: string,
  actorId: string,
): Promise<string[]> {
  // The rule's block clauses are symmetric: "the commenter sees the subscriber" is "the
  // subscriber sees the commenter".
  const commenter: Viewer = { id: actorId, hasBlocks: true };
  const rows = await db
    .selectFrom('post_notification_settings as s')
    .innerJoin('posts as p', 'p.id', 's.post_id')
    .select('s.user_id')
    .where('s.post_id', '=', postId)
    .where(sql<boolean>`s.notify = 1`)
    .where('s.user_id', '<>', actorId)
    .whereRef('s.user_id', '<>', 'p.user_id')
    .where(visiblePostToMemberIn('s.user_id', 'p'))
    .where(visibleMember(commenter, 's.user_id'))
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('mutes as m')
            .select('m.muter_id')
            .whereRef('m.muter_id', '=', 's.user_id')
            .where('m.muted_id', '=', actorId),
        ),
      ),
    )
    .execute();
  return rows.map((row) => row.user_id);
}

/** Several notifications at once (a comment's, one per subscriber of the post). */
export async function insertNotifications(db: Db, rows: readonly NewNotification[]): Promise<void> {
  await insertRows(db, 'notifications', rows);
}

/** The moderators and admins (applicants are never staff): who hears of applications. */
export async function staffIds(db: Db): Promise<string[]> {
  const rows = await db
    .selectFrom('users')
    .select('id')
    .where('role', 'in', [...STAFF_ROLES])
    .where('pending', '=', 0)
    .execute();
  return rows.map((row) => row.id);
}

/** Removes the `application` notifications of an applicant; answers whose they were. */
export function deleteApplicationNotifications(
  db: Db,
  applicantId: string,
): Promise<{ id: string; user_id: string }[]> {
  return db
    .deleteFrom('notifications')
    .where('actor_id', '=', applicantId)
    .where('type', '=', 'application')
    .returning(['id', 'user_id'])
    .execute();
}

/**
 * Removes the notifications a comment caused (`comment`, `followedPostComment`) once a moderator
 * removed it; answers whose they were.
 */
export function deleteCommentNotifications(
  db: Db,
  commentId: string,
): Promise<{ id: string; user_id: string }[]> {
  return db
    .deleteFrom('notifications')
    .where('comment_id', '=', commentId)
    .returning(['id', 'user_id'])
    .execute();
}

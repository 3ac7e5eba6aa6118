import {
  type MarkReadInput,
  NOTIFICATION_MESSAGES,
  type Notification,
  type NotificationsQuery,
  type UnreadCount,
} from '@hearth/contract';
import { v7 as uuidv7 } from 'uuid';
import type { Db } from '../../db/database.js';
import { keysetPage, type Page } from '../../db/keyset.js';
import type { UserRow } from '../../db/users.js';
import { invalid } from '../../errors.js';
import type { EventBus } from '../../infra/bus/bus.js';
import type { EventOf } from '../../infra/bus/events.js';
import type { ImageUrls } from '../../infra/storage/image-urls.js';
import { type Viewer, viewerOfMember } from '../access/visibility.js';
import { cursorOf, toNotification } from './present.js';
import {
  countUnread,
  deleteApplicationNotifications,
  deleteCommentNotifications,
  deleteFriendRequestNotification,
  deleteNotificationsBetween,
  deleteReactNotification,
  findVisibleNotification,
  insertNotification,
  insertNotifications,
  markRead,
  type NotificationCursor,
  notificationSilenced,
  notificationsPage,
  postSubscribersToNotify,
  staffIds,
  upsertFriendNotification,
  upsertReactNotification,
} from './repo.js';

export interface NotificationsServiceDeps {
  db: Db;
  /** Image references to addresses (infra/storage/image-urls.ts). */
  imageUrls: ImageUrls;
  bus: EventBus;
}

/** What a write did to a notification, to publish once the transaction has committed. */
export type NotificationEvent = EventOf<'notification.created'> | EventOf<'notification.removed'>;

/** A change of a reaction to a post, as PostsService.react decided it. */
export interface ReactionChange {
  postId: string;
  authorId: string;
  actorId: string;
  /** The reaction now, null when it was withdrawn. */
  react: string | null;
  nowIso: string;
}

/**
 * Notifications (API.md, Notifications). The services whose actions notify call the write
 * methods inside their own transaction, so a notification exists exactly when its cause does,
 * then `publish` what they answered after the commit. One's own actions never notify, nor those
 * of a member one muted, nor anything on one's own post whose notifications one turned off
 * (API.md, Who sees what; posts/post-notifications.ts).
 */
export class NotificationsService {
  constructor(private readonly deps: NotificationsServiceDeps) {}

  /** The member's notifications that can be shown, newest first. */
  async list(member: UserRow, query: NotificationsQuery): Promise<Page<Notification>> {
    const { db, imageUrls } = this.deps;
    const cursor = query.cursor === undefined ? undefined : parseCursor(query.cursor);
    const { items, nextCursor } = await keysetPage(
      query.limit,
      (limit) => notificationsPage(db, viewerOfMember(member), { limit, cursor }),
      cursorOf,
    );
    return { items: items.map((row) => toNotification(row, imageUrls)), nextCursor };
  }

  /** One of the member's notifications as the list shows it; null when missing or hidden. */
  async one(userId: string, notificationId: string): Promise<Notification | null> {
    const row = await findVisibleNotification(this.deps.db, anyViewer(userId), notificationId);
    return row ? toNotification(row, this.deps.imageUrls) : null;
  }

  /** The bell's badge: unread notifications that can be shown. */
  unreadCount(userId: string): Promise<number> {
    return countUnread(this.deps.db, anyViewer(userId));
  }

  /** In the block's transaction: every notification between the two members goes. */
  async forgetBetween(trx: Db, a: string, b: string): Promise<void> {
    await deleteNotificationsBetween(trx, a, b);
  }

  /** Marks those of the member's notifications (or all) read; answers how many stay unread. */
  async markRead(member: UserRow, input: MarkReadInput): Promise<UnreadCount> {
    const { db, bus } = this.deps;
    const changed = await markRead(db, member.id, input.ids);
    if (changed > 0) await bus.publish({ type: 'notifications.read', userId: member.id });
    return { count: await countUnread(db, viewerOfMember(member)) };
  }

  /**
   * In the reaction's transaction: the post's author is notified of a new reaction, the same
   * notification follows a changed one (unread again, moved to now), and goes when it is withdrawn.
   */
  async reactionChanged(trx: Db, change: ReactionChange): Promise<NotificationEvent | null> {
    const { postId, authorId, actorId, react, nowIso } = change;
    if (authorId === actorId) return null;
    if (react === null) {
      const id = await deleteReactNotification(trx, { userId: authorId, actorId, postId });
      return id === undefined ? null : removed(authorId, id);
    }
    if (await notificationSilenced(trx, { userId: authorId, actorId, postId })) return null;
    const id = await upsertReactNotification(trx, {
      ...newRow(authorId, actorId, 'react', nowIso),
      post_id: postId,
      react,
    });
    return created(authorId, id);
  }

  /**
   * In the comment's transaction: the post's author is notified ('comment'), and so is each
   * member who turned the post's notifications on and may still see it ('followedPostComment').
   */
  async commented(
    trx: Db,
    comment: {
      postId: string;
      authorId: string;
      actorId: string;
      commentId: string;
      nowIso: string;
    },
  ): Promise<NotificationEvent[]> {
    const { postId, authorId, actorId, commentId, nowIso } = comment;
    const events: NotificationEvent[] = [];
    const about = { post_id: postId, comment_id: commentId };
    if (
      authorId !== actorId &&
      !(await notificationSilenced(trx, { userId: authorId, actorId, postId }))
    ) {
      const row = { ...newRow(authorId, actorId, 'comment', nowIso), ...about };
      await insertNotification(trx, row);
      events.push(created(authorId, row.id));
    }
    const subscribers = await postSubscribersToNotify(trx, postId, actorId);
    const rows = subscribers.map((userId) => ({
      ...newRow(userId, actorId, 'followedPostComment', nowIso),
      ...about,
    }));
    await insertNotifications(trx, rows);
    for (const row of rows) events.push(created(row.user_id, row.id));
    return events;
  }

  /** In the request's transaction: `toId` is notified of `fromId`'s friend request. */
  async friendRequestSent(
    trx: Db,
    request: { fromId: string; toId: string; nowIso: string },
  ): Promise<NotificationEvent | null> {
    const { fromId, toId, nowIso } = request;
    if (await notificationSilenced(trx, { userId: toId, actorId: fromId, postId: null })) {
      return null;
    }
    const id = await upsertFriendNotification(trx, newRow(toId, fromId, 'friendRequest', nowIso));
    return created(toId, id);
  }

  /** A friend request cancelled by `fromId` or declined by `toId`: its notification goes. */
  async friendRequestWithdrawn(
    trx: Db,
    request: { fromId: string; toId: string },
  ): Promise<NotificationEvent | null> {
    const { fromId, toId } = request;
    const id = await deleteFriendRequestNotification(trx, { userId: toId, actorId: fromId });
    return id === undefined ? null : removed(toId, id);
  }

  /** `accepterId` accepted `requesterId`'s friend request: the requester is notified. */
  async friendRequestAccepted(
    trx: Db,
    acceptance: { accepterId: string; requesterId: string; nowIso: string },
  ): Promise<NotificationEvent | null> {
    const { accepterId, requesterId, nowIso } = acceptance;
    const silenced = await notificationSilenced(trx, {
      userId: requesterId,
      actorId: accepterId,
      postId: null,
    });
    if (silenced) return null;
    const id = await upsertFriendNotification(
      trx,
      newRow(requesterId, accepterId, 'friendAccepted', nowIso),
    );
    return created(requesterId, id);
  }

  /**
   * In the sign-up's transaction: every moderator and admin is notified that `applicantId`
   * applied to join (approval mode).
   */
  async applicationReceived(
    trx: Db,
    application: { applicantId: string; nowIso: string },
  ): Promise<NotificationEvent[]> {
    const { applicantId, nowIso } = application;
    const rows = (await staffIds(trx)).map((userId) =>
      newRow(userId, applicantId, 'application', nowIso),
    );
    await insertNotifications(trx, rows);
    return rows.map((row) => created(row.user_id, row.id));
  }

  /** A moderator decided on the application: its notifications go, from every bell. */
  async applicationDecided(trx: Db, applicantId: string): Promise<NotificationEvent[]> {
    const removedRows = await deleteApplicationNotifications(trx, applicantId);
    return removedRows.map((row) => removed(row.user_id, row.id));
  }

  /**
   * In the report's transaction: every moderator and admin but the reporter is notified that
   * `reporterId` reported something (the queue says what).
   */
  async reportReceived(
    trx: Db,
    report: { reporterId: string; nowIso: string },
  ): Promise<NotificationEvent[]> {
    const { reporterId, nowIso } = report;
    const rows = (await staffIds(trx))
      .filter((userId) => userId !== reporterId)
      .map((userId) => newRow(userId, reporterId, 'report', nowIso));
    await insertNotifications(trx, rows);
    return rows.map((row) => created(row.user_id, row.id));
  }

  /**
   * In the moderator's transaction: the member is told what a moderator did about them
   * (`postRemoved`, `commentRemoved`, `warning`) and why (`note`). The actor is the member
   * themself: moderators stay anonymous. No post is named (a removed one is gone).
   */
  async moderated(
    trx: Db,
    action: {
      userId: string;
      type: 'postRemoved' | 'commentRemoved' | 'warning';
      note: string;
      nowIso: string;
    },
  ): Promise<NotificationEvent> {
    const { userId, type, note, nowIso } = action;
    const row = { ...newRow(userId, userId, type, nowIso), note };
    await insertNotification(trx, row);
    return created(userId, row.id);
  }

  /**
   * In the export builder's transaction: the member's 'Download your information' zip is ready.
   * The actor is the member themself: nobody else did anything.
   */
  async exportReady(trx: Db, userId: string, nowIso: string): Promise<NotificationEvent> {
    const row = newRow(userId, userId, 'exportReady', nowIso);
    await insertNotification(trx, row);
    return created(userId, row.id);
  }

  /** A moderator removed the comment: the notifications it caused go, from every bell. */
  async commentRemoved(trx: Db, commentId: string): Promise<NotificationEvent[]> {
    const removedRows = await deleteCommentNotifications(trx, commentId);
    return removedRows.map((row) => removed(row.user_id, row.id));
  }

  /** Publishes what the write methods answered; call it after their transaction committed. */
  async publish(events: ReadonlyArray<NotificationEvent | null>): Promise<void> {
    for (const event of events) if (event) await this.deps.bus.publish(event);
  }
}

/** A member read by id alone: whether they have blocks is not known, so the rule checks. */
function anyViewer(id: string): Viewer {
  return { id, hasBlocks: true };
}

function newRow(userId: string, actorId: string, type: Notification['type'], nowIso: string) {
  return {
    id: uuidv7(),
    user_id: userId,
    actor_id: actorId,
    type,
    post_id: null,
    react: null,
    comment_id: null,
    read: 0,
    created_at: nowIso,
  };
}

function created(userId: string, notificationId: string): NotificationEvent {
  return { type: 'notification.created', userId, notificationId };
}

function removed(userId: string, notificationId: string): NotificationEvent {
  return { type: 'notification.removed', userId, notificationId };
}

function parseCursor(cursor: string): NotificationCursor {
  const separator = cursor.indexOf('_');
  const createdAt = cursor.slice(0, separator);
  const id = cursor.slice(separator + 1);
  if (separator < 0 || createdAt === '' || id === '') {
    throw invalid(NOTIFICATION_MESSAGES.badCursor);
  }
  return { createdAt, id };
}

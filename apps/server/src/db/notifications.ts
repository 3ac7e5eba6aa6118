import type { Generated, Insertable, Selectable } from 'kysely';

export const NOTIFICATIONS = 'notifications';

/**
 * What a member (`user_id`) is told about another member's action (`actor_id`). A `react` row is
 * one per actor and post (changed with the reaction), friend rows one per pair and type.
 */
export interface NotificationsTable {
  /** UUIDv7. */
  id: string;
  /** The member notified. */
  user_id: string;
  actor_id: string;
  /** One of the contract's NOTIFICATION_TYPES. */
  type: string;
  /** The post a `react` or `comment` notification is about; null for the friend ones. */
  post_id: string | null;
  /** A `react` notification's reaction. */
  react: string | null;
  /** A `comment` notification's comment. */
  comment_id: string | null;
  /** 0 unread, 1 read (an integer on both engines). */
  read: number;
  /** A moderator's reason (postRemoved, commentRemoved, warning; migration 0015). */
  note: Generated<string | null>;
  /** When it happened; a changed reaction moves it. The list is newest first by it, then id. */
  created_at: string;
}

export type NotificationRow = Selectable<NotificationsTable>;
export type NewNotification = Insertable<NotificationsTable>;

import {
  NOTIFICATION_PREVIEW_MAX,
  NOTIFICATION_TYPES,
  type Notification,
  type NotificationType,
  REACTIONS,
  type Reaction,
} from '@hearth/contract';
import type { ImageUrls } from '../../infra/storage/image-urls.js';
import type { NotificationCardRow } from './repo.js';

export function toNotification(row: NotificationCardRow, imageUrls: ImageUrls): Notification {
  return {
    _id: row.id,
    type: asNotificationType(row.type),
    actor: {
      _id: row.actor_id,
      username: row.actor_username,
      first_name: row.actor_first_name,
      last_name: row.actor_last_name,
      picture: imageUrls.url(row.actor_picture),
    },
    post: row.post_id === null ? null : { _id: row.post_id, text: preview(row.post_text) },
    react: row.react !== null && isReaction(row.react) ? row.react : null,
    comment: preview(row.comment_text),
    note: row.note,
    read: Number(row.read) === 1,
    createdAt: row.created_at,
  };
}

/**
 * The text cut to NOTIFICATION_PREVIEW_MAX UTF-16 units (the contract's zod length), never
 * between the two halves of a surrogate pair: an unpaired half is not valid JSON text.
 */
export function preview(text: string | null): string | null {
  if (text === null || text.length <= NOTIFICATION_PREVIEW_MAX) return text;
  const cut = text.slice(0, NOTIFICATION_PREVIEW_MAX);
  const last = cut.charCodeAt(cut.length - 1);
  return last >= 0xd800 && last <= 0xdbff ? cut.slice(0, -1) : cut;
}

/** `{createdAt}_{id}`: neither an ISO time nor a UUID holds '_'. */
export function cursorOf(row: Pick<NotificationCardRow, 'created_at' | 'id'>): string {
  return `${row.created_at}_${row.id}`;
}

function isReaction(value: string): value is Reaction {
  return (REACTIONS as readonly string[]).includes(value);
}

function asNotificationType(value: string): NotificationType {
  if ((NOTIFICATION_TYPES as readonly string[]).includes(value)) return value as NotificationType;
  // Only this module writes rows: another type is a bug to hear about, not to hide.
  throw new Error(`unknown notification type ${value}`);
}

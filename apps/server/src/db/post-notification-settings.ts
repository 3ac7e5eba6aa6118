import type { Insertable, Selectable } from 'kysely';

export const POST_NOTIFICATION_SETTINGS = 'post_notification_settings';

/**
 * A member's switch for one post's notifications (API.md, Who sees what): `notify` 0 is the
 * author's "off" (no notification from the post), 1 another member's "on" (its new comments).
 * No row: the default, on for the author and off for everyone else.
 */
export interface PostNotificationSettingsTable {
  post_id: string;
  user_id: string;
  notify: number;
  created_at: string;
}

export type PostNotificationSettingRow = Selectable<PostNotificationSettingsTable>;
export type NewPostNotificationSetting = Insertable<PostNotificationSettingsTable>;

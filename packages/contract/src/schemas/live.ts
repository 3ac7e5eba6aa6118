import { z } from 'zod';
import {
  LIVE_CLIENT_MESSAGE_MAX_BYTES,
  LIVE_CLOSE_CODES,
  LIVE_WATCHED_POSTS_MAX,
  NOTIFICATION_PREVIEW_MAX,
  NOTIFICATIONS_PAGE_DEFAULT,
  NOTIFICATIONS_PAGE_MAX,
  NOTIFICATIONS_READ_IDS_MAX,
  STREAMING_PATH,
} from '../constants.js';
import { NOTIFICATION_TYPES, REACTIONS } from '../enums.js';
import { chatMessageSchema, messagesUnreadSchema } from './messages.js';
import {
  commentSchema,
  friendshipSchema,
  imageVariantsSchema,
  reactionSummarySchema,
} from './responses.js';

// Notifications (API.md, Notifications) and live updates (API.md, Live updates): beyond the
// spec's calls, added by the live-network issue.

export const notificationSchema = z.object({
  _id: z.string(),
  type: z.enum(NOTIFICATION_TYPES),
  actor: z.object({
    _id: z.string(),
    username: z.string(),
    first_name: z.string(),
    last_name: z.string(),
    picture: z.string(),
  }),
  /** The post a `react` or `comment` notification is about: its text cut to the preview length. */
  post: z
    .object({ _id: z.string(), text: z.string().max(NOTIFICATION_PREVIEW_MAX).nullable() })
    .nullable(),
  react: z.enum(REACTIONS).nullable(),
  /** A `comment` notification's text, cut to the preview length. */
  comment: z.string().max(NOTIFICATION_PREVIEW_MAX).nullable(),
  /** A moderator's reason (`postRemoved`, `commentRemoved`, `warning`); null for the others. */
  note: z.string().nullable(),
  read: z.boolean(),
  createdAt: z.string(),
});
export type Notification = z.infer<typeof notificationSchema>;

/** A page of notifications, newest first. */
export const notificationsSchema = z.array(notificationSchema).describe('Notifications');

export const notificationsQuerySchema = z.object({
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(NOTIFICATIONS_PAGE_MAX)
    .default(NOTIFICATIONS_PAGE_DEFAULT),
  cursor: z.string().max(200).optional(),
});
export type NotificationsQuery = z.infer<typeof notificationsQuerySchema>;

export const unreadCountSchema = z.object({ count: z.number().int().min(0) });
export type UnreadCount = z.infer<typeof unreadCountSchema>;

/** PUT /notifications/read: those ids (the caller's; others are ignored), or without ids all. */
export const markReadSchema = z
  .object({ ids: z.array(z.string().min(1).max(64)).max(NOTIFICATIONS_READ_IDS_MAX).optional() })
  .default({});
export type MarkReadInput = z.infer<typeof markReadSchema>;

// ---- Live updates: the WebSocket at GET /api/v1/streaming ----

/** The socket's path and close codes live in constants.ts (the browser imports them). */
export { LIVE_CLOSE_CODES, STREAMING_PATH };

export const liveClientMessageSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('auth'), token: z.string().min(1).max(4096) }),
  z.object({
    type: z.literal('watch'),
    postIds: z.array(z.string().min(1).max(64)).max(LIVE_WATCHED_POSTS_MAX),
  }),
  z.object({ type: z.literal('ping') }),
  /** The member is writing in that conversation (sent every few seconds while they type). */
  z.object({ type: z.literal('typing'), conversationId: z.string().min(1).max(64) }),
]);
export type LiveClientMessage = z.infer<typeof liveClientMessageSchema>;
export { LIVE_CLIENT_MESSAGE_MAX_BYTES };

/** getReacts' summary without the viewer's own fields (`check`, `checkSaved`, `notificationsOn`). */
export const liveReactionsSchema = reactionSummarySchema.omit({
  check: true,
  checkSaved: true,
  notificationsOn: true,
});
export type LiveReactions = z.infer<typeof liveReactionsSchema>;

export const liveServerMessageSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('ready') }),
  z.object({ type: z.literal('pong') }),
  /** The server lost events (a bus reconnect): refetch what is on screen. */
  z.object({ type: z.literal('stale') }),
  z.object({
    type: z.literal('notification'),
    payload: z.object({ notification: notificationSchema, unreadCount: z.number().int() }),
  }),
  z.object({
    type: z.literal('notificationsRead'),
    payload: z.object({ unreadCount: z.number().int() }),
  }),
  /** A notification went away (a withdrawn reaction or friend request, a trashed post). */
  z.object({
    type: z.literal('notificationRemoved'),
    payload: z.object({ notificationId: z.string(), unreadCount: z.number().int() }),
  }),
  z.object({
    type: z.literal('friendship'),
    payload: z.object({ userId: z.string(), friendship: friendshipSchema }),
  }),
  z.object({
    type: z.literal('post'),
    payload: z.object({ postId: z.string(), authorId: z.string() }),
  }),
  /** Its author edited a post the socket watches: what it shows now (API.md, Who sees what). */
  z.object({
    type: z.literal('postEdited'),
    payload: z.object({
      postId: z.string(),
      text: z.string().nullable(),
      background: z.string().nullable(),
      images: z.array(z.object({ url: z.string(), variants: imageVariantsSchema })),
      editedAt: z.string(),
    }),
  }),
  z.object({
    type: z.literal('reactions'),
    payload: z.object({ postId: z.string(), reactions: liveReactionsSchema }),
  }),
  z.object({
    type: z.literal('comment'),
    payload: z.object({
      postId: z.string(),
      comment: commentSchema,
      commentCount: z.number().int(),
    }),
  }),
  // Messages (API.md, Messages): to every socket of every member of the conversation.
  /** A new message; `unread` is the receiving member's Messenger figures after it. */
  z.object({
    type: z.literal('message'),
    payload: z.object({ message: chatMessageSchema, unread: messagesUnreadSchema }),
  }),
  /** Its sender unsent a message: show it as 'Message removed'. */
  z.object({
    type: z.literal('messageRemoved'),
    payload: z.object({ conversationId: z.string(), messageId: z.string() }),
  }),
  /**
   * A member read the conversation up to `messageId` (the 'Seen' mark); `unread` is the
   * receiving member's figures after it (their own read on another device lowers them).
   */
  z.object({
    type: z.literal('messageRead'),
    payload: z.object({
      conversationId: z.string(),
      userId: z.string(),
      messageId: z.string(),
      unread: messagesUnreadSchema,
    }),
  }),
  /** A member is writing (shown for TYPING_SHOWN_MS unless another comes). */
  z.object({
    type: z.literal('typing'),
    payload: z.object({ conversationId: z.string(), userId: z.string() }),
  }),
  /** Members joined or left, a request was accepted, or it was muted: read it again. */
  z.object({
    type: z.literal('conversation'),
    payload: z.object({ conversationId: z.string() }),
  }),
]);
export type LiveServerMessage = z.infer<typeof liveServerMessageSchema>;

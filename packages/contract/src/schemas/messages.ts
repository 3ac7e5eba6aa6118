import { z } from 'zod';
import {
  CONVERSATION_MEMBERS_MAX,
  CONVERSATION_NAME_MAX,
  CONVERSATIONS_PAGE_DEFAULT,
  CONVERSATIONS_PAGE_MAX,
  MESSAGE_TEXT_MAX,
  MESSAGES_PAGE_DEFAULT,
  MESSAGES_PAGE_MAX,
} from '../constants.js';
import { MESSENGER_MESSAGES } from '../messages.js';
import { imageVariantsSchema } from './responses.js';

// Private conversations between members (API.md, Messages; the messaging issue).

const id = z.string().min(1).max(64);

/** A member as a conversation shows them. */
export const conversationMemberSchema = z.object({
  _id: z.string(),
  username: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  picture: z.string(),
});
export type ConversationMember = z.infer<typeof conversationMemberSchema>;

/** One message as its conversation's members read it. */
export const chatMessageSchema = z.object({
  _id: z.string(),
  conversationId: z.string(),
  /** Null once the sender's account is gone. */
  sender: conversationMemberSchema.nullable(),
  /** '' for an image alone, and once unsent. */
  text: z.string(),
  /** The photo, at most one, its addresses signed and expiring; null without one or unsent. */
  image: z.object({ url: z.string(), variants: imageVariantsSchema }).nullable(),
  /** Unsent by its sender: shown to everyone as 'Message removed'. */
  removed: z.boolean(),
  createdAt: z.string(),
});
export type ChatMessage = z.infer<typeof chatMessageSchema>;

/** A page of messages, newest first (`x-next-cursor` says older ones exist). */
export const chatMessagesSchema = z.array(chatMessageSchema);

/** A conversation as one of its members sees it. */
export const conversationSchema = z.object({
  _id: z.string(),
  /** A group's name; null for two members, or a group nobody named. */
  name: z.string().nullable(),
  /** Started with more than one other member (members may then be added or leave). */
  isGroup: z.boolean(),
  /** Its current members, the caller included, in the order they joined. */
  members: z.array(conversationMemberSchema),
  /** The newest message, or null before the first one. */
  lastMessage: chatMessageSchema.nullable(),
  /** Its newest message's time, or when it was started. */
  lastActivityAt: z.string(),
  /** Messages of others after the caller's read mark. */
  unreadCount: z.number().int().min(0),
  /**
   * A message request: someone who is not the caller's friend started it, and the caller has not
   * accepted it yet (sending a message in it accepts it).
   */
  request: z.boolean(),
  /** The caller muted it: its messages do not notify them. */
  muted: z.boolean(),
  /** Each other member's read mark: the newest message they read (the 'Seen' under it). */
  readMarks: z.array(z.object({ userId: z.string(), messageId: z.string() })),
});
export type Conversation = z.infer<typeof conversationSchema>;

export const conversationsSchema = z.array(conversationSchema);

export const conversationIdParamSchema = z.object({ conversationId: id });
export const messageIdParamSchema = z.object({ messageId: id });

/** GET /messages/conversations: the inbox (default) or the message requests. */
export const conversationsQuerySchema = z.object({
  folder: z.enum(['inbox', 'requests']).default('inbox'),
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(CONVERSATIONS_PAGE_MAX)
    .default(CONVERSATIONS_PAGE_DEFAULT),
  cursor: z.string().max(200).optional(),
});
export type ConversationsQuery = z.infer<typeof conversationsQuerySchema>;

export const messagesQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(MESSAGES_PAGE_MAX).default(MESSAGES_PAGE_DEFAULT),
  cursor: z.string().max(200).optional(),
});
export type MessagesQuery = z.infer<typeof messagesQuerySchema>;

/** POST /messages/conversations: with one member, the pair's conversation if it exists. */
export const createConversationSchema = z.object({
  memberIds: z
    .array(id, { error: MESSENGER_MESSAGES.members })
    .min(1, MESSENGER_MESSAGES.members)
    .max(CONVERSATION_MEMBERS_MAX - 1, MESSENGER_MESSAGES.members),
  name: z
    .string({ error: MESSENGER_MESSAGES.nameMax })
    .trim()
    .max(CONVERSATION_NAME_MAX, MESSENGER_MESSAGES.nameMax)
    .optional(),
});
export type CreateConversationInput = z.infer<typeof createConversationSchema>;

/** POST /messages/conversations/{id}/messages: text, an uploaded image's address, or both. */
export const sendMessageSchema = z.object({
  text: z
    .string({ error: MESSENGER_MESSAGES.textMax })
    .max(MESSAGE_TEXT_MAX, MESSENGER_MESSAGES.textMax)
    .default(''),
  image: z.string().max(2048).optional(),
});
export type SendMessageInput = z.infer<typeof sendMessageSchema>;

export const addMembersSchema = z.object({
  add: z
    .array(id, { error: MESSENGER_MESSAGES.members })
    .min(1, MESSENGER_MESSAGES.members)
    .max(CONVERSATION_MEMBERS_MAX - 1, MESSENGER_MESSAGES.members),
});
export type AddMembersInput = z.infer<typeof addMembersSchema>;

export const muteConversationSchema = z.object({ muted: z.boolean() });
export type MuteConversationInput = z.infer<typeof muteConversationSchema>;
export const mutedAnswerSchema = z.object({ muted: z.boolean() });

/** The Messenger button's figures. */
export const messagesUnreadSchema = z.object({
  /** Conversations (not requests, not muted) holding messages the caller has not read. */
  count: z.number().int().min(0),
  /** Message requests waiting for the caller. */
  requests: z.number().int().min(0),
});
export type MessagesUnread = z.infer<typeof messagesUnreadSchema>;

import type { Insertable, Selectable } from 'kysely';

/** A private conversation (API.md, Messages). */
export interface ConversationsTable {
  id: string;
  /** A group's name; null for two members or a group nobody named. */
  name: string | null;
  /** 1: started with more than one other member. */
  is_group: number;
  /** `{low id}:{high id}` of a conversation of two while both are in it; null otherwise. */
  pair_key: string | null;
  created_by: string | null;
  created_at: string;
  /** Its newest message's time, or when it was started. */
  last_activity_at: string;
  last_message_id: string | null;
}

/** A current member of a conversation, with their own view of it. */
export interface ConversationMembersTable {
  conversation_id: string;
  user_id: string;
  position: number;
  joined_at: string;
  /** The member reads the messages whose id is at least this ('' for the first members). */
  visible_from: string;
  /** The newest message they read. */
  read_message_id: string | null;
  /** 1 while it is a message request for them. */
  request: number;
  muted: number;
}

/** One message; its id (UUIDv7) orders it. */
export interface MessagesTable {
  id: string;
  conversation_id: string;
  sender_id: string | null;
  text: string;
  /** An upload's storage key, or ''. */
  image: string;
  /** 1 once its sender unsent it (text and image erased). */
  removed: number;
  created_at: string;
}

export type ConversationRow = Selectable<ConversationsTable>;
export type ConversationMemberRow = Selectable<ConversationMembersTable>;
export type MessageRow = Selectable<MessagesTable>;
export type NewMessage = Insertable<MessagesTable>;

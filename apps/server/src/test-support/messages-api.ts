import {
  type ChatMessage,
  type Conversation,
  type MessagesUnread,
  NEXT_CURSOR_HEADER,
  ROUTES,
} from '@hearth/contract';
import type { LightMyRequestResponse } from 'fastify';
import { v7 as uuidv7 } from 'uuid';
import type { App } from '../app.js';
import type { Db } from '../db/database.js';
import type { BuiltUser } from './factories.js';
import { jpeg } from './images.js';
import { callEndpoint } from './test-app.js';
import { uploadedUrl } from './uploads.js';

/** Answers the body of a call that must succeed with `status`; throws with the answer otherwise. */
function expectStatus(res: LightMyRequestResponse, status: number) {
  if (res.statusCode !== status) {
    throw new Error(`expected ${status}, got ${res.statusCode}: ${res.body}`);
  }
  return res.json();
}

/** A JPEG `who` uploaded to their message photos folder: its address, for sendMessage. */
export async function messagePhoto(app: App, who: BuiltUser): Promise<string> {
  return uploadedUrl(app, who.token, `${who.user.username}/message_images`, await jpeg());
}

/** Starts (or finds) a conversation; must answer 200 or 201. */
export async function startConversation(
  app: App,
  who: BuiltUser,
  others: BuiltUser[],
  name?: string,
): Promise<Conversation> {
  const res = await callEndpoint(app, ROUTES.createConversation, {
    body: { memberIds: others.map((other) => other.user.id), ...(name ? { name } : {}) },
    token: who.token,
  });
  if (res.statusCode !== 201 && res.statusCode !== 200) expectStatus(res, 201);
  return res.json();
}

export function sendRequest(
  app: App,
  who: BuiltUser,
  conversationId: string,
  text: string,
  image?: string,
) {
  return callEndpoint(app, ROUTES.sendMessage, {
    params: { conversationId },
    body: { text, ...(image ? { image } : {}) },
    token: who.token,
  });
}

/** Sends a message that must be accepted. */
export async function sendMessage(
  app: App,
  who: BuiltUser,
  conversationId: string,
  text: string,
  image?: string,
): Promise<ChatMessage> {
  return expectStatus(await sendRequest(app, who, conversationId, text, image), 201);
}

export function messagesRequest(app: App, who: BuiltUser, conversationId: string, query = '') {
  return callEndpoint(app, ROUTES.conversationMessages, {
    params: { conversationId },
    token: who.token,
    ...(query ? { rawQuery: query } : {}),
  });
}

/** One page of messages (newest first) and the next page's cursor. */
export async function messagesPageOf(
  app: App,
  who: BuiltUser,
  conversationId: string,
  query = '',
): Promise<{ messages: ChatMessage[]; next: string | undefined }> {
  const res = await messagesRequest(app, who, conversationId, query);
  const messages = expectStatus(res, 200) as ChatMessage[];
  return { messages, next: res.headers[NEXT_CURSOR_HEADER.toLowerCase()] as string | undefined };
}

export async function conversationsOf(
  app: App,
  who: BuiltUser,
  folder: 'inbox' | 'requests' = 'inbox',
): Promise<Conversation[]> {
  const res = await callEndpoint(app, ROUTES.conversations, {
    token: who.token,
    rawQuery: `folder=${folder}`,
  });
  return expectStatus(res, 200);
}

export async function unreadOf(app: App, who: BuiltUser): Promise<MessagesUnread> {
  return expectStatus(
    await callEndpoint(app, ROUTES.messagesUnreadCount, { token: who.token }),
    200,
  );
}

export async function conversationAs(
  app: App,
  who: BuiltUser,
  conversationId: string,
): Promise<Conversation> {
  const res = await callEndpoint(app, ROUTES.getConversation, {
    params: { conversationId },
    token: who.token,
  });
  return expectStatus(res, 200);
}

export async function markRead(
  app: App,
  who: BuiltUser,
  conversationId: string,
): Promise<MessagesUnread> {
  const res = await callEndpoint(app, ROUTES.markConversationRead, {
    params: { conversationId },
    token: who.token,
  });
  return expectStatus(res, 200);
}

/**
 * Stores `count` messages of `sender` in the conversation directly, oldest first (ids in time
 * order, as the service makes them): for tests about volume.
 */
export async function insertMessages(
  db: Db,
  conversationId: string,
  sender: BuiltUser,
  count: number,
  at: Date,
): Promise<string[]> {
  const rows = Array.from({ length: count }, (_, index) => ({
    id: uuidv7(),
    conversation_id: conversationId,
    sender_id: sender.user.id,
    text: `message ${index}`,
    image: '',
    removed: 0,
    created_at: new Date(at.getTime() + index).toISOString(),
  }));
  for (let i = 0; i < rows.length; i += 100) {
    await db
      .insertInto('messages')
      .values(rows.slice(i, i + 100))
      .execute();
  }
  const last = rows.at(-1);
  if (last) {
    await db
      .updateTable('conversations')
      .set({ last_message_id: last.id, last_activity_at: last.created_at })
      .where('id', '=', conversationId)
      .execute();
  }
  return rows.map((row) => row.id);
}

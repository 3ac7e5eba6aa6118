import {
  type ChatMessage,
  type Conversation,
  type ConversationMember,
  NEXT_CURSOR_HEADER,
} from '@hearth/contract';
import type { FakeAnswer, Handlers } from './fake-server';
import { ada, grace } from './fixtures';

/** A member as a conversation shows them. */
export function asMember(user: typeof ada): ConversationMember {
  const { _id, username, first_name, last_name, picture } = user;
  return { _id, username, first_name, last_name, picture };
}

export const adaMember = asMember(ada);
export const graceMember = asMember(grace);
/** A third member, for groups. */
export const linusMember: ConversationMember = {
  ...graceMember,
  _id: '01JLINUS',
  username: 'linus',
  first_name: 'Linus',
  last_name: 'Pauling',
};

let sequence = 0;

/** A message in conversation 'c1' from Grace, a minute after the previous one built. */
export function buildChatMessage(overrides: Partial<ChatMessage> = {}): ChatMessage {
  sequence += 1;
  return {
    _id: `m${String(sequence).padStart(4, '0')}`,
    conversationId: 'c1',
    sender: graceMember,
    text: `Message ${sequence}`,
    image: null,
    removed: false,
    createdAt: new Date(Date.UTC(2026, 0, 1, 12, 0) + sequence * 60_000).toISOString(),
    ...overrides,
  };
}

/** Ada's conversation 'c1' with Grace. */
export function buildConversation(overrides: Partial<Conversation> = {}): Conversation {
  return {
    _id: 'c1',
    name: null,
    isGroup: false,
    members: [adaMember, graceMember],
    lastMessage: null,
    lastActivityAt: new Date(Date.now() - 5 * 60_000).toISOString(),
    unreadCount: 0,
    request: false,
    muted: false,
    readMarks: [],
    ...overrides,
  };
}

/** A page of a list, with the next page's cursor when there is one. */
export function page(body: unknown, nextCursor?: string): FakeAnswer {
  return nextCursor ? { body, headers: { [NEXT_CURSOR_HEADER]: nextCursor } } : { body };
}

/**
 * The server's side of one conversation: its answer, its messages (newest first), and what
 * sending, reading and unsending answer.
 */
export function conversationHandlers(
  conversation: Conversation,
  messages: ChatMessage[],
): Handlers {
  return {
    conversations: ({ query }) =>
      query.get('folder') === 'requests' ? { body: [] } : { body: [conversation] },
    getConversation: () => ({ body: conversation }),
    conversationMessages: () => ({ body: messages }),
    markConversationRead: () => ({ body: { count: 0, requests: 0 } }),
    sendMessage: ({ body }) => ({
      status: 201,
      body: buildChatMessage({
        sender: adaMember,
        text: (body as { text: string }).text,
        createdAt: new Date().toISOString(),
      }),
    }),
    unsendMessage: () => ({ body: 'ok' }),
  };
}

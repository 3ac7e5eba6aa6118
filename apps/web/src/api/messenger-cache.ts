import type {
  ChatMessage,
  Conversation,
  LiveServerMessage,
  MessagesUnread,
} from '@hearth/contract';
import type { QueryClient } from '@tanstack/react-query';
import { type CursorPages, mapPageItems } from './cursor-pages';
import { messengerKeys } from './messenger-keys';

type Payload<Type extends LiveServerMessage['type']> =
  Extract<LiveServerMessage, { type: Type }> extends { payload: infer P } ? P : never;

export type ConversationsData = CursorPages<Conversation>;
export type MessagesData = CursorPages<ChatMessage>;

/** Who is typing in a conversation: user id → the time (ms) their mark stops showing. */
export type TypingData = Record<string, number>;

/** Every cached copy of a conversation (its own query and each list holding it) changed alike. */
export function patchConversation(
  queryClient: QueryClient,
  conversationId: string,
  change: (conversation: Conversation) => Conversation,
) {
  queryClient.setQueryData<Conversation>(messengerKeys.conversation(conversationId), (data) =>
    data ? change(data) : data,
  );
  for (const [key, data] of queryClient.getQueriesData<ConversationsData>({
    queryKey: messengerKeys.lists(),
  })) {
    if (!data?.pages.some((page) => page.items.some((item) => item._id === conversationId))) {
      continue;
    }
    queryClient.setQueryData<ConversationsData>(key, (pages) =>
      mapPageItems(pages, (items) =>
        items.map((item) => (item._id === conversationId ? change(item) : item)),
      ),
    );
  }
}

/** The conversation moves to the top of the lists holding it (its latest activity is now). */
function moveToTop(queryClient: QueryClient, conversationId: string): boolean {
  let held = false;
  for (const [key, data] of queryClient.getQueriesData<ConversationsData>({
    queryKey: messengerKeys.lists(),
  })) {
    const found = data?.pages.flatMap((page) => page.items).find((c) => c._id === conversationId);
    if (!data || !found) continue;
    held = true;
    const pages = data.pages.map((page, index) => {
      const items = page.items.filter((item) => item._id !== conversationId);
      return { ...page, items: index === 0 ? [found, ...items] : items };
    });
    queryClient.setQueryData<ConversationsData>(key, { ...data, pages });
  }
  return held;
}

export function setMessagesUnread(queryClient: QueryClient, unread: MessagesUnread) {
  queryClient.setQueryData<MessagesUnread>(messengerKeys.unread(), unread);
}

/**
 * A new message (sent here, or arrived live): added once to its conversation's messages, the
 * conversation's preview and unread count changed, and the conversation first in the lists.
 */
export function addMessage(queryClient: QueryClient, message: ChatMessage, viewerId: string) {
  const { conversationId } = message;
  let added = true;
  queryClient.setQueryData<MessagesData>(messengerKeys.messages(conversationId), (data) => {
    if (!data) return data;
    if (data.pages.some((page) => page.items.some((item) => item._id === message._id))) {
      added = false;
      return data;
    }
    const [first, ...rest] = data.pages;
    if (!first) return data;
    return { ...data, pages: [{ ...first, items: [message, ...first.items] }, ...rest] };
  });
  const fromOther = message.sender?._id !== viewerId;
  patchConversation(queryClient, conversationId, (conversation) => {
    const newer =
      !conversation.lastMessage || conversation.lastMessage.createdAt <= message.createdAt;
    if (!newer) return conversation;
    const isNew = conversation.lastMessage?._id !== message._id;
    return {
      ...conversation,
      lastMessage: message,
      lastActivityAt: message.createdAt,
      // Replying in a request accepts it; another's message counts as unread until read.
      request: fromOther ? conversation.request : false,
      unreadCount: fromOther ? conversation.unreadCount + (isNew && added ? 1 : 0) : 0,
    };
  });
  if (!moveToTop(queryClient, conversationId)) {
    // A conversation the lists do not hold yet (a new one, or a request): read them again.
    void queryClient.invalidateQueries({ queryKey: messengerKeys.lists() });
  }
  // Their message ends their typing.
  if (message.sender) stopTyping(queryClient, conversationId, message.sender._id);
}

/** An unsent message: shown to everyone as 'Message removed', wherever it is cached. */
export function removeMessage(
  queryClient: QueryClient,
  { conversationId, messageId }: Payload<'messageRemoved'>,
) {
  const erase = (message: ChatMessage): ChatMessage =>
    message._id === messageId ? { ...message, removed: true, text: '', image: null } : message;
  queryClient.setQueryData<MessagesData>(messengerKeys.messages(conversationId), (data) =>
    mapPageItems(data, (items) => items.map(erase)),
  );
  patchConversation(queryClient, conversationId, (conversation) =>
    conversation.lastMessage?._id === messageId
      ? { ...conversation, lastMessage: erase(conversation.lastMessage) }
      : conversation,
  );
}

/** A member's read mark moved: theirs shows 'Seen'; the viewer's own (another device) clears. */
export function applyReadMark(
  queryClient: QueryClient,
  {
    conversationId,
    userId,
    messageId,
  }: { conversationId: string; userId: string; messageId: string },
  viewerId: string,
) {
  patchConversation(queryClient, conversationId, (conversation) =>
    userId === viewerId
      ? { ...conversation, unreadCount: 0 }
      : {
          ...conversation,
          readMarks: [
            ...conversation.readMarks.filter((mark) => mark.userId !== userId),
            { userId, messageId },
          ],
        },
  );
}

function stopTyping(queryClient: QueryClient, conversationId: string, userId: string) {
  queryClient.setQueryData<TypingData>(messengerKeys.typing(conversationId), (data) => {
    if (!data || !(userId in data)) return data;
    const { [userId]: _gone, ...rest } = data;
    return rest;
  });
}

/** A member is typing: shown until `until` (ms) unless another signal comes. */
export function applyTyping(
  queryClient: QueryClient,
  { conversationId, userId }: Payload<'typing'>,
  until: number,
) {
  queryClient.setQueryData<TypingData>(messengerKeys.typing(conversationId), (data) => ({
    ...data,
    [userId]: until,
  }));
}

/** The Messenger's live messages applied to the cached data; false for any other message. */
export function applyLiveMessengerMessage(
  queryClient: QueryClient,
  message: LiveServerMessage,
  viewerId: string,
  now: number,
  typingShownMs: number,
): boolean {
  switch (message.type) {
    case 'message':
      setMessagesUnread(queryClient, message.payload.unread);
      addMessage(queryClient, message.payload.message, viewerId);
      return true;
    case 'messageRemoved':
      removeMessage(queryClient, message.payload);
      return true;
    case 'messageRead':
      setMessagesUnread(queryClient, message.payload.unread);
      applyReadMark(queryClient, message.payload, viewerId);
      return true;
    case 'typing':
      if (message.payload.userId !== viewerId) {
        applyTyping(queryClient, message.payload, now + typingShownMs);
      }
      return true;
    case 'conversation':
      void queryClient.invalidateQueries({
        queryKey: messengerKeys.conversation(message.payload.conversationId),
      });
      void queryClient.invalidateQueries({ queryKey: messengerKeys.lists() });
      void queryClient.invalidateQueries({ queryKey: messengerKeys.unread() });
      return true;
    default:
      return false;
  }
}

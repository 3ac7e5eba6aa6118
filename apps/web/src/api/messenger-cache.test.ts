import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { adaMember, buildChatMessage, buildConversation } from '../test/messenger';
import { itemsOf } from './cursor-pages';
import { addMessage, type ConversationsData, type MessagesData } from './messenger-cache';
import { messengerKeys } from './messenger-keys';

function cached(conversations = [buildConversation({ _id: 'c0' }), buildConversation()]) {
  const queryClient = new QueryClient();
  queryClient.setQueryData<ConversationsData>(messengerKeys.list('inbox'), {
    pages: [{ items: conversations, nextCursor: null }],
    pageParams: [null],
  });
  queryClient.setQueryData<MessagesData>(messengerKeys.messages('c1'), {
    pages: [{ items: [], nextCursor: null }],
    pageParams: [null],
  });
  const inbox = () =>
    itemsOf(queryClient.getQueryData<ConversationsData>(messengerKeys.list('inbox')));
  const messages = () =>
    itemsOf(queryClient.getQueryData<MessagesData>(messengerKeys.messages('c1')));
  return { queryClient, inbox, messages };
}

describe("a new message in the Messenger's caches", () => {
  it('moves its conversation first, with its preview, counted unread once however often it comes', () => {
    const { queryClient, inbox, messages } = cached();
    const message = buildChatMessage({ text: 'Twice delivered' });
    addMessage(queryClient, message, adaMember._id);
    addMessage(queryClient, message, adaMember._id);
    expect(inbox().map((c) => c._id)).toEqual(['c1', 'c0']);
    expect(inbox()[0]?.lastMessage?.text).toBe('Twice delivered');
    expect(inbox()[0]?.unreadCount).toBe(1);
    expect(messages().map((m) => m._id)).toEqual([message._id]);
  });

  it("of the member's own leaves nothing unread", () => {
    const { queryClient, inbox } = cached([buildConversation({ unreadCount: 2 })]);
    addMessage(queryClient, buildChatMessage({ sender: adaMember }), adaMember._id);
    expect(inbox()[0]?.unreadCount).toBe(0);
  });

  it('of a conversation the lists do not hold reads them again', () => {
    const { queryClient } = cached([buildConversation({ _id: 'c0' })]);
    addMessage(queryClient, buildChatMessage({ conversationId: 'c7' }), adaMember._id);
    expect(queryClient.getQueryState(messengerKeys.list('inbox'))?.isInvalidated).toBe(true);
  });
});

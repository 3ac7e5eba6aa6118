/** The Messenger's cached data (api/messenger.ts, live updates in api/messenger-cache.ts). */
export const messengerKeys = {
  all: ['messenger'] as const,
  /** GET /messages/unreadCount: `{count, requests}`, the header button's badge. */
  unread: () => [...messengerKeys.all, 'unread'] as const,
  /** Every list of conversations (both folders). */
  lists: () => [...messengerKeys.all, 'list'] as const,
  /** GET /messages/conversations?folder=…, page by page. */
  list: (folder: 'inbox' | 'requests') => [...messengerKeys.lists(), folder] as const,
  /** GET /messages/conversations/{id}. */
  conversation: (conversationId: string) =>
    [...messengerKeys.all, 'conversation', conversationId] as const,
  /** A conversation's messages, newest first, page by page. */
  messages: (conversationId: string) => [...messengerKeys.all, 'messages', conversationId] as const,
  /** Who is typing in a conversation: user id → when it stops showing (ms). Never fetched. */
  typing: (conversationId: string) => [...messengerKeys.all, 'typing', conversationId] as const,
};

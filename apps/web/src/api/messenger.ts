import {
  type Conversation,
  type CreateConversationInput,
  MESSAGES_PAGE_DEFAULT,
  ROUTES,
  uploadFolderPath,
} from '@hearth/contract';
import {
  type QueryClient,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { useApi, useSessionUser } from '../session/session-context';
import { cursorPagesOptions, itemsOf } from './cursor-pages';
import {
  addMessage,
  type ConversationsData,
  patchConversation,
  removeMessage,
  setMessagesUnread,
} from './messenger-cache';
import { messengerKeys } from './messenger-keys';
import { uploadImages } from './posts';

export type Folder = 'inbox' | 'requests';

/** The member's conversations in a folder, latest activity first, page by page. */
export function useConversationsQuery(folder: Folder) {
  const api = useApi();
  return useInfiniteQuery(
    cursorPagesOptions(messengerKeys.list(folder), (cursor, signal) =>
      api.callWithHeaders(ROUTES.conversations, { query: { folder, cursor } }, { signal }),
    ),
  );
}

/** The conversation as a list already holds it, to show at once while its own answer comes. */
function listedConversation(queryClient: QueryClient, conversationId: string) {
  for (const [, data] of queryClient.getQueriesData<ConversationsData>({
    queryKey: messengerKeys.lists(),
  })) {
    const found = itemsOf(data).find((conversation) => conversation._id === conversationId);
    if (found) return found;
  }
  return undefined;
}

export function useConversationQuery(conversationId: string) {
  const api = useApi();
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: messengerKeys.conversation(conversationId),
    queryFn: ({ signal }) =>
      api.call(ROUTES.getConversation, { params: { conversationId } }, { signal }),
    placeholderData: () => listedConversation(queryClient, conversationId),
  });
}

/** A conversation's messages, newest first, older pages through `X-Next-Cursor`. */
export function useMessagesQuery(conversationId: string) {
  const api = useApi();
  return useInfiniteQuery(
    cursorPagesOptions(messengerKeys.messages(conversationId), (cursor, signal) =>
      api.callWithHeaders(
        ROUTES.conversationMessages,
        { params: { conversationId }, query: { limit: MESSAGES_PAGE_DEFAULT, cursor } },
        { signal },
      ),
    ),
  );
}

export interface NewMessage {
  text: string;
  file: File | null;
}

/** Sends a message: its image uploaded first (to `{me}/message_images`), then the message. */
export function useSendMessageMutation(conversationId: string) {
  const api = useApi();
  const user = useSessionUser();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ text, file }: NewMessage) => {
      let image: string | undefined;
      if (file) {
        const [first] = await uploadImages(api, uploadFolderPath('messageImages', user.username), [
          file,
        ]);
        image = first?.url;
      }
      return api.call(ROUTES.sendMessage, {
        params: { conversationId },
        body: image ? { text, image } : { text },
      });
    },
    onSuccess: (message) => addMessage(queryClient, message, user.id),
  });
}

/** Marks the conversation read: its unread mark and the button's count go at once. */
export function useMarkConversationReadMutation() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (conversationId: string) =>
      api.call(ROUTES.markConversationRead, { params: { conversationId } }),
    onMutate: (conversationId) => {
      patchConversation(queryClient, conversationId, (c) => ({ ...c, unreadCount: 0 }));
    },
    onSuccess: (unread) => setMessagesUnread(queryClient, unread),
  });
}

/** Starts a conversation (or finds the pair's): cached as its own query, the lists read again. */
export function useCreateConversationMutation() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateConversationInput) =>
      api.call(ROUTES.createConversation, { body: input }),
    onSuccess: (conversation) => {
      queryClient.setQueryData(messengerKeys.conversation(conversation._id), conversation);
      void queryClient.invalidateQueries({ queryKey: messengerKeys.lists() });
    },
  });
}

/** A conversation answered by a change (accept, add members): every copy takes it. */
function takeConversation(queryClient: QueryClient, conversation: Conversation) {
  queryClient.setQueryData(messengerKeys.conversation(conversation._id), conversation);
  void queryClient.invalidateQueries({ queryKey: messengerKeys.lists() });
  void queryClient.invalidateQueries({ queryKey: messengerKeys.unread() });
}

export function useAcceptConversationMutation() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (conversationId: string) =>
      api.call(ROUTES.acceptConversation, { params: { conversationId } }),
    onSuccess: (conversation) => takeConversation(queryClient, conversation),
  });
}

export function useAddMembersMutation(conversationId: string) {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (add: string[]) =>
      api.call(ROUTES.addConversationMembers, { params: { conversationId }, body: { add } }),
    onSuccess: (conversation) => takeConversation(queryClient, conversation),
  });
}

export function useLeaveConversationMutation() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (conversationId: string) =>
      api.call(ROUTES.leaveConversation, { params: { conversationId } }),
    onSuccess: (_answer, conversationId) => {
      queryClient.removeQueries({ queryKey: messengerKeys.conversation(conversationId) });
      queryClient.removeQueries({ queryKey: messengerKeys.messages(conversationId) });
      void queryClient.invalidateQueries({ queryKey: messengerKeys.lists() });
      void queryClient.invalidateQueries({ queryKey: messengerKeys.unread() });
    },
  });
}

/** Mutes or unmutes: shown at once; the button's count (which leaves muted ones out) reads again. */
export function useMuteConversationMutation(conversationId: string) {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (muted: boolean) =>
      api.call(ROUTES.muteConversation, { params: { conversationId }, body: { muted } }),
    onSuccess: ({ muted }) => {
      patchConversation(queryClient, conversationId, (c) => ({ ...c, muted }));
      void queryClient.invalidateQueries({ queryKey: messengerKeys.unread() });
    },
  });
}

/** Unsends one of the member's messages: 'Message removed' for everyone. */
export function useUnsendMessageMutation(conversationId: string) {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (messageId: string) => api.call(ROUTES.unsendMessage, { params: { messageId } }),
    onSuccess: (_answer, messageId) => removeMessage(queryClient, { conversationId, messageId }),
  });
}

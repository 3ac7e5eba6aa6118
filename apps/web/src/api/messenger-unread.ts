import { ROUTES } from '@hearth/contract';
import { useQuery } from '@tanstack/react-query';
import { useApi } from '../session/session-context';
import { messengerKeys } from './messenger-keys';

/**
 * The Messenger button's figures: conversations with unread messages, and requests waiting.
 * Its own small module: the header draws it on the first screen.
 */
export function useMessagesUnreadQuery() {
  const api = useApi();
  return useQuery({
    queryKey: messengerKeys.unread(),
    queryFn: ({ signal }) => api.call(ROUTES.messagesUnreadCount, undefined, { signal }),
  });
}

import { type Notification, ROUTES, type UnreadCount } from '@hearth/contract';
import {
  type QueryClient,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { useApi } from '../session/session-context';
import { type CursorPages, cursorPagesOptions, itemsOf, mapPageItems } from './cursor-pages';
import { notificationKeys } from './notification-keys';

/** How many notifications the panel asks for at a time. */
export const NOTIFICATIONS_PAGE_SIZE = 10;

/** What `notificationKeys.list()` holds: the pages of GET /notifications, newest first. */
export type NotificationsData = CursorPages<Notification>;

/** The bell's badge: how many of the member's notifications are unread. */
export function useUnreadCountQuery() {
  const api = useApi();
  return useQuery({
    queryKey: notificationKeys.unreadCount(),
    queryFn: ({ signal }) => api.call(ROUTES.unreadCount, undefined, { signal }),
  });
}

/** The panel's list, page by page through `X-Next-Cursor`; fetched afresh on each opening. */
export function useNotificationsQuery() {
  const api = useApi();
  return useInfiniteQuery(
    cursorPagesOptions(notificationKeys.list(), (cursor, signal) =>
      api.callWithHeaders(
        ROUTES.notifications,
        { query: { limit: NOTIFICATIONS_PAGE_SIZE, cursor } },
        { signal },
      ),
    ),
  );
}

/** Those notifications (all when `ids` is undefined) shown as read in the cached list. */
function markReadInList(queryClient: QueryClient, ids: readonly string[] | undefined) {
  queryClient.setQueryData<NotificationsData>(notificationKeys.list(), (data) =>
    mapPageItems(data, (notifications) =>
      notifications.map((notification) =>
        !notification.read && (!ids || ids.includes(notification._id))
          ? { ...notification, read: true }
          : notification,
      ),
    ),
  );
}

/** How many of `ids` the cached list shows as unread. */
function unreadAmong(queryClient: QueryClient, ids: readonly string[]): number {
  const data = queryClient.getQueryData<NotificationsData>(notificationKeys.list());
  return itemsOf(data).filter(
    (notification) => !notification.read && ids.includes(notification._id),
  ).length;
}

/**
 * Marks notifications as read (`ids`), or all of them (`undefined`): shown at once in the list
 * and the badge, then the server's count of those still unread is the badge's.
 */
export function useMarkNotificationsReadMutation() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ids: readonly string[] | undefined) =>
      api.call(ROUTES.markNotificationsRead, { body: ids ? { ids: [...ids] } : {} }),
    onMutate: async (ids) => {
      await queryClient.cancelQueries({ queryKey: notificationKeys.unreadCount() });
      const fewer = ids ? unreadAmong(queryClient, ids) : Number.POSITIVE_INFINITY;
      markReadInList(queryClient, ids);
      queryClient.setQueryData<UnreadCount>(notificationKeys.unreadCount(), (data) =>
        data ? { count: Math.max(0, data.count - fewer) } : data,
      );
    },
    onSuccess: (answer) => {
      queryClient.setQueryData<UnreadCount>(notificationKeys.unreadCount(), answer);
    },
    onError: () => {
      void queryClient.invalidateQueries({ queryKey: notificationKeys.all });
    },
  });
}

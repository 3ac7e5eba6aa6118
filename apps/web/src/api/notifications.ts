import { NEXT_CURSOR_HEADER, type Notification, ROUTES, type UnreadCount } from '@hearth/contract';
import {
  type InfiniteData,
  type QueryClient,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { useApi } from '../session/session-context';
import { notificationKeys } from './notification-keys';

/** How many notifications the panel asks for at a time. */
export const NOTIFICATIONS_PAGE_SIZE = 10;

/** One page of GET /notifications: newest first, and the cursor of the next page, if any. */
export interface NotificationsPage {
  notifications: Notification[];
  nextCursor: string | null;
}

/** What `notificationKeys.list()` holds. */
export type NotificationsData = InfiniteData<NotificationsPage, string | null>;

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
  return useInfiniteQuery({
    queryKey: notificationKeys.list(),
    initialPageParam: null as string | null,
    queryFn: async ({ pageParam, signal }): Promise<NotificationsPage> => {
      const { data, headers } = await api.callWithHeaders(
        ROUTES.notifications,
        { query: { limit: NOTIFICATIONS_PAGE_SIZE, cursor: pageParam ?? undefined } },
        { signal },
      );
      return { notifications: data, nextCursor: headers.get(NEXT_CURSOR_HEADER) || null };
    },
    getNextPageParam: (last: NotificationsPage) => last.nextCursor,
  });
}

/** Those notifications (all when `ids` is undefined) shown as read in the cached list. */
function markReadInList(queryClient: QueryClient, ids: readonly string[] | undefined) {
  queryClient.setQueryData<NotificationsData>(notificationKeys.list(), (data) =>
    data
      ? {
          ...data,
          pages: data.pages.map((page) => ({
            ...page,
            notifications: page.notifications.map((notification) =>
              !notification.read && (!ids || ids.includes(notification._id))
                ? { ...notification, read: true }
                : notification,
            ),
          })),
        }
      : data,
  );
}

/** How many of `ids` the cached list shows as unread. */
function unreadAmong(queryClient: QueryClient, ids: readonly string[]): number {
  const data = queryClient.getQueryData<NotificationsData>(notificationKeys.list());
  let count = 0;
  for (const page of data?.pages ?? []) {
    for (const notification of page.notifications) {
      if (!notification.read && ids.includes(notification._id)) count += 1;
    }
  }
  return count;
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

export const notificationKeys = {
  all: ['notifications'] as const,
  /** GET /notifications, page by page (an infinite query). */
  list: () => [...notificationKeys.all, 'list'] as const,
  /** GET /notifications/unreadCount: `{count}`, the bell's badge. Live `notification`,
   * `notificationRemoved` and `notificationsRead` messages set it. */
  unreadCount: () => [...notificationKeys.all, 'unreadCount'] as const,
};

/** One post for its page /post/{postId} (getPost). */
export const postKeys = {
  one: (postId: string) => ['post', postId] as const,
};

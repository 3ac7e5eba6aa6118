import {
  NOTIFICATION_PREVIEW_MAX,
  type Notification,
  type NotificationType,
  UI_MESSAGES,
} from '@hearth/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { Link } from 'react-router';
import { errorMessage } from '../../api/client';
import { itemsOf } from '../../api/cursor-pages';
import { notificationKeys } from '../../api/notification-keys';
import { useNotificationsQuery } from '../../api/notifications';
import { Avatar } from '../../ui/avatar';
import { ErrorBox } from '../../ui/error-box';
import { CommentIcon } from '../../ui/feed-icons';
import { FriendsIcon } from '../../ui/icons';
import { RelativeTime } from '../../ui/relative-time';
import { Spinner } from '../../ui/spinner';
import { ReactionIcon } from '../reactions/reaction-icon';
import styles from './notifications.module.css';

/** '"text"', with '…' when the server cut it to the preview length; '' without text. */
function quoted(text: string | null): string {
  if (!text) return '';
  return `: "${text}${text.length >= NOTIFICATION_PREVIEW_MAX ? '…' : ''}"`;
}

/** The notifications about a post, which lead to it. */
const POST_NOTIFICATION_TYPES: ReadonlySet<NotificationType> = new Set([
  'react',
  'comment',
  'followedPostComment',
]);

/** What the notification says after the actor's name. */
export function notificationAction(notification: Notification): string {
  switch (notification.type) {
    case 'react':
      return `reacted to your post${quoted(notification.post?.text ?? null)}`;
    case 'comment':
      return `commented on your post${quoted(notification.comment)}`;
    case 'friendRequest':
      return 'sent you a friend request';
    case 'friendAccepted':
      return 'accepted your friend request';
    case 'followedPostComment':
      return `commented on a post you follow${quoted(notification.comment)}`;
    case 'application':
      return 'asked to join';
  }
}

/**
 * Where a click leads: the post for a reaction or a comment, the applications for an
 * application (an applicant has no profile yet), else the actor's profile.
 */
export function notificationTarget(notification: Notification): string {
  if (notification.type === 'application') return '/admin/applications';
  const post = notification.post;
  if (post && POST_NOTIFICATION_TYPES.has(notification.type)) {
    return `/post/${post._id}`;
  }
  return `/profile/${notification.actor.username}`;
}

/**
 * The bell's panel: the member's notifications, newest first and page by page, unread ones in
 * bold with a dot; a click marks one read and follows it; 'Mark all as read' marks them all.
 */
export function NotificationsPanel({
  unreadCount,
  onMarkRead,
  close,
}: {
  unreadCount: number;
  /** `undefined`: all of them. */
  onMarkRead: (ids: string[] | undefined) => void;
  close: () => void;
}) {
  const list = useNotificationsQuery();
  const queryClient = useQueryClient();
  // The list is fetched afresh on each opening; the badge beside it should agree with it.
  useEffect(() => {
    void queryClient.invalidateQueries({ queryKey: notificationKeys.unreadCount() });
  }, [queryClient]);
  const notifications = useMemo(() => {
    // A notification may move to a later page while pages load; show it once.
    const seen = new Set<string>();
    const all: Notification[] = [];
    for (const notification of itemsOf(list.data)) {
      if (!seen.has(notification._id)) {
        seen.add(notification._id);
        all.push(notification);
      }
    }
    return all;
  }, [list.data]);
  const anyUnread = unreadCount > 0 || notifications.some((n) => !n.read);

  return (
    <div className={styles.panel}>
      <div className={styles.head}>
        <h2 className={styles.title}>Notifications</h2>
        {anyUnread && (
          <button type="button" className={styles.markAll} onClick={() => onMarkRead(undefined)}>
            Mark all as read
          </button>
        )}
      </div>
      {list.isPending ? (
        <div className={styles.status}>
          <Spinner label="Loading notifications" />
        </div>
      ) : list.isError && !list.data ? (
        <ErrorBox compact message={errorMessage(list.error)} onRetry={() => void list.refetch()} />
      ) : notifications.length === 0 ? (
        <p className={styles.empty}>{UI_MESSAGES.noNotifications}</p>
      ) : (
        <ul className={styles.list} aria-label="Notifications">
          {notifications.map((notification) => (
            <li key={notification._id}>
              <NotificationItem
                notification={notification}
                onOpen={() => {
                  if (!notification.read) onMarkRead([notification._id]);
                  close();
                }}
              />
            </li>
          ))}
        </ul>
      )}
      {list.hasNextPage && notifications.length > 0 && (
        <div className={styles.more}>
          {list.isFetchingNextPage ? (
            <Spinner label="Loading more notifications" size={20} />
          ) : (
            <button
              type="button"
              className={styles.seeMore}
              onClick={() => void list.fetchNextPage()}
            >
              See more
            </button>
          )}
        </div>
      )}
    </div>
  );
}

function TypeIcon({ notification }: { notification: Notification }) {
  if (notification.type === 'react' && notification.react) {
    return <ReactionIcon react={notification.react} size={24} />;
  }
  if (notification.type === 'comment' || notification.type === 'followedPostComment') {
    return (
      <span className={`${styles.typeIcon} ${styles.commentType}`}>
        <CommentIcon width={14} height={14} />
      </span>
    );
  }
  return (
    <span className={`${styles.typeIcon} ${styles.friendType}`}>
      <FriendsIcon width={14} height={14} />
    </span>
  );
}

function NotificationItem({
  notification,
  onOpen,
}: {
  notification: Notification;
  onOpen: () => void;
}) {
  const { actor, read } = notification;
  return (
    <Link
      to={notificationTarget(notification)}
      className={read ? styles.item : `${styles.item} ${styles.unread}`}
      onClick={onOpen}
    >
      <span className={styles.picture}>
        <Avatar src={actor.picture} size={56} />
        <span className={styles.badge} aria-hidden="true">
          <TypeIcon notification={notification} />
        </span>
      </span>
      <span className={styles.body}>
        <span className={styles.sentence}>
          <strong>
            {actor.first_name} {actor.last_name}
          </strong>{' '}
          {notificationAction(notification)}
        </span>
        <RelativeTime iso={notification.createdAt} className={styles.time} />
      </span>
      {!read && (
        <span className={styles.dot}>
          <span className="visually-hidden">Unread</span>
        </span>
      )}
    </Link>
  );
}

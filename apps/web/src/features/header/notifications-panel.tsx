import {
  ACCOUNT_MESSAGES,
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
import { FriendsIcon, GearIcon, ShieldIcon } from '../../ui/icons';
import { RelativeTime } from '../../ui/relative-time';
import { Spinner } from '../../ui/spinner';
import { ReactionIcon } from '../reactions/reaction-icon';
import styles from './notifications.module.css';

/**
 * '"text"', with '…' when the server cut it to the preview length (or it is longer: a
 * moderator's note comes whole); '' without text.
 */
function quoted(text: string | null): string {
  if (!text) return '';
  const shown = text.slice(0, NOTIFICATION_PREVIEW_MAX);
  return `: "${shown}${text.length >= NOTIFICATION_PREVIEW_MAX ? '…' : ''}"`;
}

/** The notifications about a post, which lead to it. */
const POST_NOTIFICATION_TYPES: ReadonlySet<NotificationType> = new Set([
  'react',
  'comment',
  'followedPostComment',
]);

/** The notifications a moderator's action sends the member it concerns: no actor is named. */
const MODERATION_TYPES: ReadonlySet<NotificationType> = new Set([
  'postRemoved',
  'commentRemoved',
  'warning',
]);

/** Whether the notification's sentence starts with its actor's name. */
export function namesActor(notification: Notification): boolean {
  // The server's own news (a zip ready to download) has nobody behind it.
  return !MODERATION_TYPES.has(notification.type) && notification.type !== 'exportReady';
}

/**
 * What the notification says: after the actor's name for most ('reacted to your post'), the
 * whole sentence for a moderator's action ('A moderator warned you: "…"').
 */
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
    case 'report':
      return 'reported something';
    case 'postRemoved':
      return `A moderator removed your post${quoted(notification.note)}`;
    case 'commentRemoved':
      return `A moderator removed your comment${quoted(notification.note)}`;
    case 'warning':
      return `A moderator warned you${quoted(notification.note)}`;
    case 'exportReady':
      return ACCOUNT_MESSAGES.exportReady;
  }
}

/**
 * Where a click leads: the post for a reaction or a comment, the applications for an
 * application (an applicant has no profile yet), the reports queue for a report, the Support
 * Inbox for a moderator's action, else the actor's profile.
 */
export function notificationTarget(notification: Notification): string {
  if (notification.type === 'application') return '/admin/applications';
  if (notification.type === 'report') return '/admin/reports';
  // 'Download your information' lists the zip on the Settings page.
  if (notification.type === 'exportReady') return '/settings';
  if (MODERATION_TYPES.has(notification.type)) return '/support';
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
  if (notification.type === 'report') {
    return (
      <span className={`${styles.typeIcon} ${styles.moderationType}`}>
        <ShieldIcon width={14} height={14} />
      </span>
    );
  }
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
  const withActor = namesActor(notification);
  return (
    <Link
      to={notificationTarget(notification)}
      className={read ? styles.item : `${styles.item} ${styles.unread}`}
      onClick={onOpen}
    >
      {withActor ? (
        <span className={styles.picture}>
          <Avatar src={actor.picture} size={56} />
          <span className={styles.badge} aria-hidden="true">
            <TypeIcon notification={notification} />
          </span>
        </span>
      ) : (
        // A moderator's action: the moderators stay anonymous, the shield stands for them; the
        // server's own news shows the Settings gear, where it leads.
        <span className={`${styles.picture} ${styles.moderatorPicture}`} aria-hidden="true">
          {notification.type === 'exportReady' ? (
            <GearIcon width={28} height={28} />
          ) : (
            <ShieldIcon width={28} height={28} />
          )}
        </span>
      )}
      <span className={styles.body}>
        <span className={styles.sentence}>
          {withActor && (
            <>
              <strong>
                {actor.first_name} {actor.last_name}
              </strong>{' '}
            </>
          )}
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

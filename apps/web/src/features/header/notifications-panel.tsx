import {
  type MessageDescriptor,
  NOTIFICATION_PREVIEW_MAX,
  type Notification,
  type NotificationType,
} from '@hearth/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { errorMessage } from '../../api/client';
import { itemsOf } from '../../api/cursor-pages';
import { notificationKeys } from '../../api/notification-keys';
import { useNotificationsQuery } from '../../api/notifications';
import { T, useT } from '../../i18n';
import { contractMessages } from '../../i18n/server.messages';
import { serverUiMessages } from '../../i18n/server-ui.messages';
import { Link } from '../../routing/routing';
import { Avatar } from '../../ui/avatar';
import { ErrorBox } from '../../ui/error-box';
import { CommentIcon } from '../../ui/feed-icons';
import { FriendsIcon, GearIcon, ShieldIcon } from '../../ui/icons';
import { RelativeTime } from '../../ui/relative-time';
import { Spinner } from '../../ui/spinner';
import { ReactionIcon } from '../reactions/reaction-icon';
import { notificationsMessages as m } from './notifications.messages';
import styles from './notifications.module.css';
import { SeeMoreRow } from './see-more-row';

/**
 * A sentence's quote: `quoted` 'yes' and the text, with '…' when the server cut it to the
 * preview length (or it is longer: a moderator's note comes whole); 'no' without text.
 */
function quoted(text: string | null): { quoted: 'yes' | 'no'; text: string } {
  if (!text) return { quoted: 'no', text: '' };
  const shown = text.slice(0, NOTIFICATION_PREVIEW_MAX);
  return { quoted: 'yes', text: `${shown}${text.length >= NOTIFICATION_PREVIEW_MAX ? '…' : ''}` };
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
 * What the notification says, as a message and its values: the actor's name in `<0>` for most
 * ('<0>Grace Hopper</0> reacted to your post'), no name for a moderator's action ('A moderator
 * warned you: "…"').
 */
export function notificationSentence(notification: Notification): {
  message: MessageDescriptor;
  values: Record<string, string>;
} {
  const name = `${notification.actor.first_name} ${notification.actor.last_name}`;
  switch (notification.type) {
    case 'react':
      return { message: m.react, values: { name, ...quoted(notification.post?.text ?? null) } };
    case 'comment':
      return { message: m.comment, values: { name, ...quoted(notification.comment) } };
    case 'friendRequest':
      return { message: m.friendRequest, values: { name } };
    case 'friendAccepted':
      return { message: m.friendAccepted, values: { name } };
    case 'followedPostComment':
      return { message: m.followedPostComment, values: { name, ...quoted(notification.comment) } };
    case 'application':
      return { message: m.application, values: { name } };
    case 'report':
      return { message: m.report, values: { name } };
    case 'postRemoved':
      return { message: m.postRemoved, values: quoted(notification.note) };
    case 'commentRemoved':
      return { message: m.commentRemoved, values: quoted(notification.note) };
    case 'warning':
      return { message: m.warning, values: quoted(notification.note) };
    case 'exportReady':
      return { message: contractMessages.account.exportReady, values: {} };
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
  const t = useT();
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
        <h2 className={styles.title}>{t(m.title)}</h2>
        {anyUnread && (
          <button type="button" className={styles.markAll} onClick={() => onMarkRead(undefined)}>
            {t(m.markAllRead)}
          </button>
        )}
      </div>
      {list.isPending ? (
        <div className={styles.status}>
          <Spinner label={t(m.loading)} />
        </div>
      ) : list.isError && !list.data ? (
        <ErrorBox compact message={errorMessage(list.error)} onRetry={() => void list.refetch()} />
      ) : notifications.length === 0 ? (
        <p className={styles.empty}>{t(serverUiMessages.noNotifications)}</p>
      ) : (
        <ul className={styles.list} aria-label={t(m.title)}>
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
      {notifications.length > 0 && (
        <SeeMoreRow list={list} label={t(m.seeMore)} loadingLabel={t(m.loadingMore)} />
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
  const t = useT();
  const { actor, read } = notification;
  const withActor = namesActor(notification);
  const sentence = notificationSentence(notification);
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
          <T
            message={sentence.message}
            values={sentence.values}
            components={{ 0: <strong dir="auto" /> }}
          />
        </span>
        <RelativeTime iso={notification.createdAt} className={styles.time} />
      </span>
      {!read && (
        <span className={styles.dot}>
          <span className="visually-hidden">{t(m.unread)}</span>
        </span>
      )}
    </Link>
  );
}

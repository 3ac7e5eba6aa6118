import { defineMessages } from '@hearth/contract';

/**
 * The bell's panel. A notification's sentence names its actor in `<0>{name}</0>`; `quoted` is
 * `yes` when it carries a text (`{text}`, cut to the preview length with '…'), else `no`.
 */
export const notificationsMessages = defineMessages('header.notifications', {
  title: 'Notifications',
  markAllRead: 'Mark all as read',
  loading: 'Loading notifications',
  loadingMore: 'Loading more notifications',
  seeMore: 'See more',
  unread: 'Unread',
  react:
    '{quoted, select, yes {<0>{name}</0> reacted to your post: "{text}"} other {<0>{name}</0> reacted to your post}}',
  comment:
    '{quoted, select, yes {<0>{name}</0> commented on your post: "{text}"} other {<0>{name}</0> commented on your post}}',
  friendRequest: '<0>{name}</0> sent you a friend request',
  friendAccepted: '<0>{name}</0> accepted your friend request',
  followedPostComment:
    '{quoted, select, yes {<0>{name}</0> commented on a post you follow: "{text}"} other {<0>{name}</0> commented on a post you follow}}',
  application: '<0>{name}</0> asked to join',
  report: '<0>{name}</0> reported something',
  postRemoved:
    '{quoted, select, yes {A moderator removed your post: "{text}"} other {A moderator removed your post}}',
  commentRemoved:
    '{quoted, select, yes {A moderator removed your comment: "{text}"} other {A moderator removed your comment}}',
  warning:
    '{quoted, select, yes {A moderator warned you: "{text}"} other {A moderator warned you}}',
});

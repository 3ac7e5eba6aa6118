import { type LiveServerMessage, type NotificationType, TYPING_SHOWN_MS } from '@hearth/contract';
import type { QueryClient } from '@tanstack/react-query';
import { friendsKeys } from './friends-keys';
import { applyLiveMessengerMessage } from './messenger-cache';
import { messengerKeys } from './messenger-keys';
import { moderationKeys } from './moderation-keys';
import { notificationKeys, postKeys as onePostKeys } from './notification-keys';
import { applyPostEdit, type FeedData, patchPost, postKeys } from './post-cache';
import { type ProfileAnswer, profileKeys } from './profile-keys';

/** Every profileKeys.detail(username). */
const PROFILE_DETAILS = [...profileKeys.all, 'detail'] as const;
/** Every postKeys.one(postId) of the post page. */
const ONE_POST = onePostKeys.one('').slice(0, 1);

type Payload<Type extends LiveServerMessage['type']> =
  Extract<LiveServerMessage, { type: Type }> extends { payload: infer P } ? P : never;

/**
 * Another member's reactions: the counts change; the viewer's own reaction, save and
 * notifications switch stay.
 */
export function applyLiveReactions(
  queryClient: QueryClient,
  { postId, reactions }: Payload<'reactions'>,
) {
  patchPost(queryClient, postId, (post) => ({
    ...post,
    reactions: {
      ...reactions,
      check: post.reactions.check,
      checkSaved: post.reactions.checkSaved,
      notificationsOn: post.reactions.notificationsOn,
    },
  }));
}

/** A new comment goes first, once (the member's own may be there already), with the count. */
export function applyLiveComment(
  queryClient: QueryClient,
  { postId, comment, commentCount }: Payload<'comment'>,
) {
  patchPost(queryClient, postId, (post) => {
    const held = post.comments.some((item) => item._id === comment._id);
    const comments = held ? post.comments : [comment, ...post.comments];
    return { ...post, comments, commentCount: Math.max(commentCount, comments.length) };
  });
}

/** The flags with a member changed: their profile shows them; the friends page reads again. */
export function applyLiveFriendship(
  queryClient: QueryClient,
  { userId, friendship }: Payload<'friendship'>,
  viewerUsername: string,
) {
  let friendsChanged = false;
  for (const [key, data] of queryClient.getQueriesData<ProfileAnswer>({
    queryKey: PROFILE_DETAILS,
  })) {
    if (data?.ok !== true || data._id !== userId) continue;
    const next: ProfileAnswer = { ...data, friendship };
    queryClient.setQueryData<ProfileAnswer>(key, next);
    // Their friend count and list change with a new or ended friendship.
    if (data.friendship.friends !== friendship.friends) {
      friendsChanged = true;
      void queryClient.invalidateQueries({ queryKey: key, exact: true });
    }
  }
  if (friendsChanged) {
    void queryClient.invalidateQueries({ queryKey: profileKeys.detail(viewerUsername) });
  }
  void queryClient.invalidateQueries({ queryKey: friendsKeys.page() });
}

/** The bell's badge takes the server's count; the list is read again when it shows. */
export function applyUnreadCount(queryClient: QueryClient, unreadCount: number) {
  queryClient.setQueryData(notificationKeys.unreadCount(), { count: Math.max(0, unreadCount) });
  void queryClient.invalidateQueries({ queryKey: notificationKeys.list() });
}

/** The notifications of what waits for moderators: a new report, a new application. */
const WAITING_TYPES: ReadonlySet<NotificationType> = new Set(['report', 'application']);

/**
 * The header's Moderation count reads again (only a moderator's screen holds it), and so do
 * the lists it counts when they show.
 */
function refreshSummary(queryClient: QueryClient) {
  void queryClient.invalidateQueries({ queryKey: moderationKeys.summary() });
  void queryClient.invalidateQueries({ queryKey: moderationKeys.reports('open') });
  void queryClient.invalidateQueries({ queryKey: moderationKeys.applications() });
}

/** Whether a `post` message should offer 'New posts': another member's post not yet shown. */
export function isUnseenPost(
  queryClient: QueryClient,
  { postId, authorId }: Payload<'post'>,
  viewerId: string,
): boolean {
  if (authorId === viewerId) return false;
  const feed = queryClient.getQueryData<FeedData>(postKeys.feed());
  return !feed?.pages.some((page) => page.posts.some((post) => post._id === postId));
}

/** A live message's change to the cached data (`post` is the screen's: the 'New posts' pill). */
export function applyLiveMessage(
  queryClient: QueryClient,
  message: LiveServerMessage,
  viewer: { id: string; username: string },
) {
  if (applyLiveMessengerMessage(queryClient, message, viewer.id, Date.now(), TYPING_SHOWN_MS)) {
    return;
  }
  switch (message.type) {
    case 'reactions':
      applyLiveReactions(queryClient, message.payload);
      return;
    case 'comment':
      applyLiveComment(queryClient, message.payload);
      return;
    case 'postEdited':
      applyPostEdit(queryClient, message.payload);
      return;
    case 'friendship':
      applyLiveFriendship(queryClient, message.payload, viewer.username);
      return;
    case 'notification':
      applyUnreadCount(queryClient, message.payload.unreadCount);
      if (WAITING_TYPES.has(message.payload.notification.type)) refreshSummary(queryClient);
      return;
    case 'notificationRemoved':
      applyUnreadCount(queryClient, message.payload.unreadCount);
      // An application another moderator decided goes with its notification.
      refreshSummary(queryClient);
      return;
    case 'notificationsRead':
      applyUnreadCount(queryClient, message.payload.unreadCount);
      return;
    case 'stale':
      refetchAfterGap(queryClient);
      return;
    default:
      return;
  }
}

/**
 * After a reconnect or a `stale` message, events were missed: what is on screen reads again
 * (only queries in use refetch now; the others are marked stale and read when next shown).
 */
export function refetchAfterGap(queryClient: QueryClient) {
  void queryClient.invalidateQueries({ queryKey: postKeys.feed() });
  void queryClient.invalidateQueries({ queryKey: notificationKeys.all });
  void queryClient.invalidateQueries({ queryKey: friendsKeys.all });
  void queryClient.invalidateQueries({ queryKey: PROFILE_DETAILS });
  void queryClient.invalidateQueries({ queryKey: profileKeys.olderPosts() });
  void queryClient.invalidateQueries({ queryKey: ONE_POST });
  void queryClient.invalidateQueries({ queryKey: moderationKeys.summary() });
  void queryClient.invalidateQueries({ queryKey: messengerKeys.unread() });
  void queryClient.invalidateQueries({ queryKey: messengerKeys.lists() });
  void queryClient.invalidateQueries({ queryKey: [...messengerKeys.all, 'conversation'] });
  void queryClient.invalidateQueries({ queryKey: [...messengerKeys.all, 'messages'] });
}

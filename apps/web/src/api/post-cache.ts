import type { Audience, Post } from '@hearth/contract';
import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import { postKeys as onePostKeys } from './notification-keys';
import { type ProfileAnswer, profileKeys } from './profile-keys';

/** One page of the home feed: its posts and the cursor of the next page, if any. */
export interface FeedPage {
  posts: Post[];
  nextCursor: string | null;
}

export type FeedData = InfiniteData<FeedPage, string | null>;

export const postKeys = {
  all: ['posts'] as const,
  feed: () => [...postKeys.all, 'feed'] as const,
  /** Comments older than the ones a post carries, fetched for 'View more comments'. */
  comments: (postId: string) => [...postKeys.all, 'comments', postId] as const,
  /** A post's earlier versions, for its 'Edit history'. */
  edits: (postId: string) => [...postKeys.all, 'edits', postId] as const,
};

/** What an edit changes of a post: the live message's payload, or these fields of editPost's answer. */
export type PostEdit = Pick<Post, 'text' | 'background' | 'images' | 'editedAt'> & {
  postId: string;
};

function mapFeed(data: FeedData | undefined, change: (posts: Post[]) => Post[]) {
  if (!data) return data;
  return { ...data, pages: data.pages.map((page) => ({ ...page, posts: change(page.posts) })) };
}

/** The prefix of every one-post query (`onePostKeys.one(id)`, a post's own page). */
const ONE_POST_PREFIX = onePostKeys.one('').slice(0, 1);

/**
 * Every cached list of posts (the feed and each loaded profile) and every post's own page,
 * changed the same way. A post a change drops stays on its page: removePost forgets it there.
 */
export function mapAllPosts(queryClient: QueryClient, change: (posts: Post[]) => Post[]) {
  queryClient.setQueriesData<Post>({ queryKey: ONE_POST_PREFIX }, (post) =>
    post ? (change([post])[0] ?? post) : post,
  );
  queryClient.setQueryData<FeedData>(postKeys.feed(), (data) => mapFeed(data, change));
  queryClient.setQueriesData<FeedData>({ queryKey: profileKeys.olderPosts() }, (data) =>
    mapFeed(data, change),
  );
  queryClient.setQueriesData<ProfileAnswer>({ queryKey: profileKeys.all }, (data) =>
    data && data.ok === true && Array.isArray(data.posts)
      ? { ...data, posts: change(data.posts) }
      : data,
  );
}

/** Every cached copy of a post (its own page's included), changed the same way. */
export function patchPost(queryClient: QueryClient, postId: string, change: (post: Post) => Post) {
  // mapAllPosts changes the post's own page too: once, so a toggle is never applied twice.
  mapAllPosts(queryClient, (posts) =>
    posts.map((post) => (post._id === postId ? change(post) : post)),
  );
}

/** A post's new audience, on every cached copy (feed, profiles, its own page). */
export function setPostAudience(queryClient: QueryClient, postId: string, audience: Audience) {
  patchPost(queryClient, postId, (post) => ({ ...post, audience }));
}

/**
 * An edited post reads as it does now on every cached copy (feed, profiles, its own page); only
 * what an edit changes is replaced, so comments and reactions that arrived meanwhile stay. Its
 * history, if read, is read again when next shown.
 */
export function applyPostEdit(
  queryClient: QueryClient,
  { postId, text, background, images, editedAt }: PostEdit,
) {
  patchPost(queryClient, postId, (post) => ({ ...post, text, background, images, editedAt }));
  void queryClient.invalidateQueries({ queryKey: postKeys.edits(postId) });
}

/** Whether a post gives this member its notifications, on every cached copy. */
export function setPostNotifications(queryClient: QueryClient, postId: string, on: boolean) {
  patchPost(queryClient, postId, (post) => ({
    ...post,
    reactions: { ...post.reactions, notificationsOn: on },
  }));
}

/**
 * A member just blocked leaves at once: their posts from every list, their comments from the
 * posts that stay. The lists are read again after, for the counts and what the server hides.
 */
export function dropMemberPosts(queryClient: QueryClient, memberId: string) {
  mapAllPosts(queryClient, (posts) =>
    posts
      .filter((post) => post.user._id !== memberId)
      .map((post) =>
        post.comments.some((comment) => comment.commentBy._id === memberId)
          ? {
              ...post,
              comments: post.comments.filter((comment) => comment.commentBy._id !== memberId),
            }
          : post,
      ),
  );
}

export function findPost(queryClient: QueryClient, postId: string): Post | undefined {
  const own = queryClient.getQueryData<Post>(onePostKeys.one(postId));
  if (own) return own;
  const data = queryClient.getQueryData<FeedData>(postKeys.feed());
  for (const page of data?.pages ?? []) {
    const post = page.posts.find((candidate) => candidate._id === postId);
    if (post) return post;
  }
  for (const [, older] of queryClient.getQueriesData<FeedData>({
    queryKey: profileKeys.olderPosts(),
  })) {
    for (const page of older?.pages ?? []) {
      const post = page.posts.find((candidate) => candidate._id === postId);
      if (post) return post;
    }
  }
  for (const [, profile] of queryClient.getQueriesData<ProfileAnswer>({
    queryKey: profileKeys.all,
  })) {
    if (profile?.ok !== true || !Array.isArray(profile.posts)) continue;
    const post = profile.posts.find((candidate) => candidate._id === postId);
    if (post) return post;
  }
  return undefined;
}

export function removePost(queryClient: QueryClient, postId: string) {
  mapAllPosts(queryClient, (posts) => posts.filter((post) => post._id !== postId));
  queryClient.removeQueries({ queryKey: postKeys.comments(postId) });
  queryClient.removeQueries({ queryKey: onePostKeys.one(postId) });
}

/** A new post goes to the top of the feed and of its author's profile, without a reload. */
export function prependPost(queryClient: QueryClient, post: Post) {
  queryClient.setQueryData<FeedData>(postKeys.feed(), (data) => {
    if (!data) return data;
    const [first, ...rest] = data.pages;
    if (!first) return data;
    return { ...data, pages: [{ ...first, posts: [post, ...first.posts] }, ...rest] };
  });
  queryClient.setQueryData<ProfileAnswer>(profileKeys.detail(post.user.username), (data) =>
    data && data.ok === true ? { ...data, posts: [post, ...data.posts] } : data,
  );
}

/**
 * 'Reload the posts': keep only the first page, then fetch it again, so the member sees the
 * newest posts without a skeleton flash and without the later pages refetched one by one.
 */
export async function reloadFeed(queryClient: QueryClient) {
  queryClient.setQueryData<FeedData>(postKeys.feed(), (data) =>
    data && data.pages.length > 1
      ? { pages: data.pages.slice(0, 1), pageParams: data.pageParams.slice(0, 1) }
      : data,
  );
  await queryClient.invalidateQueries({ queryKey: postKeys.all });
}

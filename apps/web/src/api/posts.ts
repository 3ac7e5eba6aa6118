import {
  type Audience,
  applyReaction,
  type Comment,
  isEmptyComment,
  NEXT_CURSOR_HEADER,
  normalizeNewPost,
  POST_REMOVAL_DELAY_MS,
  type Post,
  type Reaction,
  type ReactionSummary,
  ROUTES,
  uploadFolderPath,
} from '@hearth/contract';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useApi, useSessionUser } from '../session/session-context';
import { type ApiClient, ApiError } from './client';
import { feedQueryOptions } from './feed-query';
import { postKeys as onePostKeys } from './notification-keys';
import {
  applyPostEdit,
  findPost,
  patchPost,
  postKeys,
  prependPost,
  reloadFeed,
  removePost,
  setPostAudience,
  setPostNotifications,
} from './post-cache';

export { FEED_STALE_TIME_MS } from './feed-query';
export { postKeys } from './post-cache';

/** Multipart upload: the `path` field first, then one `file` part per image, answered in order. */
export function uploadImages(api: ApiClient, path: string, files: readonly File[]) {
  const form = new FormData();
  form.append('path', path);
  for (const file of files) form.append('file', file);
  return api.call(ROUTES.uploadImages, { body: form });
}

/** The home feed, page by page through the `X-Next-Cursor` header. */
export function useFeedQuery() {
  return useInfiniteQuery(feedQueryOptions(useApi()));
}

/**
 * One post for its page (/post/{postId}): the card as the feed carries it, or `null` when the
 * post is missing or in trash (a 404, which asking again will not change).
 */
export function usePostQuery(postId: string) {
  const api = useApi();
  return useQuery({
    queryKey: onePostKeys.one(postId),
    queryFn: async ({ signal }): Promise<Post | null> => {
      try {
        return await api.call(ROUTES.getPost, { params: { postId } }, { signal });
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) return null;
        throw error;
      }
    },
  });
}

export interface NewPost {
  text: string;
  background: string | null;
  files: readonly File[];
  /** Who may see the post; left out, the member's default audience (their privacy settings). */
  audience: Audience | undefined;
}

/** Uploads the photos first, then creates the post; the answer goes to the top of the feed. */
export function useCreatePostMutation() {
  const api = useApi();
  const user = useSessionUser();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ text, background, files, audience }: NewPost) => {
      const images = files.length
        ? await uploadImages(api, uploadFolderPath('postImages', user.username), files)
        : null;
      return api.call(ROUTES.createPost, {
        body: normalizeNewPost({ type: null, background, text, user: user.id, images, audience }),
      });
    },
    onSuccess: (post) => prependPost(queryClient, post),
  });
}

export interface PostChanges {
  postId: string;
  text: string;
  background: string | null;
  /** The photos the post keeps, in order, before the new ones. */
  kept: readonly { url: string }[];
  /** New photos, uploaded first. */
  files: readonly File[];
}

/**
 * 'Edit Post': the new photos are uploaded first, then the post is sent as it should read now;
 * the answer shows on every cached copy of the post at once.
 */
export function useEditPostMutation() {
  const api = useApi();
  const user = useSessionUser();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ postId, text, background, kept, files }: PostChanges) => {
      const uploaded = files.length
        ? await uploadImages(api, uploadFolderPath('postImages', user.username), files)
        : [];
      const images = [...kept, ...uploaded].map(({ url }) => ({ url }));
      return api.call(ROUTES.editPost, {
        params: { postId },
        body: normalizeNewPost({ text, background, images }),
      });
    },
    onSuccess: (post) =>
      applyPostEdit(queryClient, {
        postId: post._id,
        text: post.text,
        background: post.background,
        images: post.images,
        editedAt: post.editedAt,
      }),
  });
}

/** A post's earlier versions, newest first, read when its 'Edit history' opens. */
export function usePostEditsQuery(postId: string) {
  const api = useApi();
  return useQuery({
    queryKey: postKeys.edits(postId),
    queryFn: ({ signal }) => api.call(ROUTES.postEdits, { params: { postId } }, { signal }),
  });
}

/** 'Turn on/off notifications for this post': the menu follows where the server says it is. */
export function usePostNotificationsMutation() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ postId, on }: { postId: string; on: boolean }) =>
      api.call(ROUTES.postNotifications, { params: { postId }, body: { on } }),
    onSuccess: (answer, { postId }) => setPostNotifications(queryClient, postId, answer.on),
  });
}

/**
 * A change shown at once and then sent (spec section 4). When the server refuses, the post's
 * reactions and saved flag are read back from it; failing that, the earlier state returns.
 */
function useOptimisticSummary<Input extends { postId: string }, Answer>(
  send: (api: ApiClient, input: Input) => Promise<Answer>,
  change: (summary: ReactionSummary, input: Input) => ReactionSummary,
  settle?: (summary: ReactionSummary, answer: Answer) => ReactionSummary,
) {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: Input) => send(api, input),
    onMutate: async (input) => {
      await queryClient.cancelQueries({ queryKey: postKeys.feed() });
      await queryClient.cancelQueries({ queryKey: onePostKeys.one(input.postId) });
      const previous = findPost(queryClient, input.postId)?.reactions;
      patchPost(queryClient, input.postId, (post) => ({
        ...post,
        reactions: change(post.reactions, input),
      }));
      return { previous };
    },
    onSuccess: (answer, { postId }) => {
      if (settle) {
        patchPost(queryClient, postId, (post) => ({
          ...post,
          reactions: settle(post.reactions, answer),
        }));
      }
    },
    onError: async (_error, { postId }, context) => {
      let reactions = context?.previous;
      try {
        reactions = await api.call(ROUTES.getReacts, { params: { postId } });
      } catch {
        // The earlier state is the best guess left.
      }
      if (reactions) patchPost(queryClient, postId, (post) => ({ ...post, reactions }));
    },
  });
}

export function useReactMutation() {
  return useOptimisticSummary(
    (api, { postId, react }: { postId: string; react: Reaction }) =>
      api.call(ROUTES.react, { body: { react, postId } }),
    (summary, { react }) => applyReaction(summary, react),
  );
}

export function useSavePostMutation() {
  return useOptimisticSummary(
    (api, { postId }: { postId: string }) => api.call(ROUTES.savePost, { params: { postId } }),
    (summary) => ({ ...summary, checkSaved: !summary.checkSaved }),
    // The server says where the toggle landed (another tab may have toggled it meanwhile).
    (summary, answer) =>
      typeof answer?.saved === 'boolean' ? { ...summary, checkSaved: answer.saved } : summary,
  );
}

/** Moves a post to trash; once its card has faded out, the post leaves every cached list. */
export function useDeletePostMutation() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (postId: string) => api.call(ROUTES.deletePost, { params: { postId } }),
    onSuccess: (_answer, postId) => {
      setTimeout(() => removePost(queryClient, postId), POST_REMOVAL_DELAY_MS);
    },
  });
}

/** 'Edit audience': once the server has it, the post's new audience shows on every copy. */
export function useEditAudienceMutation() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ postId, audience }: { postId: string; audience: Audience }) =>
      api.call(ROUTES.editAudience, { params: { postId }, body: { audience } }),
    onSuccess: (answer, { postId }) => setPostAudience(queryClient, postId, answer.audience),
  });
}

/** 'Reload the posts': the newest first page again, without a skeleton flash. */
export function useReloadFeed() {
  const queryClient = useQueryClient();
  return () => reloadFeed(queryClient);
}

export interface NewComment {
  postId: string;
  text: string;
  file: File | null;
}

/**
 * An image comment uploads first, then comments with the first url. The answer (the newest
 * comments) replaces the post's comments, and its count goes up by one.
 */
export function useCommentMutation() {
  const api = useApi();
  const user = useSessionUser();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ postId, text, file }: NewComment) => {
      let image = '';
      if (file) {
        const folder = uploadFolderPath('commentImages', user.username, postId);
        const [first] = await uploadImages(api, folder, [file]);
        image = first?.url ?? '';
      }
      return api.call(ROUTES.comment, { body: { comment: text, image, postId } });
    },
    // An empty comment is stored by no one: the answer is the list as it was, and counts nothing.
    onSuccess: (comments, { postId, text, file }) => {
      const added = isEmptyComment({ comment: text, image: file }) ? 0 : 1;
      patchPost(queryClient, postId, (post) => {
        // The live update may have brought (and counted) the new comment already.
        const newest = comments[0]?._id;
        const counted = newest !== undefined && post.comments.some((c) => c._id === newest);
        return {
          ...post,
          comments,
          commentCount: Math.max(post.commentCount + (counted ? 0 : added), comments.length),
        };
      });
    },
  });
}

export interface CommentsPage {
  comments: Comment[];
  nextCursor: string | null;
}

/**
 * Comments older than the ones a post carries: the first page starts after `oldestHeld` (the
 * `_id` of the oldest comment the card has; without one, the newest page), then the pages
 * follow `X-Next-Cursor`.
 */
export function useOlderCommentsQuery(postId: string, oldestHeld: string | null, enabled: boolean) {
  const api = useApi();
  return useInfiniteQuery({
    queryKey: postKeys.comments(postId),
    initialPageParam: oldestHeld,
    queryFn: async ({ pageParam }): Promise<CommentsPage> => {
      const { data, headers } = await api.callWithHeaders(ROUTES.comments, {
        params: { postId },
        query: { cursor: pageParam ?? undefined },
      });
      return { comments: data, nextCursor: headers.get(NEXT_CURSOR_HEADER) || null };
    },
    getNextPageParam: (last) => last.nextCursor,
    enabled,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

import {
  type Details,
  IMAGE_LISTING_MAX,
  NEXT_CURSOR_HEADER,
  normalizeNewPost,
  type PostType,
  PROFILE_FRIENDS_SHOWN,
  type Profile,
  ROUTES,
  uploadFolderPath,
} from '@hearth/contract';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { translate } from '../i18n';
import { useApi, useSession, useSessionUser } from '../session/session-context';
import { apiMessages } from './api.messages';
import { applyFriendship, type FriendshipAction } from './apply-friendship';
import { ApiError } from './client';
import { FRIENDSHIP_SCOPE, friendsKeys } from './friends-keys';
import { type FeedPage, mapAllPosts, prependPost } from './post-cache';
import { uploadImages } from './posts';
import { type ProfileAnswer, profileKeys } from './profile-keys';

export { type ProfileAnswer, profileKeys } from './profile-keys';

/**
 * A profile by username. An unknown one answers 200 `{ok:false}`, which is data, not a failure;
 * an older server answered it with a 404, which means the same.
 */
export function useProfileQuery(username: string) {
  const api = useApi();
  return useQuery({
    queryKey: profileKeys.detail(username),
    queryFn: async (): Promise<ProfileAnswer> => {
      try {
        const { data: answer, headers } = await api.callWithHeaders(ROUTES.getProfile, {
          params: { username },
        });
        return answer.ok === true
          ? { ...answer, postsCursor: headers.get(NEXT_CURSOR_HEADER) || null }
          : { ok: false };
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) return { ok: false };
        throw error;
      }
    },
  });
}

/** How many older posts a profile asks for at a time, as it is scrolled. */
export const PROFILE_POSTS_PAGE_SIZE = 10;

/**
 * A profile's posts older than its first page, page by page from the first page's
 * `X-Next-Cursor`; asked for only once `enabled` (the member scrolled to the end).
 */
export function useOlderProfilePostsQuery(
  username: string,
  cursor: string | null | undefined,
  enabled: boolean,
) {
  const api = useApi();
  return useInfiniteQuery({
    queryKey: profileKeys.olderPostsOf(username, cursor ?? ''),
    initialPageParam: cursor ?? null,
    queryFn: async ({ pageParam, signal }): Promise<FeedPage> => {
      const { data, headers } = await api.callWithHeaders(
        ROUTES.getProfile,
        {
          params: { username },
          query: { limit: PROFILE_POSTS_PAGE_SIZE, cursor: pageParam ?? undefined },
        },
        { signal },
      );
      return {
        posts: data.ok === true ? data.posts : [],
        nextCursor: data.ok === true ? headers.get(NEXT_CURSOR_HEADER) || null : null,
      };
    },
    getNextPageParam: (last: FeedPage) => last.nextCursor,
    enabled: enabled && !!cursor,
  });
}

/** A member's uploaded images, newest first (at most 30): the Photos card and older covers. */
export function useImagesQuery(username: string) {
  const api = useApi();
  return useQuery({
    queryKey: profileKeys.images(username),
    queryFn: () =>
      api.call(ROUTES.listImages, {
        body: { path: `${username}/*`, sort: 'desc', max: IMAGE_LISTING_MAX },
      }),
  });
}

function patchProfile(
  queryClient: ReturnType<typeof useQueryClient>,
  username: string,
  change: (profile: Profile) => Profile,
) {
  queryClient.setQueryData<ProfileAnswer>(profileKeys.detail(username), (data) =>
    data && data.ok === true ? change(data) : data,
  );
}

type ProfileFriend = Profile['friends'][number];

/** The friend count and the newest friends after `friend` joins (+1) or leaves (-1) them. */
function withFriend(profile: Profile, friend: ProfileFriend, change: 1 | -1): Profile {
  const others = profile.friends.filter((item) => item.username !== friend.username);
  if (change === 1) {
    if (others.length < profile.friends.length) return profile;
    return {
      ...profile,
      friendsCount: profile.friendsCount + 1,
      friends: [friend, ...others].slice(0, PROFILE_FRIENDS_SHOWN),
    };
  }
  return { ...profile, friendsCount: Math.max(0, profile.friendsCount - 1), friends: others };
}

/**
 * A friendship button (spec section 4): the new flags show at once, then the call goes out.
 * Accepting or unfriending also changes both members' friend counts and lists at once; the
 * member's own profile is read again once the call settles. When the server refuses, the
 * profile is read again so the truth shows.
 */
export function useFriendshipMutation(username: string, profileId: string) {
  const api = useApi();
  const user = useSessionUser();
  const queryClient = useQueryClient();
  const key = profileKeys.detail(username);
  const ownKey = profileKeys.detail(user.username);
  return useMutation({
    scope: FRIENDSHIP_SCOPE,
    mutationFn: (action: FriendshipAction) =>
      api.call(ROUTES[action], { params: { id: profileId } }),
    onMutate: async (action) => {
      await queryClient.cancelQueries({ queryKey: key });
      const before = queryClient.getQueryData<ProfileAnswer>(key);
      const wasFriend = before?.ok === true && before.friendship.friends;
      const change =
        action === 'acceptRequest' && !wasFriend ? 1 : action === 'unfriend' && wasFriend ? -1 : 0;
      const me: ProfileFriend = {
        username: user.username,
        picture: user.picture,
        first_name: user.first_name,
        last_name: user.last_name,
      };
      patchProfile(queryClient, username, (profile) => {
        const next = { ...profile, friendship: applyFriendship(profile.friendship, action) };
        return change === 0 ? next : withFriend(next, me, change);
      });
      if (change !== 0 && before?.ok === true) {
        await queryClient.cancelQueries({ queryKey: ownKey });
        const them: ProfileFriend = {
          username: before.username,
          picture: before.picture,
          first_name: before.first_name,
          last_name: before.last_name,
        };
        patchProfile(queryClient, user.username, (profile) => withFriend(profile, them, change));
      }
    },
    onError: () => {
      void queryClient.invalidateQueries({ queryKey: key });
      void queryClient.invalidateQueries({ queryKey: ownKey });
    },
    onSettled: (_data, _error, action) => {
      // The friends page lists this member under requests, sent requests or friends.
      void queryClient.invalidateQueries({ queryKey: friendsKeys.page() });
      if (action === 'acceptRequest' || action === 'unfriend') {
        void queryClient.invalidateQueries({ queryKey: ownKey });
      }
    },
  });
}

/** Saves the whole details object; the stored details answer replaces the shown ones. */
export function useDetailsMutation(username: string) {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (infos: Details) => api.call(ROUTES.updateUserDetails, { body: { infos } }),
    onSuccess: (details) =>
      patchProfile(queryClient, username, (profile) => ({ ...profile, details })),
    // Spec section 8: a failed detail save is only logged.
    onError: (error) => console.error(error),
  });
}

interface PictureChange {
  type: NonNullable<PostType>;
  /** A cropped image to upload first, or the url of one of the member's own uploads. */
  source: { file: File } | { url: string };
  text?: string | null;
}

/**
 * A new profile picture or cover: upload (when a file), set it, then a post announces it. The
 * profile, the member's posts and (for a picture) the session update without a reload.
 */
export function usePictureChangeMutation() {
  const api = useApi();
  const user = useSessionUser();
  const { dispatch } = useSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ type, source, text = null }: PictureChange) => {
      let url: string;
      if ('file' in source) {
        const folder =
          type === 'profilePicture'
            ? uploadFolderPath('profilePictures', user.username)
            : uploadFolderPath('coverPictures', user.username);
        const [first] = await uploadImages(api, folder, [source.file]);
        if (!first) throw new ApiError(translate(apiMessages.noImageBack), 0);
        url = first.url;
      } else {
        url = source.url;
      }
      await api.call(
        type === 'profilePicture' ? ROUTES.updateProfilePicture : ROUTES.updateCoverPicture,
        { body: { url } },
      );
      const post = await api.call(ROUTES.createPost, {
        body: normalizeNewPost({ type, text, background: null, images: [{ url }], user: user.id }),
      });
      return { url, post };
    },
    onSuccess: ({ url, post }, { type }) => {
      if (type === 'profilePicture') {
        dispatch({ type: 'UPDATEPICTURE', payload: url });
        patchProfile(queryClient, user.username, (profile) => ({ ...profile, picture: url }));
        // The member's posts everywhere show the new picture too.
        mapAllPosts(queryClient, (posts) =>
          posts.map((item) =>
            item.user._id === user.id ? { ...item, user: { ...item.user, picture: url } } : item,
          ),
        );
      } else {
        patchProfile(queryClient, user.username, (profile) => ({ ...profile, cover: url }));
      }
      prependPost(queryClient, post);
      void queryClient.invalidateQueries({ queryKey: profileKeys.images(user.username) });
    },
  });
}

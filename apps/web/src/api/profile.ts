import {
  type Details,
  IMAGE_LISTING_MAX,
  normalizeNewPost,
  type PostType,
  type Profile,
  ROUTES,
  uploadFolderPath,
} from '@hearth/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useApi, useSession, useSessionUser } from '../session/session-context';
import { applyFriendship, type FriendshipAction } from './apply-friendship';
import { ApiError } from './client';
import { friendsKeys } from './friends-keys';
import { mapAllPosts, prependPost } from './post-cache';
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
        const answer = await api.call(ROUTES.getProfile, { params: { username } });
        return answer.ok === true ? answer : { ok: false };
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) return { ok: false };
        throw error;
      }
    },
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

/**
 * A friendship button (spec section 4): the new flags show at once, then the call goes out.
 * When the server refuses, the profile is read again so the truth shows.
 */
export function useFriendshipMutation(username: string, profileId: string) {
  const api = useApi();
  const queryClient = useQueryClient();
  const key = profileKeys.detail(username);
  return useMutation({
    mutationFn: (action: FriendshipAction) =>
      api.call(ROUTES[action], { params: { id: profileId } }),
    onMutate: async (action) => {
      await queryClient.cancelQueries({ queryKey: key });
      patchProfile(queryClient, username, (profile) => ({
        ...profile,
        friendship: applyFriendship(profile.friendship, action),
      }));
    },
    onError: () => void queryClient.invalidateQueries({ queryKey: key }),
    // The friends page lists this member under requests, sent requests or friends.
    onSettled: () => void queryClient.invalidateQueries({ queryKey: friendsKeys.page() }),
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
        if (!first) throw new ApiError('The upload gave no image back.', 0);
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

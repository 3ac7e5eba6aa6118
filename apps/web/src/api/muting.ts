import { type MutedList, ROUTES } from '@hearth/contract';
import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useApi } from '../session/session-context';
import { notificationKeys } from './notification-keys';
import { type FeedData, postKeys } from './post-cache';
import { type ProfileAnswer, profileKeys } from './profile-keys';

export type MutedMember = MutedList[number];

/** Who a mute or unmute is about: the id for the call, the username for their cached profile. */
export interface MuteTarget {
  _id: string;
  username: string;
}

export const mutingKeys = {
  all: ['muting'] as const,
  /** getMuted: the members this member muted, most recent first. */
  list: () => [...mutingKeys.all, 'list'] as const,
};

/** The members this member muted (Settings & privacy → Muted). */
export function useMutedQuery() {
  const api = useApi();
  return useQuery({
    queryKey: mutingKeys.list(),
    queryFn: ({ signal }) => api.call(ROUTES.getMuted, {}, { signal }),
  });
}

/** The profile's Mute / Unmute follows the change without reading the profile again. */
function setProfileMuted(queryClient: QueryClient, username: string, muted: boolean) {
  queryClient.setQueryData<ProfileAnswer>(profileKeys.detail(username), (data) =>
    data && data.ok === true ? { ...data, muted } : data,
  );
}

/**
 * A mute changes the feed (the member's posts leave it, or come back) and what notifies: both
 * are read again, and the Muted list. Their profile and their posts elsewhere stay as they are.
 */
function readAgainAfterMuteChange(queryClient: QueryClient) {
  for (const queryKey of [postKeys.feed(), notificationKeys.all, mutingKeys.all]) {
    void queryClient.invalidateQueries({ queryKey });
  }
}

/** Mutes a member: their posts leave the cached feed at once, before it is read again. */
export function useMuteMutation() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (member: MuteTarget) => api.call(ROUTES.mute, { params: { id: member._id } }),
    onSuccess: (_answer, member) => {
      setProfileMuted(queryClient, member.username, true);
      queryClient.setQueryData<FeedData>(postKeys.feed(), (data) =>
        data
          ? {
              ...data,
              pages: data.pages.map((page) => ({
                ...page,
                posts: page.posts.filter((post) => post.user._id !== member._id),
              })),
            }
          : data,
      );
      readAgainAfterMuteChange(queryClient);
    },
  });
}

/** Unmutes a member: they leave the Muted list once the server has it; the feed is read again. */
export function useUnmuteMutation() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (member: MuteTarget) => api.call(ROUTES.unmute, { params: { id: member._id } }),
    onSuccess: (_answer, member) => {
      queryClient.setQueryData<MutedList>(mutingKeys.list(), (list) =>
        list?.filter((entry) => entry._id !== member._id),
      );
      setProfileMuted(queryClient, member.username, false);
      readAgainAfterMuteChange(queryClient);
    },
  });
}

import { type BlockedList, ROUTES } from '@hearth/contract';
import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useApi } from '../session/session-context';
import { friendsKeys } from './friends-keys';
import { notificationKeys } from './notification-keys';
import { dropMemberPosts, postKeys } from './post-cache';
import { profileKeys } from './profile-keys';
import { searchKeys } from './search';

export type BlockedMember = BlockedList[number];

export const blockingKeys = {
  all: ['blocking'] as const,
  /** getBlocked: the members this member blocked, most recent first. */
  list: () => [...blockingKeys.all, 'list'] as const,
};

/** The members this member blocked (Settings & privacy → Blocking). */
export function useBlockedQuery() {
  const api = useApi();
  return useQuery({
    queryKey: blockingKeys.list(),
    queryFn: ({ signal }) => api.call(ROUTES.getBlocked, {}, { signal }),
  });
}

/**
 * A block or unblock changes what every list may show (feed, profiles, search, friends,
 * notifications): each is read again, the ones on screen at once, the others when next shown.
 * Profiles only when next shown: the blocked member's, still on screen as the app leaves it,
 * would answer 'not found' and send the member to their own profile instead of home.
 */
function readAgainAfterBlockChange(queryClient: QueryClient) {
  // The searches are emptied, not only marked stale: a term typed again would show its old
  // answer (the member just blocked among the results) until the new one came.
  void queryClient.resetQueries({ queryKey: searchKeys.all });
  for (const queryKey of [
    postKeys.all,
    ['post'],
    friendsKeys.all,
    notificationKeys.all,
    blockingKeys.all,
  ]) {
    void queryClient.invalidateQueries({ queryKey });
  }
  void queryClient.invalidateQueries({ queryKey: profileKeys.all, refetchType: 'none' });
}

/** Blocks a member: their posts and comments leave the cached lists at once, the rest follows. */
export function useBlockMutation() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (memberId: string) => api.call(ROUTES.block, { params: { id: memberId } }),
    onSuccess: (_answer, memberId) => {
      dropMemberPosts(queryClient, memberId);
      readAgainAfterBlockChange(queryClient);
    },
  });
}

/**
 * Forgets what was read of a member's profile, so the next visit asks again instead of showing
 * the old answer first: the profile of a member just blocked (once it has left the screen), or
 * the 'not found' of one just unblocked.
 */
export function forgetProfile(queryClient: QueryClient, username: string) {
  queryClient.removeQueries({ queryKey: profileKeys.detail(username) });
  queryClient.removeQueries({ queryKey: profileKeys.images(username) });
}

/** Unblocks a member: they leave the Blocking list once the server has it. */
export function useUnblockMutation() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (member: BlockedMember) => api.call(ROUTES.unblock, { params: { id: member._id } }),
    onSuccess: (_answer, unblocked) => {
      queryClient.setQueryData<BlockedList>(blockingKeys.list(), (list) =>
        list?.filter((member) => member._id !== unblocked._id),
      );
      forgetProfile(queryClient, unblocked.username);
      readAgainAfterBlockChange(queryClient);
    },
  });
}

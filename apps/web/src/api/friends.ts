import { type FriendsPage, type PublicUser, ROUTES } from '@hearth/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useApi, useSessionUser } from '../session/session-context';
import { applyFriendsPageAction, type FriendsPageAction } from './apply-friends-page';
import { FRIENDSHIP_SCOPE, friendsKeys } from './friends-keys';
import { postKeys } from './post-cache';
import { profileKeys } from './profile-keys';

export { friendsKeys } from './friends-keys';

/** The friends page's three lists. */
export function useFriendsPageQuery() {
  const api = useApi();
  return useQuery({
    queryKey: friendsKeys.page(),
    queryFn: () => api.call(ROUTES.getFriendsPageInfos),
  });
}

export interface FriendsPageChange {
  action: FriendsPageAction;
  member: PublicUser;
}

const friendsMutationKey = [...friendsKeys.all, 'change'] as const;

/**
 * A card's button (spec section 4): the lists change at once, then the call goes out, then the
 * lists are read again, so a refused call shows the truth. The profiles it touches (the other
 * member's and the member's own friends list) and the feed are read again when next shown.
 */
export function useFriendsPageMutation() {
  const api = useApi();
  const user = useSessionUser();
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: friendsMutationKey,
    scope: FRIENDSHIP_SCOPE,
    mutationFn: ({ action, member }: FriendsPageChange) =>
      api.call(ROUTES[action], { params: { id: member._id } }),
    onMutate: async ({ action, member }) => {
      await queryClient.cancelQueries({ queryKey: friendsKeys.page() });
      queryClient.setQueryData<FriendsPage>(friendsKeys.page(), (page) =>
        page ? applyFriendsPageAction(page, action, member) : page,
      );
    },
    onSettled: (_answer, _error, { action, member }) => {
      // While another change is still on its way, an early read would bring its card back.
      if (queryClient.isMutating({ mutationKey: friendsMutationKey }) === 1) {
        void queryClient.invalidateQueries({ queryKey: friendsKeys.page() });
      }
      void queryClient.invalidateQueries({ queryKey: profileKeys.detail(member.username) });
      if (action === 'acceptRequest') {
        void queryClient.invalidateQueries({ queryKey: profileKeys.detail(user.username) });
      }
      // Accepting makes both members follow each other; cancelling drops the follow.
      if (action !== 'deleteRequest') {
        void queryClient.invalidateQueries({ queryKey: postKeys.feed() });
      }
    },
  });
}

import type { FriendsPage, PublicUser } from '@hearth/contract';

/** The friendship calls the friends page makes, one per card button. */
export const FRIENDS_PAGE_ACTIONS = [
  'acceptRequest',
  'deleteRequest',
  'cancelFriendRequest',
] as const;
export type FriendsPageAction = (typeof FRIENDS_PAGE_ACTIONS)[number];

const without = (members: PublicUser[], id: string) => members.filter((m) => m._id !== id);

/** The lists after an action, as the page shows them at once (spec section 4). */
export function applyFriendsPageAction(
  page: FriendsPage,
  action: FriendsPageAction,
  member: PublicUser,
): FriendsPage {
  switch (action) {
    case 'acceptRequest':
      return {
        ...page,
        requests: without(page.requests, member._id),
        // The newest friend first, as the server lists them.
        friends: [member, ...without(page.friends, member._id)],
      };
    case 'deleteRequest':
      return { ...page, requests: without(page.requests, member._id) };
    case 'cancelFriendRequest':
      return { ...page, sentRequests: without(page.sentRequests, member._id) };
  }
}

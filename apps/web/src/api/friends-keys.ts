export const friendsKeys = {
  all: ['friends'] as const,
  /** getFriendsPageInfos: received requests, sent requests and friends. */
  page: () => [...friendsKeys.all, 'page'] as const,
};

/**
 * Friendship calls (a profile's buttons, the friends page's cards) go out one at a time, in
 * click order: a quick 'Cancel Request' then 'Add Friend' must reach the server in that order,
 * where two connections at once could arrive the other way round and leave no request while
 * the button says there is one. Each button still changes at once (onMutate is not queued).
 */
export const FRIENDSHIP_SCOPE = { id: 'friendship' } as const;

export const friendsKeys = {
  all: ['friends'] as const,
  /** getFriendsPageInfos: received requests, sent requests and friends. */
  page: () => [...friendsKeys.all, 'page'] as const,
};

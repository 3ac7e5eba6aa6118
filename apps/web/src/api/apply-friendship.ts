import type { Friendship } from '@hearth/contract';

export const FRIENDSHIP_ACTIONS = [
  'addFriend',
  'cancelFriendRequest',
  'follow',
  'unfollow',
  'acceptRequest',
  'unfriend',
  'deleteRequest',
] as const;
export type FriendshipAction = (typeof FRIENDSHIP_ACTIONS)[number];

const NONE: Friendship = {
  friends: false,
  following: false,
  requestSent: false,
  requestReceived: false,
};

/** The flags after an action, as spec section 4 shows them to the visitor at once. */
export function applyFriendship(flags: Friendship, action: FriendshipAction): Friendship {
  switch (action) {
    case 'addFriend':
      return { ...flags, requestSent: true, following: true };
    case 'cancelFriendRequest':
    case 'deleteRequest':
    case 'unfriend':
      return NONE;
    case 'acceptRequest':
      return { friends: true, following: true, requestSent: false, requestReceived: false };
    case 'follow':
      return { ...flags, following: true };
    case 'unfollow':
      return { ...flags, following: false };
  }
}

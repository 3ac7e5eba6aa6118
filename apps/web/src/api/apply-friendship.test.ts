import type { Friendship } from '@hearth/contract';
import { describe, expect, it } from 'vitest';
import { applyFriendship } from './apply-friendship';

const NONE: Friendship = {
  friends: false,
  following: false,
  requestSent: false,
  requestReceived: false,
};

describe('applyFriendship (spec section 4)', () => {
  it('Add Friend sets requestSent and following', () => {
    expect(applyFriendship(NONE, 'addFriend')).toEqual({
      ...NONE,
      requestSent: true,
      following: true,
    });
  });

  it('Cancel Request returns to none', () => {
    expect(
      applyFriendship({ ...NONE, requestSent: true, following: true }, 'cancelFriendRequest'),
    ).toEqual(NONE);
  });

  it('Confirm makes friends who follow, with the request flags cleared', () => {
    expect(applyFriendship({ ...NONE, requestReceived: true }, 'acceptRequest')).toEqual({
      friends: true,
      following: true,
      requestSent: false,
      requestReceived: false,
    });
  });

  it('Delete and Unfriend set every flag false', () => {
    expect(
      applyFriendship({ ...NONE, requestReceived: true, following: true }, 'deleteRequest'),
    ).toEqual(NONE);
    expect(applyFriendship({ ...NONE, friends: true, following: true }, 'unfriend')).toEqual(NONE);
  });

  it('Follow and Unfollow toggle only following', () => {
    const friends = { ...NONE, friends: true };
    expect(applyFriendship(friends, 'follow')).toEqual({ ...friends, following: true });
    expect(applyFriendship({ ...friends, following: true }, 'unfollow')).toEqual(friends);
  });
});

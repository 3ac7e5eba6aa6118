import { describe, expect, it } from 'vitest';
import { buildMember } from '../test/fixtures';
import { applyFriendsPageAction } from './apply-friends-page';

const grace = buildMember('Grace', 'Hopper');
const alan = buildMember('Alan', 'Turing');
const linus = buildMember('Linus', 'Torvalds');
const page = { requests: [grace, alan], sentRequests: [linus], friends: [alan] };

describe('the friends page lists after a card button', () => {
  it('Confirm moves the member from the requests to the top of the friends, once', () => {
    expect(applyFriendsPageAction(page, 'acceptRequest', alan)).toEqual({
      requests: [grace],
      sentRequests: [linus],
      friends: [alan],
    });
    expect(applyFriendsPageAction(page, 'acceptRequest', grace).friends).toEqual([grace, alan]);
  });

  it('Delete drops the request and touches nothing else', () => {
    expect(applyFriendsPageAction(page, 'deleteRequest', grace)).toEqual({
      ...page,
      requests: [alan],
    });
  });

  it('Cancel Request drops the sent request', () => {
    expect(applyFriendsPageAction(page, 'cancelFriendRequest', linus)).toEqual({
      ...page,
      sentRequests: [],
    });
  });
});

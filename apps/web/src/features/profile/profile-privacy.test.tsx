import type { Friendship } from '@hearth/contract';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildFriend, buildOwnProfile, buildProfile } from '../../test/fixtures';
import { NO_FRIENDSHIP, openProfile, shownFriendshipButtons } from '../../test/profile';

const friendsCard = () => screen.getByRole('region', { name: 'Friends' });

describe("a member's privacy settings, as their profile shows them to others", () => {
  it.each<[Partial<Friendship>, string[]]>([
    [{}, ['Follow']],
    [{ following: true }, ['Following']],
    [{ requestReceived: true }, ['Respond', 'Follow']],
    [{ requestSent: true, following: true }, ['Cancel Request', 'Following']],
    [{ friends: true, following: true }, ['Friends', 'Following']],
  ])(
    'with friend requests closed to the visitor, state %o shows %o: no Add Friend',
    async (friendship, names) => {
      await openProfile(
        buildProfile({
          acceptsFriendRequests: false,
          friendship: { ...NO_FRIENDSHIP, ...friendship },
        }),
      );
      expect(shownFriendshipButtons()).toEqual(names);
      expect(screen.getByRole('button', { name: 'Profile options' })).toBeInTheDocument();
    },
  );

  it('with friend requests open to the visitor, Add Friend shows', async () => {
    await openProfile(buildProfile({ acceptsFriendRequests: true }));
    expect(shownFriendshipButtons()).toEqual(['Add Friend', 'Follow']);
  });

  it('with the friends list hidden from the visitor, shows no friends and no count', async () => {
    await openProfile(buildProfile({ friendsVisible: false, friends: [], friendsCount: 0 }));
    expect(within(friendsCard()).getByText('This friends list is private.')).toBeInTheDocument();
    expect(screen.queryByText(/\d+ friends?$/)).not.toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Some friends' })).not.toBeInTheDocument();
    expect(within(friendsCard()).queryByRole('link')).not.toBeInTheDocument();
  });

  it('with the friends list shown, lists the friends under their count', async () => {
    const friends = [buildFriend(1), buildFriend(2)];
    await openProfile(buildProfile({ friendsVisible: true, friends, friendsCount: 2 }));
    expect(within(friendsCard()).getByText('2 friends')).toBeInTheDocument();
    expect(within(friendsCard()).getByRole('link', { name: 'Friend Number1' })).toHaveAttribute(
      'href',
      '/profile/friend1',
    );
    expect(screen.getByRole('list', { name: 'Some friends' })).toBeInTheDocument();
    expect(screen.queryByText('This friends list is private.')).not.toBeInTheDocument();
  });

  it('shows the owner their own friends whatever the setting', async () => {
    await openProfile(buildOwnProfile({ friends: [buildFriend(1)], friendsCount: 1 }));
    expect(within(friendsCard()).getByText('1 friend')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add Friend' })).not.toBeInTheDocument();
  });
});

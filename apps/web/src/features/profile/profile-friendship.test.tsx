import type { EndpointName, Friendship } from '@hearth/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { byParam, deferred, stubServer } from '../../test/fake-server';
import {
  ada,
  buildFriend,
  buildImages,
  buildProfile,
  grace,
  sessionUser,
} from '../../test/fixtures';
import {
  inFriendshipOrder,
  NO_FRIENDSHIP,
  openProfile,
  shownFriendshipButtons,
} from '../../test/profile';
import { renderApp } from '../../test/render-app';

/** Grace's profile as Ada sees it in `friendship`; every friendship call answers `answer`. */
async function visit(friendship: Partial<Friendship>) {
  const answer = deferred<{ body: unknown }>();
  const forGrace = byParam('id', { [grace._id]: () => answer.promise });
  const app = await openProfile(buildProfile({ friendship: { ...NO_FRIENDSHIP, ...friendship } }), {
    addFriend: forGrace,
    cancelFriendRequest: forGrace,
    follow: forGrace,
    unfollow: forGrace,
    acceptRequest: forGrace,
    unfriend: forGrace,
    deleteRequest: forGrace,
  });
  const puts = () =>
    app.calls.filter((call) => call.method === 'PUT').map((call) => [call.name, call.params.id]);
  return { app, answer, puts };
}

/** The friendship buttons on screen are `names`, and no other. */
function expectButtons(names: readonly string[]) {
  expect(shownFriendshipButtons()).toEqual(inFriendshipOrder(names));
}

/** The header and the Friends card say `label` ('1 friend'). */
function expectFriendCount(label: string) {
  expect(screen.getAllByText(label).length).toBeGreaterThan(0);
}

const headerFriends = () => screen.getByRole('list', { name: 'Some friends' });

describe('the friendship buttons', () => {
  it.each([
    [{}, ['Add Friend', 'Follow']],
    [{ requestSent: true, following: true }, ['Cancel Request', 'Following']],
    [{ requestReceived: true }, ['Respond', 'Follow']],
    [{ friends: true, following: true }, ['Friends', 'Following']],
    [{ friends: true }, ['Friends', 'Follow']],
  ] as const)('state %o shows %o', async (friendship, names) => {
    await visit(friendship);
    expectButtons(names);
  });

  it('Add Friend shows Cancel Request and Following at once, then sends addFriend', async () => {
    const { app, answer, puts } = await visit({});
    await app.user.click(screen.getByRole('button', { name: 'Add Friend' }));
    expectButtons(['Cancel Request', 'Following']);
    expect(puts()).toEqual([['addFriend', grace._id]]);
    answer.resolve({ body: 'ok' });
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Cancel Request' })).toBeInTheDocument(),
    );
  });

  it('a quick Add Friend then Cancel Request change the buttons at once and reach the server in that order', async () => {
    const { app, answer, puts } = await visit({});
    await app.user.click(screen.getByRole('button', { name: 'Add Friend' }));
    await app.user.click(screen.getByRole('button', { name: 'Cancel Request' }));
    expectButtons(['Add Friend', 'Follow']);
    // The second call waits for the first one's answer (two at once could arrive reversed).
    expect(puts()).toEqual([['addFriend', grace._id]]);
    answer.resolve({ body: 'ok' });
    await waitFor(() =>
      expect(puts()).toEqual([
        ['addFriend', grace._id],
        ['cancelFriendRequest', grace._id],
      ]),
    );
    expectButtons(['Add Friend', 'Follow']);
  });

  it.each<[string, Partial<Friendship>, string[], string[], EndpointName]>([
    [
      'Cancel Request returns to none at once, then sends cancelFriendRequest',
      { requestSent: true, following: true },
      ['Cancel Request'],
      ['Add Friend', 'Follow'],
      'cancelFriendRequest',
    ],
    [
      'Respond > Confirm makes friends who follow, then sends acceptRequest',
      { requestReceived: true },
      ['Respond', 'Confirm', 'Delete'],
      ['Friends', 'Following'],
      'acceptRequest',
    ],
    [
      'Respond > Delete clears everything, then sends deleteRequest',
      { requestReceived: true, following: true },
      ['Respond', 'Delete', 'Confirm'],
      ['Add Friend', 'Follow'],
      'deleteRequest',
    ],
    [
      'Friends > Unfollow toggles following, then sends unfollow',
      { friends: true, following: true },
      ['Friends', 'Unfollow', 'Unfriend'],
      ['Friends', 'Follow'],
      'unfollow',
    ],
    [
      'Friends > Follow toggles following, then sends follow',
      { friends: true },
      ['Friends', 'Follow', 'Unfriend'],
      ['Friends', 'Following'],
      'follow',
    ],
    [
      'Friends > Unfriend clears everything, then sends unfriend',
      { friends: true, following: true },
      ['Friends', 'Unfriend', 'Unfollow'],
      ['Add Friend', 'Follow'],
      'unfriend',
    ],
  ])('%s', async (_title, friendship, [buttonName, choice, otherChoice], shown, sent) => {
    const { app, puts } = await visit(friendship);
    await app.user.click(screen.getByRole('button', { name: buttonName }));
    if (choice) {
      // The button's menu offers its two choices; the test takes `choice`.
      const menu = screen.getByRole('menu', { name: buttonName });
      expect(within(menu).getAllByRole('menuitem')).toHaveLength(2);
      expect(within(menu).getByRole('menuitem', { name: otherChoice })).toBeInTheDocument();
      await app.user.click(within(menu).getByRole('menuitem', { name: choice }));
    }
    expectButtons(shown);
    expect(puts()).toEqual([[sent, grace._id]]);
  });

  it('Respond > Confirm counts the new friend and shows them among the friends at once', async () => {
    const answer = deferred<{ body: unknown }>();
    const app = await openProfile(
      buildProfile({
        friendship: { ...NO_FRIENDSHIP, requestReceived: true },
        friends: [],
        friendsCount: 0,
      }),
      { acceptRequest: () => answer.promise },
    );
    expectFriendCount('0 friends');
    await app.user.click(screen.getByRole('button', { name: 'Respond' }));
    await app.user.click(screen.getByRole('menuitem', { name: 'Confirm' }));
    expectFriendCount('1 friend');
    expect(within(headerFriends()).getByRole('link', { name: 'Ada Owen' })).toBeInTheDocument();
    answer.resolve({ body: 'ok' });
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Friends' })).toBeInTheDocument(),
    );
    expectFriendCount('1 friend');
  });

  it('Friends > Unfriend takes the member out of the count and the lists at once', async () => {
    const me = {
      username: ada.username,
      picture: ada.picture,
      first_name: 'Ada',
      last_name: 'Owen',
    };
    const app = await openProfile(
      buildProfile({
        friendship: { ...NO_FRIENDSHIP, friends: true, following: true },
        friends: [me, buildFriend(1)],
        friendsCount: 2,
      }),
      { unfriend: () => ({ body: 'ok' }) },
    );
    expectFriendCount('2 friends');
    await app.user.click(screen.getByRole('button', { name: 'Friends' }));
    await app.user.click(screen.getByRole('menuitem', { name: 'Unfriend' }));
    expectFriendCount('1 friend');
    expect(
      within(headerFriends()).queryByRole('link', { name: 'Ada Owen' }),
    ).not.toBeInTheDocument();
  });

  it('the separate Follow / Following button toggles following', async () => {
    const { app, answer, puts } = await visit({});
    await app.user.click(screen.getByRole('button', { name: 'Follow' }));
    expectButtons(['Add Friend', 'Following']);
    answer.resolve({ body: 'ok' });
    await app.user.click(screen.getByRole('button', { name: 'Following' }));
    expectButtons(['Add Friend', 'Follow']);
    expect(puts()).toEqual([
      ['follow', grace._id],
      ['unfollow', grace._id],
    ]);
  });

  it('reads the profile again when the server refuses, so the truth shows', async () => {
    let reads = 0;
    const { calls } = stubServer({
      getProfile: byParam('username', {
        gracehopper: () => {
          reads += 1;
          return {
            body: buildProfile({
              // The second read: Grace had asked meanwhile.
              friendship: reads === 1 ? NO_FRIENDSHIP : { ...NO_FRIENDSHIP, requestReceived: true },
            }),
          };
        },
      }),
      listImages: () => ({ body: buildImages('gracehopper', 0) }),
      addFriend: byParam('id', {
        [grace._id]: () => ({ status: 400, body: { message: 'You are already friends.' } }),
      }),
    });
    const app = renderApp('/profile/gracehopper', { user: sessionUser() });
    await app.user.click(await screen.findByRole('button', { name: 'Add Friend' }));
    expect(await screen.findByRole('button', { name: 'Respond' })).toBeInTheDocument();
    const graceReads = calls.filter(
      (call) => call.name === 'getProfile' && call.params.username === 'gracehopper',
    );
    expect(graceReads).toHaveLength(2);
  });
});

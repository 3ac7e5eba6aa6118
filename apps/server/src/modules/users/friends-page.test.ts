import { type FriendsPage, SERVER_MESSAGES } from '@hearth/contract';
import { describe, expect, it } from 'vitest';
import { type BuiltUser, buildUser } from '../../test-support/factories.js';
import { call, type TestContext, useTestApp } from '../../test-support/test-app.js';
import {
  type FriendshipCall,
  friendship,
  friendsPage,
  memberCard,
} from '../../test-support/users-api.js';

type Relation = 'none' | 'adaAsked' | 'bobAsked' | 'friends';

/** The lists each of them sees for a relation between Ada and Bob. */
function listsFor(relation: Relation, ada: BuiltUser, bob: BuiltUser) {
  const lists = (requests: BuiltUser[], sent: BuiltUser[], friends: BuiltUser[]): FriendsPage => ({
    requests: requests.map(memberCard),
    sentRequests: sent.map(memberCard),
    friends: friends.map(memberCard),
  });
  switch (relation) {
    case 'none':
      return { ada: lists([], [], []), bob: lists([], [], []) };
    case 'adaAsked':
      return { ada: lists([], [bob], []), bob: lists([ada], [], []) };
    case 'bobAsked':
      return { ada: lists([bob], [], []), bob: lists([], [ada], []) };
    case 'friends':
      return { ada: lists([], [], [bob]), bob: lists([], [], [ada]) };
  }
}

async function ok(res: Promise<{ statusCode: number; body: string }>) {
  const answer = await res;
  if (answer.statusCode !== 200) throw new Error(`${answer.statusCode} ${answer.body}`);
}

async function reach(ctx: TestContext, ada: BuiltUser, bob: BuiltUser, relation: Relation) {
  if (relation === 'adaAsked' || relation === 'friends') {
    await ok(friendship(ctx.app, ada.token, 'addFriend', bob.user.id));
  }
  if (relation === 'bobAsked') await ok(friendship(ctx.app, bob.token, 'addFriend', ada.user.id));
  if (relation === 'friends')
    await ok(friendship(ctx.app, bob.token, 'acceptRequest', ada.user.id));
}

/** [who acts, the call, from, to]: every transition of API.md's friendship calls. */
const TRANSITIONS: Array<['ada' | 'bob', FriendshipCall, Relation, Relation]> = [
  ['ada', 'addFriend', 'none', 'adaAsked'],
  ['ada', 'addFriend', 'bobAsked', 'friends'],
  ['ada', 'cancelFriendRequest', 'adaAsked', 'none'],
  ['bob', 'acceptRequest', 'adaAsked', 'friends'],
  ['bob', 'deleteRequest', 'adaAsked', 'none'],
  ['ada', 'unfriend', 'friends', 'none'],
  ['bob', 'unfriend', 'friends', 'none'],
  ['ada', 'unfollow', 'friends', 'friends'],
  ['bob', 'follow', 'adaAsked', 'adaAsked'],
];

describe("the friends page's lists", () => {
  const ctx = useTestApp();

  for (const [actor, action, from, to] of TRANSITIONS) {
    it(`after ${actor === 'ada' ? 'Ada' : 'Bob'}'s ${action} (${from} -> ${to}), each sees the other where they belong`, async () => {
      const ada = await buildUser(ctx, { first_name: 'Ada', last_name: 'Lovelace' });
      const bob = await buildUser(ctx, { first_name: 'Bob', last_name: 'Marley' });
      // Cleo's friendship with Ada stays on Ada's page whatever happens between Ada and Bob.
      const cleo = await buildUser(ctx, { first_name: 'Cleo', last_name: 'Patra' });
      await ok(friendship(ctx.app, cleo.token, 'addFriend', ada.user.id));
      await ok(friendship(ctx.app, ada.token, 'acceptRequest', cleo.user.id));
      ctx.clock.advanceMinutes(1);
      await reach(ctx, ada, bob, from);
      ctx.clock.advanceMinutes(1);

      const seenBy = async (relation: Relation) => {
        const expected = listsFor(relation, ada, bob);
        // Most recent first: anything between Ada and Bob happened after Cleo's friendship.
        expected.ada.friends.push(memberCard(cleo));
        expect(await friendsPage(ctx.app, ada.token), `Ada at ${relation}`).toEqual(expected.ada);
        expect(await friendsPage(ctx.app, bob.token), `Bob at ${relation}`).toEqual(expected.bob);
        expect(await friendsPage(ctx.app, cleo.token)).toEqual({
          requests: [],
          sentRequests: [],
          friends: [memberCard(ada)],
        });
      };
      await seenBy(from);

      const [me, them] = actor === 'ada' ? [ada, bob] : [bob, ada];
      await ok(friendship(ctx.app, me.token, action, them.user.id));
      await seenBy(to);
    });
  }

  it('needs a signed-in member', async () => {
    const res = await call(ctx.app, 'GET', '/api/v1/users/getFriendsPageInfos');
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: SERVER_MESSAGES.unauthenticated });
  });
});

import {
  FRIENDSHIP_MESSAGES,
  type Friendship,
  type Post,
  PROFILE_MESSAGES,
} from '@hearth/contract';
import { v7 as uuidv7 } from 'uuid';
import { describe, expect, it } from 'vitest';
import { type BuiltUser, buildUser } from '../../test-support/factories.js';
import { createPost, feedPage } from '../../test-support/posts-api.js';
import { type TestContext, useTestApp } from '../../test-support/test-app.js';
import {
  FRIENDSHIP_CALLS,
  type FriendshipCall,
  friendship,
  friendsPage,
  getProfile,
  memberCard,
} from '../../test-support/users-api.js';

/** The pair's relation as Ada would name it, and who follows whom. */
interface PairState {
  relation: 'none' | 'requestSent' | 'requestReceived' | 'friends';
  adaFollows: boolean;
  bobFollows: boolean;
}

const NONE: PairState = { relation: 'none', adaFollows: false, bobFollows: false };
const SENT: PairState = { relation: 'requestSent', adaFollows: true, bobFollows: false };
const RECEIVED: PairState = { relation: 'requestReceived', adaFollows: false, bobFollows: true };
const FRIENDS: PairState = { relation: 'friends', adaFollows: true, bobFollows: true };

/** What each of them sees on the other's profile. */
function viewsOf(state: PairState): { ada: Friendship; bob: Friendship } {
  return {
    ada: {
      friends: state.relation === 'friends',
      following: state.adaFollows,
      requestSent: state.relation === 'requestSent',
      requestReceived: state.relation === 'requestReceived',
    },
    bob: {
      friends: state.relation === 'friends',
      following: state.bobFollows,
      requestSent: state.relation === 'requestReceived',
      requestReceived: state.relation === 'requestSent',
    },
  };
}

async function observed(ctx: TestContext, ada: BuiltUser, bob: BuiltUser) {
  const [adaSees, bobSees] = await Promise.all([
    getProfile(ctx.app, ada.token, bob.user.username),
    getProfile(ctx.app, bob.token, ada.user.username),
  ]);
  return { ada: adaSees.friendship, bob: bobSees.friendship };
}

async function ok(res: Promise<{ statusCode: number; body: string }>) {
  const answer = await res;
  if (answer.statusCode !== 200) throw new Error(`${answer.statusCode} ${answer.body}`);
}

/** Brings Ada and Bob to a state through the API, as members would. */
async function reach(ctx: TestContext, ada: BuiltUser, bob: BuiltUser, state: PairState) {
  if (state === SENT) await ok(friendship(ctx.app, ada.token, 'addFriend', bob.user.id));
  if (state === RECEIVED) await ok(friendship(ctx.app, bob.token, 'addFriend', ada.user.id));
  if (state === FRIENDS) {
    await ok(friendship(ctx.app, ada.token, 'addFriend', bob.user.id));
    await ok(friendship(ctx.app, bob.token, 'acceptRequest', ada.user.id));
  }
  expect(await observed(ctx, ada, bob)).toEqual(viewsOf(state));
}

/**
 * Which of the other's friends-only posts each finds in their feed: the feed shows a followee's
 * friends-only posts to their friends, read from the follow row (`follows.friend`), which every
 * transition must keep equal to the relation.
 */
async function friendsOnlyInFeeds(ctx: TestContext, ada: BuiltUser, bob: BuiltUser) {
  const [adaFeed, bobFeed] = await Promise.all([
    feedPage(ctx.app, ada.token, 'limit=50'),
    feedPage(ctx.app, bob.token, 'limit=50'),
  ]);
  const friendsOnly = (posts: Post[], author: BuiltUser) =>
    posts.some((p) => p.user._id === author.user.id && p.text === 'only my friends');
  return { ada: friendsOnly(adaFeed.posts, bob), bob: friendsOnly(bobFeed.posts, ada) };
}

/** What friendsOnlyInFeeds answers in a state: a member's friend they follow. */
function friendsOnlyExpected(state: PairState) {
  const friends = state.relation === 'friends';
  return { ada: friends && state.adaFollows, bob: friends && state.bobFollows };
}

async function postForFriends(ctx: TestContext, ...authors: BuiltUser[]) {
  for (const author of authors) {
    const res = await createPost(ctx.app, author.token, {
      text: 'only my friends',
      audience: 'friends',
    });
    expect(res.statusCode).toBe(201);
  }
}

async function friendshipRows(ctx: TestContext) {
  return ctx.db.selectFrom('friendships').select(['requester_id', 'status']).execute();
}

type Outcome = PairState | { refused: string };

/** Every call Ada can make from every state, and what both of them then see. */
const TRANSITIONS: Array<[string, PairState, Record<FriendshipCall, Outcome>]> = [
  [
    'none',
    NONE,
    {
      addFriend: SENT,
      cancelFriendRequest: { refused: FRIENDSHIP_MESSAGES.noSentRequest },
      acceptRequest: { refused: FRIENDSHIP_MESSAGES.noReceivedRequest },
      deleteRequest: { refused: FRIENDSHIP_MESSAGES.noReceivedRequest },
      unfriend: { refused: FRIENDSHIP_MESSAGES.notFriends },
      follow: { relation: 'none', adaFollows: true, bobFollows: false },
      unfollow: NONE,
    },
  ],
  [
    'requestSent',
    SENT,
    {
      addFriend: { refused: FRIENDSHIP_MESSAGES.alreadySent },
      cancelFriendRequest: NONE,
      acceptRequest: { refused: FRIENDSHIP_MESSAGES.noReceivedRequest },
      deleteRequest: { refused: FRIENDSHIP_MESSAGES.noReceivedRequest },
      unfriend: { refused: FRIENDSHIP_MESSAGES.notFriends },
      follow: SENT,
      unfollow: { relation: 'requestSent', adaFollows: false, bobFollows: false },
    },
  ],
  [
    'requestReceived',
    RECEIVED,
    {
      addFriend: FRIENDS,
      cancelFriendRequest: { refused: FRIENDSHIP_MESSAGES.noSentRequest },
      acceptRequest: FRIENDS,
      deleteRequest: NONE,
      unfriend: { refused: FRIENDSHIP_MESSAGES.notFriends },
      follow: { relation: 'requestReceived', adaFollows: true, bobFollows: true },
      unfollow: RECEIVED,
    },
  ],
  [
    'friends',
    FRIENDS,
    {
      addFriend: { refused: FRIENDSHIP_MESSAGES.alreadyFriends },
      cancelFriendRequest: { refused: FRIENDSHIP_MESSAGES.noSentRequest },
      acceptRequest: { refused: FRIENDSHIP_MESSAGES.noReceivedRequest },
      deleteRequest: { refused: FRIENDSHIP_MESSAGES.noReceivedRequest },
      unfriend: NONE,
      follow: FRIENDS,
      unfollow: { relation: 'friends', adaFollows: false, bobFollows: true },
    },
  ],
];

const CALLS: readonly FriendshipCall[] = FRIENDSHIP_CALLS;

describe('friendship transitions', () => {
  const ctx = useTestApp();

  for (const [name, start, outcomes] of TRANSITIONS) {
    describe(`when Ada and Bob are at ${name}`, () => {
      for (const call of CALLS) {
        const outcome = outcomes[call];
        const story =
          'refused' in outcome
            ? `Ada's ${call} is refused with a 400 and nothing changes`
            : `Ada's ${call} answers 'ok' and both see ${outcome.relation}` +
              ` (Ada ${outcome.adaFollows ? 'follows' : 'does not follow'}, Bob ${outcome.bobFollows ? 'follows' : 'does not follow'})`;
        it(story, async () => {
          const ada = await buildUser(ctx, { first_name: 'Ada', last_name: 'Lovelace' });
          const bob = await buildUser(ctx, { first_name: 'Bob', last_name: 'Marley' });
          await postForFriends(ctx, ada, bob);
          await reach(ctx, ada, bob, start);
          expect(await friendsOnlyInFeeds(ctx, ada, bob)).toEqual(friendsOnlyExpected(start));

          const res = await friendship(ctx.app, ada.token, call, bob.user.id);

          if ('refused' in outcome) {
            expect(res.statusCode).toBe(400);
            expect(res.json()).toEqual({ message: outcome.refused });
            expect(await observed(ctx, ada, bob)).toEqual(viewsOf(start));
          } else {
            expect(res.statusCode).toBe(200);
            expect(res.headers['content-type']).toMatch(/^application\/json/);
            expect(res.json()).toBe('ok');
            expect(await observed(ctx, ada, bob)).toEqual(viewsOf(outcome));
            expect(await friendshipRows(ctx)).toHaveLength(outcome.relation === 'none' ? 0 : 1);
            expect(await friendsOnlyInFeeds(ctx, ada, bob)).toEqual(friendsOnlyExpected(outcome));
          }
        });
      }
    });
  }
});

describe('friendship calls on oneself, unknown members and without a session', () => {
  const ctx = useTestApp();

  it('a member cannot befriend, follow or answer themselves', async () => {
    const ada = await buildUser(ctx);
    const expected: Record<FriendshipCall, string> = {
      addFriend: FRIENDSHIP_MESSAGES.requestToSelf,
      follow: FRIENDSHIP_MESSAGES.followSelf,
      unfollow: FRIENDSHIP_MESSAGES.followSelf,
      cancelFriendRequest: FRIENDSHIP_MESSAGES.self,
      acceptRequest: FRIENDSHIP_MESSAGES.self,
      deleteRequest: FRIENDSHIP_MESSAGES.self,
      unfriend: FRIENDSHIP_MESSAGES.self,
    };
    for (const call of CALLS) {
      const res = await friendship(ctx.app, ada.token, call, ada.user.id);
      expect([call, res.statusCode, res.json()]).toEqual([call, 400, { message: expected[call] }]);
    }
    expect(await friendshipRows(ctx)).toEqual([]);
    expect(await ctx.db.selectFrom('follows').selectAll().execute()).toEqual([]);
  });

  it('every call about a member who does not exist is a 404', async () => {
    const ada = await buildUser(ctx);
    for (const call of CALLS) {
      const res = await friendship(ctx.app, ada.token, call, uuidv7());
      expect([call, res.statusCode, res.json()]).toEqual([
        call,
        404,
        { message: PROFILE_MESSAGES.memberNotFound },
      ]);
    }
  });

  it('a signed-out visitor cannot make any of them', async () => {
    const bob = await buildUser(ctx);
    const res = await friendship(ctx.app, '', 'addFriend', bob.user.id);
    expect(res.statusCode).toBe(401);
    expect(await friendshipRows(ctx)).toEqual([]);
  });
});

describe('friendships under concurrent calls', () => {
  const ctx = useTestApp();

  it('two members asking each other at the same moment end up friends, following each other', async () => {
    for (let round = 0; round < 5; round++) {
      const ada = await buildUser(ctx);
      const bob = await buildUser(ctx);
      await postForFriends(ctx, ada, bob);
      const answers = await Promise.all([
        friendship(ctx.app, ada.token, 'addFriend', bob.user.id),
        friendship(ctx.app, bob.token, 'addFriend', ada.user.id),
      ]);
      expect(answers.map((r) => r.statusCode)).toEqual([200, 200]);
      expect(await observed(ctx, ada, bob)).toEqual(viewsOf(FRIENDS));
      expect(await friendsOnlyInFeeds(ctx, ada, bob)).toEqual({ ada: true, bob: true });
      const rows = await ctx.db
        .selectFrom('friendships')
        .selectAll()
        .where((eb) => eb.or([eb('low_id', '=', ada.user.id), eb('high_id', '=', ada.user.id)]))
        .execute();
      expect(rows.map((r) => r.status)).toEqual(['friends']);
    }
  });

  it('a double click on Add Friend sends one request; the second click is told it was sent', async () => {
    const ada = await buildUser(ctx);
    const bob = await buildUser(ctx);
    const answers = await Promise.all([
      friendship(ctx.app, ada.token, 'addFriend', bob.user.id),
      friendship(ctx.app, ada.token, 'addFriend', bob.user.id),
    ]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 400]);
    expect(answers.find((r) => r.statusCode === 400)?.json()).toEqual({
      message: FRIENDSHIP_MESSAGES.alreadySent,
    });
    expect(await observed(ctx, ada, bob)).toEqual(viewsOf(SENT));
    expect(await friendshipRows(ctx)).toEqual([{ requester_id: ada.user.id, status: 'requested' }]);
  });

  it('a double click on Confirm, Unfriend or Cancel changes the pair once', async () => {
    const ada = await buildUser(ctx);
    const bob = await buildUser(ctx);
    await reach(ctx, ada, bob, RECEIVED);
    const accepts = await Promise.all([
      friendship(ctx.app, ada.token, 'acceptRequest', bob.user.id),
      friendship(ctx.app, ada.token, 'acceptRequest', bob.user.id),
    ]);
    expect(accepts.map((r) => r.statusCode).sort()).toEqual([200, 400]);
    expect(await observed(ctx, ada, bob)).toEqual(viewsOf(FRIENDS));

    const unfriends = await Promise.all([
      friendship(ctx.app, bob.token, 'unfriend', ada.user.id),
      friendship(ctx.app, bob.token, 'unfriend', ada.user.id),
    ]);
    expect(unfriends.map((r) => r.statusCode).sort()).toEqual([200, 400]);
    expect(await observed(ctx, ada, bob)).toEqual(viewsOf(NONE));

    await reach(ctx, ada, bob, SENT);
    const cancels = await Promise.all([
      friendship(ctx.app, ada.token, 'cancelFriendRequest', bob.user.id),
      friendship(ctx.app, ada.token, 'cancelFriendRequest', bob.user.id),
    ]);
    expect(cancels.map((r) => r.statusCode).sort()).toEqual([200, 400]);
    expect(await observed(ctx, ada, bob)).toEqual(viewsOf(NONE));
    expect(await friendshipRows(ctx)).toEqual([]);
  });

  it('a cancel racing the other member’s confirm leaves either friends or nothing, never half', async () => {
    for (let round = 0; round < 5; round++) {
      const ada = await buildUser(ctx);
      const bob = await buildUser(ctx);
      await postForFriends(ctx, ada, bob);
      await reach(ctx, ada, bob, SENT);
      const answers = await Promise.all([
        friendship(ctx.app, ada.token, 'cancelFriendRequest', bob.user.id),
        friendship(ctx.app, bob.token, 'acceptRequest', ada.user.id),
      ]);
      expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 400]);
      const views = await observed(ctx, ada, bob);
      expect([viewsOf(FRIENDS), viewsOf(NONE)]).toContainEqual(views);
      const friends = views.ada.friends;
      expect(await friendsOnlyInFeeds(ctx, ada, bob)).toEqual({ ada: friends, bob: friends });
    }
  });
});

describe('following and the home feed', () => {
  const ctx = useTestApp();

  it('following brings a member’s posts into the feed, unfollowing takes them out', async () => {
    const ada = await buildUser(ctx);
    const bob = await buildUser(ctx);
    await createPost(ctx.app, bob.token, { text: 'bob writes' });
    await createPost(ctx.app, ada.token, { text: 'ada writes' });
    const texts = async () => (await feedPage(ctx.app, ada.token)).posts.map((p) => p.text);
    expect(await texts()).toEqual(['ada writes']);

    await ok(friendship(ctx.app, ada.token, 'follow', bob.user.id));
    expect(await texts()).toEqual(['ada writes', 'bob writes']);
    // Bob did not follow back: his feed is his own.
    expect((await feedPage(ctx.app, bob.token)).posts.map((p) => p.text)).toEqual(['bob writes']);

    await ok(friendship(ctx.app, ada.token, 'unfollow', bob.user.id));
    expect(await texts()).toEqual(['ada writes']);
  });

  it('a friend request follows; friends see each other; unfriending stops both feeds', async () => {
    const ada = await buildUser(ctx);
    const bob = await buildUser(ctx);
    await createPost(ctx.app, bob.token, { text: 'bob writes' });
    await createPost(ctx.app, ada.token, { text: 'ada writes' });
    const feedOf = async (m: BuiltUser) =>
      (await feedPage(ctx.app, m.token)).posts.map((p) => p.text);

    await ok(friendship(ctx.app, ada.token, 'addFriend', bob.user.id));
    expect(await feedOf(ada)).toEqual(['ada writes', 'bob writes']);
    expect(await feedOf(bob)).toEqual(['bob writes']);

    await ok(friendship(ctx.app, bob.token, 'acceptRequest', ada.user.id));
    expect(await feedOf(bob)).toEqual(['ada writes', 'bob writes']);

    await ok(friendship(ctx.app, ada.token, 'unfollow', bob.user.id));
    expect(await feedOf(ada)).toEqual(['ada writes']);
    expect(await feedOf(bob)).toEqual(['ada writes', 'bob writes']);

    await ok(friendship(ctx.app, bob.token, 'unfriend', ada.user.id));
    expect(await feedOf(ada)).toEqual(['ada writes']);
    expect(await feedOf(bob)).toEqual(['bob writes']);
  });
});

describe('the friends page lists', () => {
  const ctx = useTestApp();

  it('requests received, requests sent and friends follow every transition', async () => {
    const ada = await buildUser(ctx, { first_name: 'Ada', last_name: 'Lovelace' });
    const bob = await buildUser(ctx, { first_name: 'Bob', last_name: 'Marley' });
    const cleo = await buildUser(ctx, { first_name: 'Cleo', last_name: 'Patra' });
    const dan = await buildUser(ctx, { first_name: 'Dan', last_name: 'Brown' });
    expect(await friendsPage(ctx.app, ada.token)).toEqual({
      requests: [],
      sentRequests: [],
      friends: [],
    });

    await ok(friendship(ctx.app, ada.token, 'addFriend', bob.user.id));
    ctx.clock.advance(1000);
    await ok(friendship(ctx.app, cleo.token, 'addFriend', ada.user.id));
    ctx.clock.advance(1000);
    await ok(friendship(ctx.app, dan.token, 'addFriend', ada.user.id));
    expect(await friendsPage(ctx.app, ada.token)).toEqual({
      requests: [memberCard(dan), memberCard(cleo)],
      sentRequests: [memberCard(bob)],
      friends: [],
    });
    expect(await friendsPage(ctx.app, bob.token)).toEqual({
      requests: [memberCard(ada)],
      sentRequests: [],
      friends: [],
    });

    ctx.clock.advance(1000);
    await ok(friendship(ctx.app, ada.token, 'acceptRequest', cleo.user.id));
    await ok(friendship(ctx.app, ada.token, 'deleteRequest', dan.user.id));
    await ok(friendship(ctx.app, ada.token, 'cancelFriendRequest', bob.user.id));
    expect(await friendsPage(ctx.app, ada.token)).toEqual({
      requests: [],
      sentRequests: [],
      friends: [memberCard(cleo)],
    });
    expect(await friendsPage(ctx.app, cleo.token)).toEqual({
      requests: [],
      sentRequests: [],
      friends: [memberCard(ada)],
    });
    expect(await friendsPage(ctx.app, dan.token)).toEqual({
      requests: [],
      sentRequests: [],
      friends: [],
    });

    await ok(friendship(ctx.app, cleo.token, 'unfriend', ada.user.id));
    expect(await friendsPage(ctx.app, ada.token)).toEqual({
      requests: [],
      sentRequests: [],
      friends: [],
    });
  });
});

import {
  ACCOUNT_MESSAGES,
  type Post,
  REGISTER_MESSAGES,
  ROUTES,
  SERVER_MESSAGES,
} from '@hearth/contract';
import { describe, expect, it } from 'vitest';
import type { App } from '../../app.js';
import { RedisBus } from '../../infra/bus/redis-bus.js';
import { buildComment, buildPost, buildUser, follow } from '../../test-support/factories.js';
import { feedPage, getPostRequest } from '../../test-support/posts-api.js';
import { useSecondServer } from '../../test-support/second-server.js';
import { callEndpoint, type TestContext, useTestApp } from '../../test-support/test-app.js';
import { befriend, getProfile, search } from '../../test-support/users-api.js';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

function changeName(app: App, token: string | undefined, body: unknown) {
  return callEndpoint(app, ROUTES.changeName, { rawBody: body, ...(token ? { token } : {}) });
}

const namesOf = (people: Array<{ first_name: string; last_name: string }>) =>
  people.map((p) => `${p.first_name} ${p.last_name}`);

/** The names the member's row holds now, straight from the database. */
async function storedNames(ctx: TestContext, id: string) {
  return ctx.db
    .selectFrom('users')
    .select(['first_name', 'last_name', 'username'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
}

const firstCard = async (app: App, token: string): Promise<Post> => {
  const [card] = (await feedPage(app, token)).posts;
  if (!card) throw new Error('the feed is empty');
  return card;
};

describe("changing one's name", () => {
  const ctx = useTestApp();

  it('stores the names as trimmed, answers them with the sentence, and keeps the username', async () => {
    const ada = await buildUser(ctx, { first_name: 'Ada', last_name: 'Lovelace' });
    const res = await changeName(ctx.app, ada.token, {
      first_name: '  Zoé ',
      last_name: ' Benali',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      message: ACCOUNT_MESSAGES.nameChanged,
      first_name: 'Zoé',
      last_name: 'Benali',
    });
    expect(await storedNames(ctx, ada.user.id)).toEqual({
      first_name: 'Zoé',
      last_name: 'Benali',
      username: 'adalovelace',
    });
  });

  it('the profile shows the new name, to the member and to a friend, and in the friend’s list', async () => {
    const ada = await buildUser(ctx, { first_name: 'Ada', last_name: 'Lovelace' });
    const bob = await buildUser(ctx, { first_name: 'Bob', last_name: 'Marley' });
    await befriend(ctx.app, ada, bob);
    expect((await getProfile(ctx.app, bob.token, 'adalovelace')).first_name).toBe('Ada');

    expect(
      (await changeName(ctx.app, ada.token, { first_name: 'Grace', last_name: 'Hopper' }))
        .statusCode,
    ).toBe(200);
    for (const viewer of [ada, bob]) {
      const profile = await getProfile(ctx.app, viewer.token, 'adalovelace');
      expect(namesOf([profile])).toEqual(['Grace Hopper']);
    }
    const bobs = await getProfile(ctx.app, ada.token, bob.user.username);
    expect(namesOf(bobs.friends)).toEqual(['Grace Hopper']);
  });

  it('search finds the new name at once, accents and all, and no longer the old one', async () => {
    const ada = await buildUser(ctx, { first_name: 'Ada', last_name: 'Lovelace' });
    const bob = await buildUser(ctx, { first_name: 'Bob', last_name: 'Marley' });
    expect(namesOf(await search(ctx.app, bob.token, 'lovelace'))).toEqual(['Ada Lovelace']);

    expect(
      (await changeName(ctx.app, ada.token, { first_name: 'Zoé', last_name: 'Benali' })).statusCode,
    ).toBe(200);
    // The old last name finds no one (the username, which stays, starts with the old first name).
    expect(await search(ctx.app, bob.token, 'lovelace')).toEqual([]);
    for (const term of ['zoe', 'Zoé', 'benali', 'zoe ben', 'Zoé Benali']) {
      const found = await search(ctx.app, bob.token, term);
      expect(
        found.map((m) => m._id),
        term,
      ).toEqual([ada.user.id]);
      expect(namesOf(found), term).toEqual(['Zoé Benali']);
    }
  });

  it('a post’s card and a comment on another card show the new name at once (the card cache drops them)', async () => {
    const ada = await buildUser(ctx, { first_name: 'Ada', last_name: 'Lovelace' });
    const bob = await buildUser(ctx, { first_name: 'Bob', last_name: 'Marley' });
    await follow(ctx, bob, ada);
    const adasPost = await buildPost(ctx, ada, { text: 'Notes on the engine' });
    const bobsPost = await buildPost(ctx, bob, { text: 'Hello' });
    await buildComment(ctx, bobsPost, ada, { comment: 'Hi Bob' });

    // Both cards are built once and served from the cache the next time.
    const before = await feedPage(ctx.app, bob.token);
    expect(before.posts.map((p) => namesOf([p.user])[0])).toEqual(['Bob Marley', 'Ada Lovelace']);
    const { hits } = ctx.app.cardCache.stats();
    await feedPage(ctx.app, bob.token);
    expect(ctx.app.cardCache.stats().hits).toBeGreaterThan(hits);

    expect(
      (await changeName(ctx.app, ada.token, { first_name: 'Grace', last_name: 'Hopper' }))
        .statusCode,
    ).toBe(200);
    const after = await feedPage(ctx.app, bob.token);
    const adas = after.posts.find((p) => p._id === adasPost.id);
    const bobs = after.posts.find((p) => p._id === bobsPost.id);
    expect(namesOf([adas?.user ?? { first_name: '', last_name: '' }])).toEqual(['Grace Hopper']);
    expect(namesOf((bobs?.comments ?? []).map((c) => c.commentBy))).toEqual(['Grace Hopper']);
    // The post's own page too.
    const page = (await getPostRequest(ctx.app, bob.token, adasPost.id)).json() as Post;
    expect(namesOf([page.user])).toEqual(['Grace Hopper']);
  });

  it.each([
    [{ first_name: '', last_name: 'Benali' }, REGISTER_MESSAGES.firstNameRequired],
    [{ first_name: '   ', last_name: 'Benali' }, REGISTER_MESSAGES.firstNameRequired],
    [{ last_name: 'Benali' }, REGISTER_MESSAGES.firstNameRequired],
    [{ first_name: 'Zoé', last_name: '' }, REGISTER_MESSAGES.lastNameRequired],
    [{ first_name: 'Z', last_name: 'Benali' }, REGISTER_MESSAGES.firstNameLength],
    [{ first_name: 'Zoé', last_name: 'B'.repeat(17) }, REGISTER_MESSAGES.lastNameLength],
    [{ first_name: 'Zoé2', last_name: 'Benali' }, REGISTER_MESSAGES.nameLetters],
    [{ first_name: 'Zoé', last_name: 'Ben-Ali' }, REGISTER_MESSAGES.nameLetters],
    [{ first_name: 'Zoé', last_name: 'Benali', username: 'zoe' }, SERVER_MESSAGES.invalidInput],
    [{ first_name: 'Zoé', last_name: 'Benali', email: 'x@y.test' }, SERVER_MESSAGES.invalidInput],
    [['Zoé', 'Benali'], SERVER_MESSAGES.invalidInput],
  ])('%j is refused with the sign-up’s sentence, and nothing changes', async (body, message) => {
    const ada = await buildUser(ctx, { first_name: 'Ada', last_name: 'Lovelace' });
    const res = await changeName(ctx.app, ada.token, body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message });
    expect(await storedNames(ctx, ada.user.id)).toEqual({
      first_name: 'Ada',
      last_name: 'Lovelace',
      username: 'adalovelace',
    });
  });

  it('needs a member: without a session it is 401', async () => {
    const res = await changeName(ctx.app, undefined, { first_name: 'Zoé', last_name: 'Benali' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: SERVER_MESSAGES.unauthenticated });
  });
});

// Two servers sharing one database and one Redis: the name changed through B shows on the cards
// A had cached.
describe("changing one's name, seen by another server process", () => {
  const ctx = useTestApp({ config: { redisUrl: REDIS_URL } });
  const startServer = useSecondServer(ctx);

  it('the card A holds shows the name changed through B within a second', async () => {
    const b = await startServer();
    for (const server of [ctx.app, b]) {
      expect(server.bus).toBeInstanceOf(RedisBus);
      await (server.bus as RedisBus).ready();
    }
    const ada = await buildUser(ctx, { first_name: 'Ada', last_name: 'Lovelace' });
    const bob = await buildUser(ctx);
    await follow(ctx, bob, ada);
    await buildPost(ctx, ada);
    expect(namesOf([(await firstCard(ctx.app, bob.token)).user])).toEqual(['Ada Lovelace']);
    expect(ctx.app.cardCache.stats().cards).toBe(1);

    expect(
      (await changeName(b, ada.token, { first_name: 'Grace', last_name: 'Hopper' })).statusCode,
    ).toBe(200);
    await expect
      .poll(async () => namesOf([(await firstCard(ctx.app, bob.token)).user]), {
        timeout: 1_000,
        interval: 20,
      })
      .toEqual(['Grace Hopper']);
  });
});

import { type Post, ROUTES } from '@hearth/contract';
import { describe, expect, it } from 'vitest';
import type { App } from '../../app.js';
import { RedisBus } from '../../infra/bus/redis-bus.js';
import { buildPost, buildUser, follow } from '../../test-support/factories.js';
import {
  createPost,
  feedPage,
  feedRequest,
  nextCursorOf,
  postNotifications,
  react,
  savePost,
} from '../../test-support/posts-api.js';
import { useSecondServer } from '../../test-support/second-server.js';
import { callEndpoint, useTestApp } from '../../test-support/test-app.js';
import { friendship, mute } from '../../test-support/users-api.js';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

const texts = async (app: App, token: string, query = '') =>
  (await feedPage(app, token, query)).posts.map((post) => post.text);

/** The viewer's own fields of each card of their first page. */
const mine = async (app: App, token: string) =>
  (await feedPage(app, token)).posts.map(({ reactions: r }) => ({
    check: r.check,
    saved: r.checkSaved,
    on: r.notificationsOn,
  }));

describe('a member’s first feed page, kept between reads', () => {
  const ctx = useTestApp();

  it('is read once, then served as kept until a followee posts', async () => {
    const ada = await buildUser(ctx);
    const bob = await buildUser(ctx);
    await follow(ctx, ada, bob);
    for (const text of ['one', 'two', 'three']) await buildPost(ctx, bob, { text });
    const before = ctx.app.feedHeads.stats();
    expect(await texts(ctx.app, ada.token)).toEqual(['three', 'two', 'one']);
    expect(await texts(ctx.app, ada.token)).toEqual(['three', 'two', 'one']);
    const after = ctx.app.feedHeads.stats();
    expect(after.misses - before.misses).toBe(1);
    expect(after.hits - before.hits).toBe(1);

    // Bob posts through the API: Ada's next first page holds it at once.
    expect((await createPost(ctx.app, bob.token, { type: null, text: 'four' })).statusCode).toBe(
      201,
    );
    expect(await texts(ctx.app, ada.token)).toEqual(['four', 'three', 'two', 'one']);
  });

  it('serves a shorter page from a longer head, and reads a longer one again unless it held the whole feed', async () => {
    const ada = await buildUser(ctx);
    for (let i = 1; i <= 6; i += 1) await buildPost(ctx, ada, { text: `p${i}` });
    expect(await texts(ctx.app, ada.token, 'limit=4')).toEqual(['p6', 'p5', 'p4', 'p3']);
    const start = ctx.app.feedHeads.stats();
    const two = await feedRequest(ctx.app, ada.token, 'limit=2');
    expect(two.json().map((post: { text: string }) => post.text)).toEqual(['p6', 'p5']);
    // The next page's cursor is the last id shown, as when read from the database.
    expect(nextCursorOf(two)).toBe(two.json()[1]._id);
    expect(ctx.app.feedHeads.stats().hits - start.hits).toBe(1);

    expect(await texts(ctx.app, ada.token, 'limit=5')).toEqual(['p6', 'p5', 'p4', 'p3', 'p2']);
    expect(ctx.app.feedHeads.stats().misses - start.misses).toBe(1);
    // Now the whole feed: any longer first page is the same six, without a read.
    expect(await texts(ctx.app, ada.token, 'limit=20')).toHaveLength(6);
    expect(await texts(ctx.app, ada.token, 'limit=50')).toHaveLength(6);
    expect(ctx.app.feedHeads.stats().misses - start.misses).toBe(2);
    expect(ctx.app.feedHeads.stats().hits - start.hits).toBe(2);
    const last = await feedRequest(ctx.app, ada.token, 'limit=6');
    expect(nextCursorOf(last)).toBeUndefined();
  });

  it('keeps the member’s own reactions, saves and switches with it, and shows their own change at once', async () => {
    const ada = await buildUser(ctx);
    const bob = await buildUser(ctx);
    await follow(ctx, ada, bob);
    const post = await buildPost(ctx, bob, { text: 'one' });
    const none = [{ check: null, saved: false, on: false }];
    // Ids and card read; ids kept, her state read; both kept.
    for (let i = 0; i < 3; i += 1) expect(await mine(ctx.app, ada.token)).toEqual(none);
    const start = ctx.app.feedHeads.stats();
    expect(await mine(ctx.app, ada.token)).toEqual(none);
    expect(ctx.app.feedHeads.stats().stateHits - start.stateHits).toBe(1);

    expect((await react(ctx.app, ada.token, post.id, 'love')).statusCode).toBe(200);
    expect(await mine(ctx.app, ada.token)).toEqual([{ check: 'love', saved: false, on: false }]);
    expect(await mine(ctx.app, ada.token)).toEqual([{ check: 'love', saved: false, on: false }]);
    expect((await savePost(ctx.app, ada.token, post.id)).statusCode).toBe(200);
    expect(await mine(ctx.app, ada.token)).toEqual([{ check: 'love', saved: true, on: false }]);
    expect(await mine(ctx.app, ada.token)).toEqual([{ check: 'love', saved: true, on: false }]);
    const on = await postNotifications(ctx.app, ada.token, post.id, { on: true });
    expect(on.statusCode).toBe(200);
    expect(await mine(ctx.app, ada.token)).toEqual([{ check: 'love', saved: true, on: true }]);
    expect((await react(ctx.app, ada.token, post.id, 'love')).statusCode).toBe(200);
    expect((await savePost(ctx.app, ada.token, post.id)).statusCode).toBe(200);
    expect(await mine(ctx.app, ada.token)).toEqual([{ check: null, saved: false, on: true }]);
    // Bob's own reaction is his: Ada's kept state is still served, and still hers.
    const before = ctx.app.feedHeads.stats();
    expect((await react(ctx.app, bob.token, post.id, 'like')).statusCode).toBe(200);
    await mine(ctx.app, ada.token);
    expect(await mine(ctx.app, ada.token)).toEqual([{ check: null, saved: false, on: true }]);
    expect(ctx.app.feedHeads.stats().stateHits - before.stateHits).toBeGreaterThanOrEqual(1);
  });

  it('reads later pages from the database each time', async () => {
    const ada = await buildUser(ctx);
    for (let i = 1; i <= 3; i += 1) await buildPost(ctx, ada, { text: `p${i}` });
    const first = await feedRequest(ctx.app, ada.token, 'limit=1');
    const cursor = nextCursorOf(first);
    const start = ctx.app.feedHeads.stats();
    expect(await texts(ctx.app, ada.token, `limit=1&cursor=${cursor}`)).toEqual(['p2']);
    expect(await texts(ctx.app, ada.token, `limit=1&cursor=${cursor}`)).toEqual(['p2']);
    expect(ctx.app.feedHeads.stats()).toMatchObject({ hits: start.hits, misses: start.misses });
  });

  it('keeps no head for a member with a block, and drops the head of a member who mutes', async () => {
    const ada = await buildUser(ctx);
    const bob = await buildUser(ctx);
    const carl = await buildUser(ctx);
    await follow(ctx, ada, bob);
    await buildPost(ctx, bob, { text: 'from Bob' });
    await buildPost(ctx, ada, { text: 'from Ada' });
    expect(await texts(ctx.app, ada.token)).toEqual(['from Ada', 'from Bob']);
    expect((await mute(ctx.app, ada.token, bob.user.id)).statusCode).toBe(200);
    expect(await texts(ctx.app, ada.token)).toEqual(['from Ada']);

    const blocked = await callEndpoint(ctx.app, ROUTES.block, {
      params: { id: carl.user.id },
      token: ada.token,
    });
    expect(blocked.statusCode).toBe(200);
    const start = ctx.app.feedHeads.stats();
    expect(await texts(ctx.app, ada.token)).toEqual(['from Ada']);
    expect(await texts(ctx.app, ada.token)).toEqual(['from Ada']);
    expect(ctx.app.feedHeads.stats()).toMatchObject({ hits: start.hits, misses: start.misses });
  });
});

describe('the feeds’ first pages off (FEED_CACHE_MEMBERS=0)', () => {
  const ctx = useTestApp({ config: { feedCache: { maxMembers: 0, ttlMs: 60_000 } } });

  it('reads every first page from the database', async () => {
    const ada = await buildUser(ctx);
    await buildPost(ctx, ada, { text: 'first' });
    expect(await texts(ctx.app, ada.token)).toEqual(['first']);
    // Written straight to the database, which no event announces: shown all the same.
    await buildPost(ctx, ada, { text: 'second' });
    expect(await texts(ctx.app, ada.token)).toEqual(['second', 'first']);
    expect(ctx.app.feedHeads.stats()).toMatchObject({ hits: 0, members: 0 });
  });
});

describe('a change no event announced', () => {
  const ctx = useTestApp({ config: { feedCache: { maxMembers: 100, ttlMs: 300 } } });

  it('shows within the time to live (CARD_CACHE_TTL_S)', async () => {
    const ada = await buildUser(ctx);
    await buildPost(ctx, ada, { text: 'first' });
    expect(await texts(ctx.app, ada.token)).toEqual(['first']);
    await buildPost(ctx, ada, { text: 'unheard' });
    expect(await texts(ctx.app, ada.token)).toEqual(['first']);
    await expect
      .poll(async () => texts(ctx.app, ada.token), { timeout: 2_000, interval: 50 })
      .toEqual(['unheard', 'first']);
  });
});

// Two servers sharing one database and one Redis: each keeps its own heads, dropped by the
// other's events.
describe('first pages across two server processes', () => {
  const ctx = useTestApp({ config: { redisUrl: REDIS_URL } });
  const startServer = useSecondServer(ctx);

  it('a post, a follow and a friendship ended through B are in the first page A serves within a second', async () => {
    const b = await startServer();
    for (const server of [ctx.app, b]) {
      expect(server.bus).toBeInstanceOf(RedisBus);
      await (server.bus as RedisBus).ready();
    }
    const ada = await buildUser(ctx);
    const bob = await buildUser(ctx);
    const carl = await buildUser(ctx);
    await buildPost(ctx, ada, { text: 'mine' });
    await buildPost(ctx, carl, { text: 'from Carl', audience: 'friends' });
    await follow(ctx, ada, bob);
    // A keeps Ada's head.
    expect(await texts(ctx.app, ada.token)).toEqual(['mine']);
    expect(await texts(ctx.app, ada.token)).toEqual(['mine']);
    const poll = (expected: string[]) =>
      expect
        .poll(async () => texts(ctx.app, ada.token), { timeout: 1_000, interval: 20 })
        .toEqual(expected);

    expect((await createPost(b, bob.token, { type: null, text: 'via B' })).statusCode).toBe(201);
    await poll(['via B', 'mine']);

    // Ada and Carl become friends through B: Carl's friends-only post comes in, and goes with
    // the friendship.
    expect((await friendship(b, ada.token, 'addFriend', carl.user.id)).statusCode).toBe(200);
    expect((await friendship(b, carl.token, 'acceptRequest', ada.user.id)).statusCode).toBe(200);
    await poll(['via B', 'from Carl', 'mine']);
    expect((await friendship(b, carl.token, 'unfriend', ada.user.id)).statusCode).toBe(200);
    await poll(['via B', 'mine']);

    // Her own reaction, save and switch made through B: in what A serves her within a second.
    const viaB = (await feedPage(ctx.app, ada.token)).posts[0] as Post;
    await mine(ctx.app, ada.token);
    const pollMine = (expected: unknown) =>
      expect
        .poll(async () => (await mine(ctx.app, ada.token))[0], { timeout: 1_000, interval: 20 })
        .toEqual(expected);
    expect((await react(b, ada.token, viaB._id, 'wow')).statusCode).toBe(200);
    await pollMine({ check: 'wow', saved: false, on: false });
    expect((await savePost(b, ada.token, viaB._id)).statusCode).toBe(200);
    await pollMine({ check: 'wow', saved: true, on: false });
    expect((await postNotifications(b, ada.token, viaB._id, { on: true })).statusCode).toBe(200);
    await pollMine({ check: 'wow', saved: true, on: true });
  });
});

import type { Post } from '@hearth/contract';
import { describe, expect, it } from 'vitest';
import { type App, buildApp } from '../../app.js';
import { RedisBus } from '../../infra/bus/redis-bus.js';
import { buildComment, buildPost, buildUser, follow } from '../../test-support/factories.js';
import {
  comment,
  deletePost,
  feedPage,
  feedRequest,
  getPostRequest,
  nextCursorOf,
  react,
  savePost,
} from '../../test-support/posts-api.js';
import { useSecondServer } from '../../test-support/second-server.js';
import { useTestApp } from '../../test-support/test-app.js';
import { getProfile, updateDetails } from '../../test-support/users-api.js';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

const firstCard = async (app: App, token: string): Promise<Post> => {
  const [card] = (await feedPage(app, token)).posts;
  if (!card) throw new Error('the feed is empty');
  return card;
};

describe('post cards from the shared card cache', () => {
  const ctx = useTestApp();

  it('serves a card from the cache the second time, equal to the card built for it', async () => {
    const ada = await buildUser(ctx);
    // Characters of several bytes before the viewer's fields: the card is cut by bytes.
    const post = await buildPost(ctx, ada, { text: 'cached: Zoë 👋 «ünïcode» "quoted"' });
    await buildComment(ctx, post, ada, { comment: 'first 🎉 ação' });
    await react(ctx.app, ada.token, post.id, 'love');
    const built = await firstCard(ctx.app, ada.token);
    expect(built.text).toBe('cached: Zoë 👋 «ünïcode» "quoted"');
    expect(built.reactions).toMatchObject({ check: 'love', checkSaved: false, total: 1 });
    const { hits } = ctx.app.cardCache.stats();
    const cached = await firstCard(ctx.app, ada.token);
    expect(ctx.app.cardCache.stats().hits).toBe(hits + 1);
    expect(cached).toEqual(built);
    // The profile's posts are built without the cache: the same card, field for field.
    const profile = await getProfile(ctx.app, ada.token, ada.user.username);
    expect(profile.posts[0]).toEqual(cached);
    const page = await getPostRequest(ctx.app, ada.token, post.id);
    expect(page.json()).toEqual(cached);
  });

  it('answers the feed and a post page with nothing in the error log', async () => {
    const errors: string[] = [];
    const app = await buildApp({
      config: ctx.config,
      db: ctx.db,
      clock: ctx.clock,
      logger: { level: 'error', stream: { write: (line: string) => errors.push(line) } },
    });
    try {
      const ada = await buildUser(ctx);
      const post = await buildPost(ctx, ada);
      await buildPost(ctx, ada);
      const page = await feedRequest(app, ada.token, 'limit=1');
      expect(page.statusCode).toBe(200);
      expect(nextCursorOf(page)).toBe(page.json()[0]._id);
      expect((await getPostRequest(app, ada.token, post.id)).statusCode).toBe(200);
      expect(errors).toEqual([]);
    } finally {
      await app.close();
    }
  });

  it('shares one card between viewers, each with their own reaction and save', async () => {
    const author = await buildUser(ctx);
    const fan = await buildUser(ctx);
    const reader = await buildUser(ctx);
    await follow(ctx, fan, author);
    await follow(ctx, reader, author);
    const post = await buildPost(ctx, author);
    expect((await react(ctx.app, fan.token, post.id, 'love')).statusCode).toBe(200);
    expect((await savePost(ctx.app, fan.token, post.id)).statusCode).toBe(200);

    const asReader = await firstCard(ctx.app, reader.token);
    const asFan = await firstCard(ctx.app, fan.token);
    expect(asReader.reactions).toMatchObject({ check: null, checkSaved: false, total: 1 });
    expect(asFan.reactions).toMatchObject({ check: 'love', checkSaved: true, total: 1 });
    const asAuthor = await firstCard(ctx.app, author.token);
    expect(asAuthor.reactions).toMatchObject({ check: null, checkSaved: false, total: 1 });
  });

  it('shows each change at once: a reaction, a comment, a profile, trash', async () => {
    const author = await buildUser(ctx);
    const fan = await buildUser(ctx);
    await follow(ctx, fan, author);
    const post = await buildPost(ctx, author);
    await buildComment(ctx, post, fan, { comment: 'hello' });
    expect((await firstCard(ctx.app, author.token)).reactions.total).toBe(0);

    await react(ctx.app, fan.token, post.id, 'wow');
    expect((await firstCard(ctx.app, author.token)).reactions).toMatchObject({
      total: 1,
      reacts: expect.arrayContaining([{ react: 'wow', count: 1 }]),
    });

    await comment(ctx.app, fan.token, { postId: post.id, comment: 'second' });
    const commented = await firstCard(ctx.app, author.token);
    expect(commented.commentCount).toBe(2);
    expect(commented.comments.map((c) => c.comment)).toEqual(['second', 'hello']);

    // The commenter changes their name: the comment on the author's card shows the new one.
    const renamed = await ctx.db
      .updateTable('users')
      .set({ first_name: 'Renamed' })
      .where('id', '=', fan.user.id)
      .execute();
    expect(renamed).toHaveLength(1);
    expect((await updateDetails(ctx.app, fan.token, { bio: 'new' })).statusCode).toBe(200);
    const afterProfile = await firstCard(ctx.app, author.token);
    expect(afterProfile.comments.map((c) => c.commentBy.first_name)).toEqual([
      'Renamed',
      'Renamed',
    ]);

    expect((await deletePost(ctx.app, author.token, post.id)).statusCode).toBe(200);
    expect((await feedPage(ctx.app, author.token)).posts).toEqual([]);
    expect((await getPostRequest(ctx.app, author.token, post.id)).statusCode).toBe(404);
  });
});

describe('a change the cache never heard of', () => {
  const ctx = useTestApp({
    config: { cardCache: { maxBytes: 1024 * 1024, ttlMs: 300, warmPosts: 0 } },
  });

  it('shows within the time to live (CARD_CACHE_TTL_S)', async () => {
    const ada = await buildUser(ctx);
    const post = await buildPost(ctx, ada);
    expect((await firstCard(ctx.app, ada.token)).commentCount).toBe(0);
    // Written straight to the database: no event tells any cache.
    await buildComment(ctx, post, ada, { comment: 'unheard' });
    expect((await firstCard(ctx.app, ada.token)).commentCount).toBe(0);
    await expect
      .poll(async () => (await firstCard(ctx.app, ada.token)).commentCount, {
        timeout: 2_000,
        interval: 50,
      })
      .toBe(1);
  });
});

describe('the card cache off (CARD_CACHE_MB=0)', () => {
  const ctx = useTestApp({ config: { cardCache: { maxBytes: 0, ttlMs: 60_000, warmPosts: 0 } } });

  it('builds every card from the database', async () => {
    const ada = await buildUser(ctx);
    const post = await buildPost(ctx, ada);
    expect((await firstCard(ctx.app, ada.token)).commentCount).toBe(0);
    await buildComment(ctx, post, ada);
    expect((await firstCard(ctx.app, ada.token)).commentCount).toBe(1);
    expect(ctx.app.cardCache.stats()).toMatchObject({ hits: 0, cards: 0 });
  });
});

describe('warming the card cache at start', () => {
  const ctx = useTestApp({
    config: { cardCache: { maxBytes: 1024 * 1024, ttlMs: 60_000, warmPosts: 3 } },
  });

  it('builds the newest live posts’ cards, which the feed then serves', async () => {
    const ada = await buildUser(ctx);
    for (const text of ['oldest', 'older', 'trashed', 'newer', 'newest']) {
      await buildPost(ctx, ada, {
        text,
        ...(text === 'trashed' ? { deletedAt: ctx.clock.now().toISOString() } : {}),
      });
    }
    expect(await ctx.app.warmCardCache()).toBe(3);
    expect(ctx.app.cardCache.stats().cards).toBe(3);
    const { hits } = ctx.app.cardCache.stats();
    const page = await feedPage(ctx.app, ada.token, 'limit=3');
    expect(page.posts.map((p) => p.text)).toEqual(['newest', 'newer', 'older']);
    expect(ctx.app.cardCache.stats().hits).toBe(hits + 3);
  });
});

// Two servers sharing one database and one Redis: each has its own card cache, kept fresh by
// the other's events.
describe('cards across two server processes', () => {
  const ctx = useTestApp({ config: { redisUrl: REDIS_URL } });

  const startServer = useSecondServer(ctx);

  async function serverB(): Promise<App> {
    const app = await startServer();
    for (const server of [ctx.app, app]) {
      expect(server.bus).toBeInstanceOf(RedisBus);
      await (server.bus as RedisBus).ready();
    }
    return app;
  }

  it('a reaction, a comment and trash made through B are in the cards A serves within a second', async () => {
    const b = await serverB();
    const author = await buildUser(ctx);
    const fan = await buildUser(ctx);
    await follow(ctx, fan, author);
    const post = await buildPost(ctx, author);
    // A holds the card.
    expect((await firstCard(ctx.app, author.token)).reactions.total).toBe(0);
    expect(ctx.app.cardCache.stats().cards).toBe(1);

    expect((await react(b, fan.token, post.id, 'haha')).statusCode).toBe(200);
    await expect
      .poll(async () => (await firstCard(ctx.app, author.token)).reactions.total, {
        timeout: 1_000,
        interval: 20,
      })
      .toBe(1);

    expect((await comment(b, fan.token, { postId: post.id, comment: 'via B' })).statusCode).toBe(
      200,
    );
    await expect
      .poll(async () => (await firstCard(ctx.app, author.token)).commentCount, {
        timeout: 1_000,
        interval: 20,
      })
      .toBe(1);

    expect((await deletePost(b, author.token, post.id)).statusCode).toBe(200);
    // A keeps the author's first page too (feed-head-cache.ts): B's event drops it with the card.
    await expect
      .poll(async () => (await feedPage(ctx.app, author.token)).posts, {
        timeout: 1_000,
        interval: 20,
      })
      .toEqual([]);
  });
});

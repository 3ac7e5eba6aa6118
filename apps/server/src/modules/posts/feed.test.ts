import {
  FEED_COMMENTS_CARRIED,
  imageVariants,
  type Post,
  REACTIONS,
  ROUTES,
} from '@hearth/contract';
import { v7 as uuidv7 } from 'uuid';
import { describe, expect, it } from 'vitest';
import {
  buildComment,
  buildPost,
  buildReaction,
  buildUser,
  follow,
} from '../../test-support/factories.js';
import { jpeg } from '../../test-support/images.js';
import {
  createPost,
  deletePost,
  feedPage,
  feedRequest,
  getReacts,
  nextCursorOf,
  wholeFeed,
} from '../../test-support/posts-api.js';
import { callEndpoint, type TestContext, useTestApp } from '../../test-support/test-app.js';
import { publicAddress } from '../../test-support/test-config.js';
import { uploadedUrl } from '../../test-support/uploads.js';
import { insertReactions, recountAllReactions } from './reactions-repo.js';

const texts = (posts: Post[]) => posts.map((p) => p.text);

describe('the home feed', () => {
  const ctx = useTestApp();

  it('a new member’s feed is empty, and their first post appears at the top', async () => {
    const { token } = await buildUser(ctx);
    expect((await feedPage(ctx.app, token)).posts).toEqual([]);
    await createPost(ctx.app, token, { text: 'first' });
    await createPost(ctx.app, token, { text: 'second' });
    expect(texts((await feedPage(ctx.app, token)).posts)).toEqual(['second', 'first']);
  });

  it('a member sees the posts of members they follow, not of those they do not', async () => {
    const ada = await buildUser(ctx);
    const grace = await buildUser(ctx);
    const linus = await buildUser(ctx);
    await follow(ctx, ada, grace);
    await createPost(ctx.app, grace.token, { text: 'grace writes' });
    await createPost(ctx.app, linus.token, { text: 'linus writes' });
    await createPost(ctx.app, ada.token, { text: 'ada writes' });

    expect(texts((await feedPage(ctx.app, ada.token)).posts)).toEqual([
      'ada writes',
      'grace writes',
    ]);
    // Following is one way: grace does not see ada's post.
    expect(texts((await feedPage(ctx.app, grace.token)).posts)).toEqual(['grace writes']);
    expect(texts((await feedPage(ctx.app, linus.token)).posts)).toEqual(['linus writes']);
  });

  it('walking the cursor returns every post exactly once, newest first, and the last page has no cursor', async () => {
    const ada = await buildUser(ctx);
    const grace = await buildUser(ctx);
    const stranger = await buildUser(ctx);
    await follow(ctx, ada, grace);
    const expected: string[] = [];
    for (let i = 0; i < 23; i++) {
      const author = i % 3 === 0 ? ada : grace;
      const res = await createPost(ctx.app, author.token, { text: `post ${i}` });
      expected.unshift(res.json()._id);
      if (i % 5 === 0) await createPost(ctx.app, stranger.token, { text: `noise ${i}` });
    }
    const { posts, pageSizes } = await wholeFeed(ctx.app, ada.token, 5);
    expect(pageSizes).toEqual([5, 5, 5, 5, 3]);
    expect(posts.map((p) => p._id)).toEqual(expected);

    const exact = await wholeFeed(ctx.app, ada.token, 23);
    expect(exact.pageSizes).toEqual([23]);
  });

  it('a page holds 20 posts unless asked otherwise, and at most 50', async () => {
    const { user, token } = await buildUser(ctx);
    for (let i = 0; i < 55; i++) await buildPost(ctx, user);
    const first = await feedRequest(ctx.app, token);
    expect(first.json()).toHaveLength(20);
    expect(nextCursorOf(first)).toBe(first.json()[19]._id);
    expect(await feedPage(ctx.app, token, 'limit=50').then((p) => p.posts)).toHaveLength(50);
    for (const query of ['limit=51', 'limit=0', 'limit=abc', 'limit=-3']) {
      const res = await feedRequest(ctx.app, token, query);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().message).toEqual(expect.any(String));
    }
  });

  it('each post carries its author, photos, comment count, five newest comments and reactions', async () => {
    const ada = await buildUser(ctx, { first_name: 'Ada', last_name: 'Lovelace' });
    const grace = await buildUser(ctx, { first_name: 'Grace', last_name: 'Hopper' });
    const folder = `${ada.user.username}/post_images`;
    const photos = [
      await uploadedUrl(ctx.app, ada.token, folder, await jpeg()),
      await uploadedUrl(ctx.app, ada.token, folder, await jpeg()),
    ];
    const created = (
      await createPost(ctx.app, ada.token, {
        text: 'photos',
        images: photos.map((url) => ({ url })),
      })
    ).json();
    for (let i = 1; i <= 12; i++) {
      await buildComment(ctx, { id: created._id }, i % 2 ? grace : ada, { comment: `c${i}` });
    }
    await buildReaction(ctx, { id: created._id }, grace, 'love');
    await buildReaction(ctx, { id: created._id }, ada, 'haha');
    await follow(ctx, grace, ada);

    const [seenByGrace] = (await feedPage(ctx.app, grace.token)).posts;
    expect(seenByGrace?.user).toMatchObject({ _id: ada.user.id, first_name: 'Ada' });
    expect(seenByGrace?.images).toEqual(
      photos.map((url) => ({ url, variants: imageVariants(url) })),
    );
    expect(seenByGrace?.commentCount).toBe(12);
    // The two a card shows and the three 'View more comments' adds first.
    expect(seenByGrace?.comments).toHaveLength(FEED_COMMENTS_CARRIED);
    expect(seenByGrace?.comments.map((c) => c.comment)).toEqual(['c12', 'c11', 'c10', 'c9', 'c8']);
    expect(seenByGrace?.comments[1]).toEqual({
      _id: expect.any(String),
      comment: 'c11',
      image: '',
      commentBy: {
        _id: grace.user.id,
        username: grace.user.username,
        first_name: 'Grace',
        last_name: 'Hopper',
        picture: publicAddress(grace.user.picture),
      },
      commentAt: expect.any(String),
    });
    expect(seenByGrace?.reactions).toEqual(await getReacts(ctx.app, grace.token, created._id));
    expect(seenByGrace?.reactions).toMatchObject({ check: 'love', total: 2, checkSaved: false });
    const [seenByAda] = (await feedPage(ctx.app, ada.token)).posts;
    expect(seenByAda?.reactions.check).toBe('haha');
  });

  it('a post moved to trash leaves the feed of its author and of followers', async () => {
    const ada = await buildUser(ctx);
    const grace = await buildUser(ctx);
    await follow(ctx, grace, ada);
    const keep = (await createPost(ctx.app, ada.token, { text: 'keep' })).json();
    const drop = (await createPost(ctx.app, ada.token, { text: 'drop' })).json();
    expect((await deletePost(ctx.app, ada.token, drop._id)).statusCode).toBe(200);
    expect(texts((await feedPage(ctx.app, ada.token)).posts)).toEqual(['keep']);
    expect((await feedPage(ctx.app, grace.token)).posts.map((p) => p._id)).toEqual([keep._id]);
  });

  it('without a session the feed is refused 401', async () => {
    const res = await ctx.app.inject({ url: '/api/v1/posts' });
    expect(res.statusCode).toBe(401);
  });
});

describe('the cost of a feed page', () => {
  const ctx = useTestApp();

  /** A busy network: 60 posts from the viewer and two followed members, each fully loaded. */
  async function busyNetwork(c: TestContext) {
    const viewer = await buildUser(c);
    const friends = [await buildUser(c), await buildUser(c)];
    const others = [await buildUser(c), await buildUser(c), await buildUser(c)];
    for (const friend of friends) await follow(c, viewer, friend);
    const authors = [viewer, ...friends];
    const at = c.clock.now().toISOString();
    const comments = [];
    const reactions = [];
    const saves = [];
    for (let i = 0; i < 60; i++) {
      const post = await buildPost(c, authors[i % 3]!, {
        images: [`/media/x/post_images/${i}-a.jpg`, `/media/x/post_images/${i}-b.jpg`],
      });
      for (let j = 0; j < 12; j++) {
        const by = others[j % 3]!.user.id;
        comments.push({
          id: uuidv7(),
          post_id: post.id,
          user_id: by,
          comment: `c${j}`,
          image: '',
          created_at: at,
        });
      }
      for (const [k, member] of [...others, ...friends].entries()) {
        const react = REACTIONS[(i + k) % REACTIONS.length]!;
        reactions.push({ post_id: post.id, user_id: member.user.id, react, created_at: at });
      }
      if (i % 4 === 0) saves.push({ user_id: viewer.user.id, post_id: post.id, created_at: at });
    }
    await c.db.insertInto('comments').values(comments).execute();
    await insertReactions(c.db, reactions);
    await recountAllReactions(c.db);
    await c.db.insertInto('saved_posts').values(saves).execute();
    return viewer;
  }

  async function queriesFor(c: TestContext, token: string, limit: number) {
    const before = c.database.queryCount();
    const page = await feedPage(c.app, token, `limit=${limit}`);
    const queries = c.database.queryCount() - before;
    return { page, queries };
  }

  it('a page of 50 posts costs the same few SQL queries as a page of 5', async () => {
    const viewer = await busyNetwork(ctx);
    const five = await queriesFor(ctx, viewer.token, 5);
    const fifty = await queriesFor(ctx, viewer.token, 50);

    expect(five.page.posts).toHaveLength(5);
    expect(fifty.page.posts).toHaveLength(50);
    expect(
      fifty.page.posts.every(
        (p) => p.comments.length === FEED_COMMENTS_CARRIED && p.commentCount === 12,
      ),
    ).toBe(true);
    expect(fifty.page.posts.every((p) => p.images.length === 2 && p.reactions.total === 5)).toBe(
      true,
    );
    // Posts 59 down to 10 are on the page; every fourth one was saved.
    const savedOnPage = Array.from({ length: 50 }, (_, k) => 59 - k).filter((i) => i % 4 === 0);
    expect(fifty.page.posts.filter((p) => p.reactions.checkSaved)).toHaveLength(savedOnPage.length);
    // The session check, the page, then images, comments, reactions and saves: one query each.
    expect(five.queries).toBe(6);
    expect(fifty.queries).toBe(five.queries);
  });

  it('a member who blocked a commenter pays the same: their cards, built for them alone, in the same batch', async () => {
    const viewer = await busyNetwork(ctx);
    const [commenter] = await ctx.db
      .selectFrom('comments')
      .select('user_id')
      .distinct()
      .orderBy('user_id')
      .execute();
    const blocked = commenter?.user_id ?? '';
    const res = await callEndpoint(ctx.app, ROUTES.block, {
      params: { id: blocked },
      token: viewer.token,
    });
    expect(res.statusCode).toBe(200);
    // Another member's feed first: every card is in the cache, with the blocked one's comments.
    const other = await buildUser(ctx);
    for (const author of await ctx.db.selectFrom('posts').select('user_id').distinct().execute()) {
      if (author.user_id !== other.user.id) await follow(ctx, other, { id: author.user_id });
    }
    await feedPage(ctx.app, other.token, 'limit=50');

    const five = await queriesFor(ctx, viewer.token, 5);
    const fifty = await queriesFor(ctx, viewer.token, 50);
    expect(fifty.page.posts).toHaveLength(50);
    // Every post had four comments by the blocked member: the cards leave them out, count too.
    expect(
      fifty.page.posts.every(
        (p) =>
          p.commentCount === 8 &&
          p.comments.length === FEED_COMMENTS_CARRIED &&
          p.comments.every((c) => c.commentBy._id !== blocked),
      ),
    ).toBe(true);
    expect(five.queries).toBe(6);
    expect(fifty.queries).toBe(five.queries);
    // The shared cards were not replaced by the blocker's: the other member still sees all 12.
    const shared = await feedPage(ctx.app, other.token, 'limit=50');
    expect(shared.posts.every((p) => p.commentCount === 12)).toBe(true);
  });
});

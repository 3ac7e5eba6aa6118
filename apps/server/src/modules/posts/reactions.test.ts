import { POST_MESSAGES, type Reaction, type ReactionSummary } from '@hearth/contract';
import { describe, expect, it } from 'vitest';
import { buildPost, buildUser, follow } from '../../test-support/factories.js';
import {
  createPost,
  deletePost,
  feedPage,
  getReacts,
  getReactsRequest,
  react,
} from '../../test-support/posts-api.js';
import { type TestContext, useTestApp } from '../../test-support/test-app.js';

const countsOf = (summary: ReactionSummary) =>
  Object.fromEntries(summary.reacts.filter((r) => r.count > 0).map((r) => [r.react, r.count]));

async function reactionRows(ctx: TestContext, postId: string) {
  return ctx.db
    .selectFrom('reactions')
    .select(['user_id', 'react'])
    .where('post_id', '=', postId)
    .execute();
}

describe('reacting to a post', () => {
  const ctx = useTestApp();

  it('like, like again to remove it, then love: the counts and total follow in getReacts and in the feed', async () => {
    const author = await buildUser(ctx);
    const fan = await buildUser(ctx);
    await follow(ctx, fan, author);
    const { _id: postId } = (await createPost(ctx.app, author.token, { text: 'react!' })).json();
    const feedSummary = async () => (await feedPage(ctx.app, fan.token)).posts[0]?.reactions;

    const liked = await react(ctx.app, fan.token, postId, 'like');
    expect(liked.statusCode).toBe(200);
    expect(liked.json()).toEqual({ status: 'success' });
    let summary = await getReacts(ctx.app, fan.token, postId);
    expect(summary).toMatchObject({ check: 'like', total: 1 });
    expect(countsOf(summary)).toEqual({ like: 1 });
    expect(await feedSummary()).toEqual(summary);

    await react(ctx.app, fan.token, postId, 'like');
    summary = await getReacts(ctx.app, fan.token, postId);
    expect(summary).toMatchObject({ check: null, total: 0 });
    expect(countsOf(summary)).toEqual({});
    expect(await feedSummary()).toEqual(summary);

    await react(ctx.app, fan.token, postId, 'like');
    await react(ctx.app, fan.token, postId, 'love');
    summary = await getReacts(ctx.app, fan.token, postId);
    expect(summary).toMatchObject({ check: 'love', total: 1 });
    expect(countsOf(summary)).toEqual({ love: 1 });
    expect(await feedSummary()).toEqual(summary);

    // The author sees the count but no reaction of their own.
    expect(await getReacts(ctx.app, author.token, postId)).toMatchObject({
      check: null,
      total: 1,
    });
  });

  it('getReacts lists all six reactions, most used first, ties in the spec’s order', async () => {
    const author = await buildUser(ctx);
    const post = await buildPost(ctx, author);
    const members = await Promise.all(Array.from({ length: 5 }, () => buildUser(ctx)));
    const choices: Reaction[] = ['sad', 'sad', 'wow', 'sad', 'wow'];
    for (const [i, member] of members.entries()) {
      await react(ctx.app, member.token, post.id, choices[i]!);
    }
    const summary = await getReacts(ctx.app, author.token, post.id);
    expect(summary).toEqual({
      check: null,
      reacts: [
        { react: 'sad', count: 3 },
        { react: 'wow', count: 2 },
        { react: 'like', count: 0 },
        { react: 'love', count: 0 },
        { react: 'haha', count: 0 },
        { react: 'angry', count: 0 },
      ],
      total: 5,
      checkSaved: false,
      notificationsOn: true,
    });
  });

  it('ten identical reactions fired at once by one member end as ten taps would: one row at most, an even count removes it', async () => {
    const author = await buildUser(ctx);
    const fan = await buildUser(ctx);
    const post = await buildPost(ctx, author);

    const ten = await Promise.all(
      Array.from({ length: 10 }, () => react(ctx.app, fan.token, post.id, 'like')),
    );
    expect(ten.map((r) => r.statusCode)).toEqual(Array(10).fill(200));
    expect(await reactionRows(ctx, post.id)).toEqual([]);

    const nine = await Promise.all(
      Array.from({ length: 9 }, () => react(ctx.app, fan.token, post.id, 'haha')),
    );
    expect(nine.every((r) => r.statusCode === 200)).toBe(true);
    expect(await reactionRows(ctx, post.id)).toEqual([{ user_id: fan.user.id, react: 'haha' }]);
    expect(await getReacts(ctx.app, fan.token, post.id)).toMatchObject({
      check: 'haha',
      total: 1,
    });
  });

  it('one member sending different reactions at once keeps exactly one of them', async () => {
    const author = await buildUser(ctx);
    const fan = await buildUser(ctx);
    const post = await buildPost(ctx, author);
    const mixed: Reaction[] = ['like', 'love', 'haha', 'wow', 'sad', 'angry', 'love', 'wow'];
    const answers = await Promise.all(mixed.map((r) => react(ctx.app, fan.token, post.id, r)));
    expect(answers.every((r) => r.statusCode === 200)).toBe(true);
    const rows = await reactionRows(ctx, post.id);
    expect(rows.length).toBeLessThanOrEqual(1);
    const summary = await getReacts(ctx.app, fan.token, post.id);
    expect(summary.total).toBe(rows.length);
    expect(summary.check).toBe(rows[0]?.react ?? null);
  });

  it('ten members reacting at once are all counted, one row each', async () => {
    const author = await buildUser(ctx);
    const post = await buildPost(ctx, author);
    const members = await Promise.all(Array.from({ length: 10 }, () => buildUser(ctx)));
    const answers = await Promise.all(
      members.map((m, i) => react(ctx.app, m.token, post.id, i < 7 ? 'love' : 'angry')),
    );
    expect(answers.every((r) => r.statusCode === 200)).toBe(true);
    const rows = await reactionRows(ctx, post.id);
    expect(new Set(rows.map((r) => r.user_id)).size).toBe(10);
    const summary = await getReacts(ctx.app, author.token, post.id);
    expect(summary.total).toBe(10);
    expect(countsOf(summary)).toEqual({ love: 7, angry: 3 });
  });

  it('members swapping like and love at the same moment all succeed, and the counts match the reactions', async () => {
    const author = await buildUser(ctx);
    const post = await buildPost(ctx, author);
    const members = await Promise.all(Array.from({ length: 8 }, () => buildUser(ctx)));
    const first = (i: number): Reaction => (i % 2 === 0 ? 'like' : 'love');
    for (const [i, m] of members.entries()) await react(ctx.app, m.token, post.id, first(i));
    // Each changes to the other one: the two counts move in opposite directions at once.
    const answers = await Promise.all(
      members.map((m, i) => react(ctx.app, m.token, post.id, first(i + 1))),
    );
    expect(answers.map((r) => r.statusCode)).toEqual(members.map(() => 200));
    const rows = await reactionRows(ctx, post.id);
    const summary = await getReacts(ctx.app, author.token, post.id);
    expect(summary.total).toBe(rows.length);
    expect(countsOf(summary)).toEqual({ like: 4, love: 4 });
  });

  it('reacting to a post that does not exist or is in trash is 404, and so is asking for its reactions', async () => {
    const author = await buildUser(ctx);
    const fan = await buildUser(ctx);
    const post = await buildPost(ctx, author);
    await react(ctx.app, fan.token, post.id, 'like');
    expect((await deletePost(ctx.app, author.token, post.id)).statusCode).toBe(200);

    for (const postId of [post.id, '0196f0c2-0000-7000-8000-000000000000', 'nope']) {
      const reacted = await react(ctx.app, fan.token, postId, 'love');
      expect(reacted.statusCode).toBe(404);
      expect(reacted.json()).toEqual({ message: POST_MESSAGES.notFound });
      const summary = await getReactsRequest(ctx.app, fan.token, postId);
      expect(summary.statusCode).toBe(404);
      expect(summary.json()).toEqual({ message: POST_MESSAGES.notFound });
    }
  });

  it.each([
    [{ react: 'meh', postId: 'x' }],
    [{ react: 'like' }],
    [{ postId: 'x' }],
    [{ react: 'like', postId: '' }],
    [{ react: 'like', postId: 'x'.repeat(65) }],
  ])('a malformed reaction %j is 400 with a sentence', async (body) => {
    const { token } = await buildUser(ctx);
    const res = await ctx.app.inject({
      method: 'PUT',
      url: '/api/v1/posts/postReacts',
      payload: body,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toEqual(expect.any(String));
  });
});

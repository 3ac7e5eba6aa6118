import { POST_MESSAGES } from '@hearth/contract';
import { describe, expect, it } from 'vitest';
import { buildPost, buildUser, follow } from '../../test-support/factories.js';
import {
  deletePost,
  feedPage,
  getReacts,
  getReactsRequest,
  savePost,
} from '../../test-support/posts-api.js';
import { useTestApp } from '../../test-support/test-app.js';

describe('saving a post', () => {
  const ctx = useTestApp();

  it('Save Post then Unsave Post toggles checkSaved, for the member who saved only', async () => {
    const author = await buildUser(ctx);
    const fan = await buildUser(ctx);
    await follow(ctx, fan, author);
    const post = await buildPost(ctx, author);

    const saved = await savePost(ctx.app, fan.token, post.id);
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual({ saved: true });
    expect((await getReacts(ctx.app, fan.token, post.id)).checkSaved).toBe(true);
    expect((await feedPage(ctx.app, fan.token)).posts[0]?.reactions.checkSaved).toBe(true);
    expect((await getReacts(ctx.app, author.token, post.id)).checkSaved).toBe(false);

    const unsaved = await savePost(ctx.app, fan.token, post.id);
    expect(unsaved.json()).toEqual({ saved: false });
    expect((await getReacts(ctx.app, fan.token, post.id)).checkSaved).toBe(false);
  });

  it('saving a missing or trashed post is 404', async () => {
    const author = await buildUser(ctx);
    const post = await buildPost(ctx, author, { deletedAt: ctx.clock.now().toISOString() });
    for (const postId of [post.id, 'missing']) {
      const res = await savePost(ctx.app, author.token, postId);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: POST_MESSAGES.notFound });
    }
  });
});

describe('moving a post to trash', () => {
  const ctx = useTestApp();

  it('the author moves a post to trash; it is gone from every feed, and its reactions are 404', async () => {
    const author = await buildUser(ctx);
    const fan = await buildUser(ctx);
    await follow(ctx, fan, author);
    const post = await buildPost(ctx, author, { text: 'oops' });

    const res = await deletePost(ctx.app, author.token, post.id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
    expect((await feedPage(ctx.app, author.token)).posts).toEqual([]);
    expect((await feedPage(ctx.app, fan.token)).posts).toEqual([]);
    expect((await getReactsRequest(ctx.app, fan.token, post.id)).statusCode).toBe(404);
  });

  it('another member may not: 403, and the post stays', async () => {
    const author = await buildUser(ctx);
    const other = await buildUser(ctx);
    await follow(ctx, other, author);
    const post = await buildPost(ctx, author);

    const res = await deletePost(ctx.app, other.token, post.id);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: POST_MESSAGES.notAuthor });
    expect((await feedPage(ctx.app, other.token)).posts.map((p) => p._id)).toEqual([post.id]);
  });

  it('a post already in trash, or one that never existed, is 404', async () => {
    const author = await buildUser(ctx);
    const post = await buildPost(ctx, author);
    expect((await deletePost(ctx.app, author.token, post.id)).statusCode).toBe(200);
    for (const postId of [post.id, '0196f0c2-0000-7000-8000-000000000000']) {
      const again = await deletePost(ctx.app, author.token, postId);
      expect(again.statusCode).toBe(404);
      expect(again.json()).toEqual({ message: POST_MESSAGES.notFound });
    }
  });

  it('two deletes racing each other: one succeeds, the other is 404', async () => {
    const author = await buildUser(ctx);
    const post = await buildPost(ctx, author);
    const statuses = (
      await Promise.all([
        deletePost(ctx.app, author.token, post.id),
        deletePost(ctx.app, author.token, post.id),
      ])
    )
      .map((r) => r.statusCode)
      .sort();
    expect(statuses).toEqual([200, 404]);
  });
});

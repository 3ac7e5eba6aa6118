import {
  COMMENT_MESSAGES,
  COMMENTS_PAGE_SIZE,
  type Comment,
  POST_MESSAGES,
} from '@hearth/contract';
import { describe, expect, it } from 'vitest';
import { buildComment, buildPost, buildUser, follow } from '../../test-support/factories.js';
import { jpeg } from '../../test-support/images.js';
import {
  comment,
  commentsRequest,
  commentTexts,
  deletePost,
  feedPage,
  nextCursorOf,
} from '../../test-support/posts-api.js';
import { useTestApp } from '../../test-support/test-app.js';
import { publicAddress } from '../../test-support/test-config.js';
import { uploadedUrl } from '../../test-support/uploads.js';

describe('commenting', () => {
  const ctx = useTestApp();

  it('a member comments with text and gets the post’s comments back, newest first', async () => {
    const author = await buildUser(ctx);
    const fan = await buildUser(ctx, { first_name: 'Grace', last_name: 'Hopper' });
    const post = await buildPost(ctx, author);
    await comment(ctx.app, author.token, { postId: post.id, comment: 'first!' });

    const res = await comment(ctx.app, fan.token, {
      postId: post.id,
      comment: 'Lovely 😍',
      image: '',
    });
    expect(res.statusCode).toBe(200);
    const comments = res.json() as Comment[];
    expect(commentTexts(comments)).toEqual(['Lovely 😍', 'first!']);
    expect(comments[0]).toEqual({
      _id: expect.any(String),
      comment: 'Lovely 😍',
      image: '',
      commentBy: {
        _id: fan.user.id,
        username: fan.user.username,
        first_name: 'Grace',
        last_name: 'Hopper',
        picture: publicAddress(fan.user.picture),
      },
      commentAt: ctx.clock.now().toISOString(),
    });
    expect(nextCursorOf(res)).toBeUndefined();
  });

  it('a comment may be only a photo the commenter uploaded for that post', async () => {
    const author = await buildUser(ctx);
    const fan = await buildUser(ctx);
    const post = await buildPost(ctx, author);
    const url = await uploadedUrl(
      ctx.app,
      fan.token,
      `${fan.user.username}/post_images/${post.id}`,
      await jpeg(),
    );
    const res = await comment(ctx.app, fan.token, { postId: post.id, comment: '', image: url });
    expect(res.statusCode).toBe(200);
    expect(res.json()[0]).toMatchObject({ comment: '', image: url });
  });

  it('an empty comment stores nothing and answers the unchanged newest comments (API.md)', async () => {
    const author = await buildUser(ctx);
    const fan = await buildUser(ctx);
    await follow(ctx, fan, author);
    const post = await buildPost(ctx, author);
    for (let i = 1; i <= 12; i++) await buildComment(ctx, post, author, { comment: `c${i}` });
    const newest = Array.from({ length: COMMENTS_PAGE_SIZE }, (_, i) => `c${12 - i}`);
    for (const body of [
      { postId: post.id, comment: '', image: '' },
      { postId: post.id, comment: '   ', image: ' ' },
      { postId: post.id },
    ]) {
      const res = await comment(ctx.app, fan.token, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(200);
      const comments = res.json() as Comment[];
      expect(commentTexts(comments)).toEqual(newest);
      expect(nextCursorOf(res)).toBe(comments.at(-1)?._id);
    }
    const [card] = (await feedPage(ctx.app, fan.token)).posts;
    expect(card?.commentCount).toBe(12);
  });

  it('an empty comment on a post without comments answers an empty list, with no cursor', async () => {
    const author = await buildUser(ctx);
    const post = await buildPost(ctx, author);
    const res = await comment(ctx.app, author.token, { postId: post.id, comment: ' ' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([]);
    expect(nextCursorOf(res)).toBeUndefined();
    expect((await commentsRequest(ctx.app, author.token, post.id)).json()).toEqual([]);
  });

  it('another member’s photo, or any other url, is refused as a comment image', async () => {
    const author = await buildUser(ctx);
    const fan = await buildUser(ctx);
    const post = await buildPost(ctx, author);
    const authorsPhoto = await uploadedUrl(
      ctx.app,
      author.token,
      `${author.user.username}/post_images`,
      await jpeg(),
    );
    for (const image of [authorsPhoto, 'https://elsewhere.example/a.jpg', '/media/x/y.jpg']) {
      const res = await comment(ctx.app, fan.token, { postId: post.id, comment: 'hi', image });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: COMMENT_MESSAGES.imageNotYours });
    }
    expect((await commentsRequest(ctx.app, fan.token, post.id)).json() as Comment[]).toHaveLength(
      0,
    );
  });

  it('the answer holds the ten newest; the older ones come page by page from the comments call', async () => {
    const author = await buildUser(ctx);
    const post = await buildPost(ctx, author);
    for (let i = 1; i <= 24; i++) await buildComment(ctx, post, author, { comment: `c${i}` });
    const answer = await comment(ctx.app, author.token, { postId: post.id, comment: 'c25' });
    const newest = answer.json() as Comment[];
    expect(commentTexts(newest)).toEqual(Array.from({ length: 10 }, (_, i) => `c${25 - i}`));
    expect(nextCursorOf(answer)).toBe(newest[9]?._id);

    // 'View more comments': continue from the oldest comment held.
    const seen = [...commentTexts(newest)];
    let cursor = nextCursorOf(answer);
    const pages: number[] = [];
    while (cursor) {
      const res = await commentsRequest(ctx.app, author.token, post.id, `cursor=${cursor}`);
      expect(res.statusCode).toBe(200);
      const page = res.json() as Comment[];
      pages.push(page.length);
      seen.push(...commentTexts(page));
      cursor = nextCursorOf(res);
    }
    expect(pages).toEqual([10, 5]);
    expect(seen).toEqual(Array.from({ length: 25 }, (_, i) => `c${25 - i}`));

    const first = await commentsRequest(ctx.app, author.token, post.id, 'limit=3');
    expect(commentTexts(first.json())).toEqual(['c25', 'c24', 'c23']);
    expect(nextCursorOf(first)).toBe(first.json()[2]._id);
  });

  it('the feed counts the new comment and carries it first', async () => {
    const author = await buildUser(ctx);
    const fan = await buildUser(ctx);
    await follow(ctx, fan, author);
    const post = await buildPost(ctx, author);
    await comment(ctx.app, fan.token, { postId: post.id, comment: 'one' });
    await comment(ctx.app, author.token, { postId: post.id, comment: 'two' });
    const [card] = (await feedPage(ctx.app, fan.token)).posts;
    expect(card?.commentCount).toBe(2);
    expect(commentTexts(card?.comments ?? [])).toEqual(['two', 'one']);
  });

  it('a feed card carries the five newest; the comments call goes on from the oldest of them', async () => {
    const author = await buildUser(ctx);
    const fan = await buildUser(ctx);
    await follow(ctx, fan, author);
    const post = await buildPost(ctx, author);
    for (let i = 1; i <= 12; i++) await buildComment(ctx, post, author, { comment: `c${i}` });

    const [card] = (await feedPage(ctx.app, fan.token)).posts;
    expect(commentTexts(card?.comments ?? [])).toEqual(['c12', 'c11', 'c10', 'c9', 'c8']);
    expect(card?.commentCount).toBe(12);

    // The second 'View more comments' needs older ones: they start right after the carried ones.
    const oldestCarried = card?.comments.at(-1)?._id;
    const older = await commentsRequest(ctx.app, fan.token, post.id, `cursor=${oldestCarried}`);
    expect(commentTexts(older.json())).toEqual(['c7', 'c6', 'c5', 'c4', 'c3', 'c2', 'c1']);
    expect(nextCursorOf(older)).toBeUndefined();
  });

  it('commenting on, or reading the comments of, a missing or trashed post is 404', async () => {
    const author = await buildUser(ctx);
    const post = await buildPost(ctx, author);
    await deletePost(ctx.app, author.token, post.id);
    for (const postId of [post.id, 'no-such-post']) {
      for (const text of ['hello?', '']) {
        const res = await comment(ctx.app, author.token, { postId, comment: text });
        expect(res.statusCode).toBe(404);
        expect(res.json()).toEqual({ message: POST_MESSAGES.notFound });
      }
      const list = await commentsRequest(ctx.app, author.token, postId);
      expect(list.statusCode).toBe(404);
    }
  });

  it('a malformed comments query is 400', async () => {
    const author = await buildUser(ctx);
    const post = await buildPost(ctx, author);
    for (const query of ['limit=0', 'limit=51', `cursor=${'x'.repeat(201)}`]) {
      const res = await commentsRequest(ctx.app, author.token, post.id, query);
      expect(res.statusCode, query).toBe(400);
    }
  });
});

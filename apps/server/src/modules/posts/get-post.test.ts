import { FEED_COMMENTS_CARRIED, POST_MESSAGES, type Post } from '@hearth/contract';
import { describe, expect, it } from 'vitest';
import {
  buildComment,
  buildPost,
  buildReaction,
  buildUser,
  follow,
} from '../../test-support/factories.js';
import { deletePost, feedPage, getPostRequest } from '../../test-support/posts-api.js';
import { useTestApp } from '../../test-support/test-app.js';

describe('one post, for its page', () => {
  const ctx = useTestApp();

  it('a member opens their own post: the card as their feed shows it', async () => {
    const ada = await buildUser(ctx);
    const grace = await buildUser(ctx);
    const post = await buildPost(ctx, ada, { text: 'my own post' });
    await buildComment(ctx, post, grace, { comment: 'nice one' });
    await buildReaction(ctx, post, ada, 'love');

    const res = await getPostRequest(ctx.app, ada.token, post.id);
    expect(res.statusCode).toBe(200);
    const card = res.json() as Post;
    expect(card.text).toBe('my own post');
    expect(card.reactions.check).toBe('love');
    expect(card).toEqual((await feedPage(ctx.app, ada.token)).posts[0]);
  });

  it('a stranger’s post is readable, with reactions as the viewer sees them, in the feed’s shape', async () => {
    const author = await buildUser(ctx);
    const stranger = await buildUser(ctx);
    const follower = await buildUser(ctx);
    await follow(ctx, follower, author);
    const post = await buildPost(ctx, author, { text: 'hello world' });
    for (let i = 0; i < FEED_COMMENTS_CARRIED + 2; i++) {
      await buildComment(ctx, post, follower, { comment: `comment ${i}` });
    }
    await buildReaction(ctx, post, follower, 'haha');
    await buildReaction(ctx, post, stranger, 'wow');

    const res = await getPostRequest(ctx.app, stranger.token, post.id);
    expect(res.statusCode).toBe(200);
    const card = res.json() as Post;
    expect(card.user.username).toBe(author.user.username);
    expect(card.commentCount).toBe(FEED_COMMENTS_CARRIED + 2);
    expect(card.comments).toHaveLength(FEED_COMMENTS_CARRIED);
    expect(card.reactions.check).toBe('wow');
    expect(card.reactions.total).toBe(2);

    // The follower's copy of the card is the one their feed carries, their own reaction checked.
    const asFollower = (await getPostRequest(ctx.app, follower.token, post.id)).json() as Post;
    expect(asFollower.reactions.check).toBe('haha');
    expect(asFollower).toEqual((await feedPage(ctx.app, follower.token)).posts[0]);
  });

  it('a post in trash, or one that never existed, is 404 with the post message', async () => {
    const author = await buildUser(ctx);
    const post = await buildPost(ctx, author);
    expect((await deletePost(ctx.app, author.token, post.id)).statusCode).toBe(200);
    for (const postId of [post.id, '0196f0c2-0000-7000-8000-000000000000', 'missing']) {
      const res = await getPostRequest(ctx.app, author.token, postId);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: POST_MESSAGES.notFound });
    }
  });

  it('without a session it is 401', async () => {
    const author = await buildUser(ctx);
    const post = await buildPost(ctx, author);
    const res = await getPostRequest(ctx.app, undefined, post.id);
    expect(res.statusCode).toBe(401);
  });
});

import { POST_MESSAGES, type Post, ROUTES } from '@hearth/contract';
import { v7 as uuidv7 } from 'uuid';
import { describe, expect, it } from 'vitest';
import { type BuiltUser, buildPost, buildUser } from '../../test-support/factories.js';
import { createPost, feedPage, getPostRequest } from '../../test-support/posts-api.js';
import { callEndpoint, type TestContext, useTestApp } from '../../test-support/test-app.js';
import { befriend, friendship } from '../../test-support/users-api.js';

function editAudience(ctx: TestContext, who: BuiltUser, postId: string, audience: unknown) {
  return callEndpoint(ctx.app, ROUTES.editAudience, {
    params: { postId },
    rawBody: { audience },
    token: who.token,
  });
}

describe("a post's audience", () => {
  const ctx = useTestApp();

  it('is the one the author chose, and members when a client sends none (clients written for the spec)', async () => {
    const ada = await buildUser(ctx);
    const chosen = await createPost(ctx.app, ada.token, {
      text: 'Friends only',
      audience: 'friends',
    });
    expect(chosen.statusCode).toBe(201);
    expect(chosen.json().audience).toBe('friends');
    const spec = await createPost(ctx.app, ada.token, {
      type: null,
      text: 'As the spec sends it',
      background: null,
      images: null,
      user: ada.user.id,
    });
    expect(spec.json().audience).toBe('members');
    const feed = (await feedPage(ctx.app, ada.token)).posts as Post[];
    expect(feed.map((p) => p.audience)).toEqual(['members', 'friends']);
    const bad = await createPost(ctx.app, ada.token, { text: 'x', audience: 'everyone' });
    expect(bad.statusCode).toBe(400);
    expect(await ctx.db.selectFrom('posts').select('id').execute()).toHaveLength(2);
  });

  it('the author changes it: a friend who read the post (its card cached) loses it at once', async () => {
    const ada = await buildUser(ctx);
    const bob = await buildUser(ctx);
    await befriend(ctx.app, ada, bob);
    const post = (await createPost(ctx.app, ada.token, { text: 'Hi', audience: 'friends' })).json();
    const before = await getPostRequest(ctx.app, bob.token, post._id);
    expect(before.json().audience).toBe('friends');

    const changed = await editAudience(ctx, ada, post._id, 'only_me');
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toEqual({ audience: 'only_me' });
    const hidden = await getPostRequest(ctx.app, bob.token, post._id);
    const missing = await getPostRequest(ctx.app, bob.token, uuidv7());
    expect({ status: hidden.statusCode, body: hidden.json() }).toEqual({
      status: 404,
      body: missing.json(),
    });
    expect((await feedPage(ctx.app, bob.token)).posts).toEqual([]);
    // The author's own card shows the new audience (the cached one was dropped).
    expect((await getPostRequest(ctx.app, ada.token, post._id)).json().audience).toBe('only_me');
    expect((await editAudience(ctx, ada, post._id, 'public')).statusCode).toBe(200);
    expect((await getPostRequest(ctx.app, bob.token, post._id)).json().audience).toBe('public');
  });

  it("only the author changes it: 403 for another who sees the post, 404 for one who doesn't, 400 for a bad value", async () => {
    const ada = await buildUser(ctx);
    const bob = await buildUser(ctx);
    const members = await buildPost(ctx, ada, { audience: 'members' });
    const onlyMe = await buildPost(ctx, ada, { audience: 'only_me' });
    const refused = await editAudience(ctx, bob, members.id, 'public');
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ message: POST_MESSAGES.notAuthorAudience });
    const hidden = await editAudience(ctx, bob, onlyMe.id, 'public');
    const missing = await editAudience(ctx, bob, uuidv7(), 'public');
    expect({ status: hidden.statusCode, body: hidden.json() }).toEqual({
      status: 404,
      body: missing.json(),
    });
    expect((await editAudience(ctx, ada, members.id, 'nobody')).statusCode).toBe(400);
    const rows = await ctx.db
      .selectFrom('posts')
      .select(['id', 'audience'])
      .orderBy('id')
      .execute();
    expect(rows).toEqual([
      { id: members.id, audience: 'members' },
      { id: onlyMe.id, audience: 'only_me' },
    ]);
  });

  it('friends-only posts reach friends, not followers; becoming friends shows them, unfriending hides them', async () => {
    const ada = await buildUser(ctx);
    const bob = await buildUser(ctx);
    const post = await buildPost(ctx, ada, { audience: 'friends' });
    expect((await friendship(ctx.app, bob.token, 'follow', ada.user.id)).statusCode).toBe(200);
    expect((await getPostRequest(ctx.app, bob.token, post.id)).statusCode).toBe(404);
    expect((await feedPage(ctx.app, bob.token)).posts).toEqual([]);
    await befriend(ctx.app, bob, ada);
    expect((await getPostRequest(ctx.app, bob.token, post.id)).statusCode).toBe(200);
    expect(((await feedPage(ctx.app, bob.token)).posts as Post[]).map((p) => p._id)).toEqual([
      post.id,
    ]);
    expect((await friendship(ctx.app, bob.token, 'unfriend', ada.user.id)).statusCode).toBe(200);
    expect((await getPostRequest(ctx.app, bob.token, post.id)).statusCode).toBe(404);
  });
});

import { POST_MESSAGES, type Post, ROUTES, SERVER_MESSAGES } from '@hearth/contract';
import { v7 as uuidv7 } from 'uuid';
import { describe, expect, it } from 'vitest';
import { type BuiltUser, buildPost, buildUser, follow } from '../../test-support/factories.js';
import {
  deletePost,
  feedPage,
  getPostRequest,
  getReacts,
  postNotifications,
  react,
  savePost,
} from '../../test-support/posts-api.js';
import { callEndpoint, useTestApp } from '../../test-support/test-app.js';
import { getProfile } from '../../test-support/users-api.js';

describe('a post’s notifications switch', () => {
  const ctx = useTestApp();

  async function turn(who: BuiltUser, postId: string, on: boolean): Promise<void> {
    const res = await postNotifications(ctx.app, who.token, postId, { on });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ on });
  }

  async function postPage(who: BuiltUser, postId: string): Promise<Post> {
    const res = await getPostRequest(ctx.app, who.token, postId);
    expect(res.statusCode).toBe(200);
    return res.json();
  }

  async function feedCard(who: BuiltUser, postId: string): Promise<Post | undefined> {
    return (await feedPage(ctx.app, who.token)).posts.find((p) => p._id === postId);
  }

  /** `notificationsOn` as the member's feed, the post's page and getReacts show it. */
  async function shownTo(who: BuiltUser, postId: string): Promise<boolean[]> {
    return [
      (await feedCard(who, postId))?.reactions.notificationsOn ?? false,
      (await postPage(who, postId)).reactions.notificationsOn,
      (await getReacts(ctx.app, who.token, postId)).notificationsOn,
    ];
  }

  it('the author’s notifications are on until they turn them off, and on again; each call as often as they like', async () => {
    const ada = await buildUser(ctx);
    const post = await buildPost(ctx, ada, { text: 'Gone viral' });
    expect(await shownTo(ada, post.id)).toEqual([true, true, true]);

    await turn(ada, post.id, false);
    await turn(ada, post.id, false);
    expect(await shownTo(ada, post.id)).toEqual([false, false, false]);
    // The profile's posts carry it too.
    const profile = await getProfile(ctx.app, ada.token, ada.user.username);
    expect(profile.posts[0]?.reactions.notificationsOn).toBe(false);

    await turn(ada, post.id, true);
    await turn(ada, post.id, true);
    expect(await shownTo(ada, post.id)).toEqual([true, true, true]);
  });

  it('a new post answers with its author’s notifications on', async () => {
    const ada = await buildUser(ctx);
    const res = await callEndpoint(ctx.app, ROUTES.createPost, {
      rawBody: { text: 'Hello' },
      token: ada.token,
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().reactions).toMatchObject({ checkSaved: false, notificationsOn: true });
  });

  it('another member’s are off until they turn them on, and each viewer’s card shows only their own choice, the shared card cache notwithstanding', async () => {
    const ada = await buildUser(ctx);
    const bob = await buildUser(ctx);
    const cy = await buildUser(ctx);
    await follow(ctx, bob, ada);
    await follow(ctx, cy, ada);
    const post = await buildPost(ctx, ada, { text: 'Who comes to the lake?' });
    // Cy's reads build the shared card before anyone's switch is turned.
    expect(await shownTo(cy, post.id)).toEqual([false, false, false]);
    expect(await shownTo(bob, post.id)).toEqual([false, false, false]);

    await turn(bob, post.id, true);
    await turn(bob, post.id, true);
    const { hits } = ctx.app.cardCache.stats();
    expect(await shownTo(bob, post.id)).toEqual([true, true, true]);
    // Served from the cache: Bob's choice was written into the shared text for him alone.
    expect(ctx.app.cardCache.stats().hits).toBeGreaterThan(hits);
    expect(await shownTo(cy, post.id)).toEqual([false, false, false]);
    expect(await shownTo(ada, post.id)).toEqual([true, true, true]);

    // The author turning hers off changes nobody else's card.
    await turn(ada, post.id, false);
    expect(await shownTo(bob, post.id)).toEqual([true, true, true]);
    expect(await shownTo(cy, post.id)).toEqual([false, false, false]);
    expect(await shownTo(ada, post.id)).toEqual([false, false, false]);

    await turn(bob, post.id, false);
    await turn(bob, post.id, false);
    expect(await shownTo(bob, post.id)).toEqual([false, false, false]);
  });

  it('the switch sits beside the viewer’s reaction and save in the card, each the viewer’s own', async () => {
    const ada = await buildUser(ctx);
    const bob = await buildUser(ctx);
    await follow(ctx, bob, ada);
    const post = await buildPost(ctx, ada);
    await feedCard(ada, post.id);
    expect((await react(ctx.app, bob.token, post.id, 'wow')).statusCode).toBe(200);
    expect((await savePost(ctx.app, bob.token, post.id)).statusCode).toBe(200);
    await turn(bob, post.id, true);
    const bobs = await feedCard(bob, post.id);
    expect(bobs?.reactions).toMatchObject({
      check: 'wow',
      total: 1,
      checkSaved: true,
      notificationsOn: true,
    });
    expect((await feedCard(ada, post.id))?.reactions).toMatchObject({
      check: null,
      total: 1,
      checkSaved: false,
      notificationsOn: true,
    });
  });

  it('the reactions announced to every watcher carry no one’s switch', async () => {
    const ada = await buildUser(ctx);
    const bob = await buildUser(ctx);
    const post = await buildPost(ctx, ada);
    await turn(bob, post.id, true);
    const announced: unknown[] = [];
    ctx.app.bus.subscribe((event) => {
      if (event.type === 'reactions.changed') announced.push(event.reactions);
    });
    expect((await react(ctx.app, bob.token, post.id, 'like')).statusCode).toBe(200);
    await new Promise((resolve) => setImmediate(resolve));
    expect(announced).toHaveLength(1);
    expect(Object.keys(announced[0] as object).sort()).toEqual(['reacts', 'total']);
  });

  it('a post the caller may not see is answered as a missing one: 404 with the same body', async () => {
    const ada = await buildUser(ctx);
    const bob = await buildUser(ctx);
    const onlyMe = await buildPost(ctx, ada, { audience: 'only_me' });
    const friendsOnly = await buildPost(ctx, ada, { audience: 'friends' });
    const trashed = await buildPost(ctx, ada);
    expect((await deletePost(ctx.app, ada.token, trashed.id)).statusCode).toBe(200);
    for (const postId of [onlyMe.id, friendsOnly.id, trashed.id, uuidv7()]) {
      const res = await postNotifications(ctx.app, bob.token, postId, { on: true });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: POST_MESSAGES.notFound });
    }
    // Nothing was stored for Bob: the author's own post still reads as it did.
    expect((await postPage(ada, onlyMe.id)).reactions.notificationsOn).toBe(true);
  });

  it.each([[{}], [{ on: 'yes' }], [{ on: 1 }], [{ on: null }], [[]]])(
    'a body of %j is 400 with a sentence',
    async (body) => {
      const ada = await buildUser(ctx);
      const post = await buildPost(ctx, ada);
      const res = await postNotifications(ctx.app, ada.token, post.id, body);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toEqual(expect.any(String));
      expect((await postPage(ada, post.id)).reactions.notificationsOn).toBe(true);
    },
  );

  it('without a session it is 401', async () => {
    const ada = await buildUser(ctx);
    const post = await buildPost(ctx, ada);
    const res = await callEndpoint(ctx.app, ROUTES.postNotifications, {
      params: { postId: post.id },
      rawBody: { on: false },
    });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: SERVER_MESSAGES.unauthenticated });
  });
});

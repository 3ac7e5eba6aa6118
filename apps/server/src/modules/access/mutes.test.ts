import { MUTE_MESSAGES, type Post, PROFILE_MESSAGES, ROUTES } from '@hearth/contract';
import type { LightMyRequestResponse } from 'fastify';
import { v7 as uuidv7 } from 'uuid';
import { afterEach, describe, expect, it } from 'vitest';
import { type BuiltUser, buildUser } from '../../test-support/factories.js';
import { LiveClient, listenForLive } from '../../test-support/live-client.js';
import { notificationsOf } from '../../test-support/notifications-api.js';
import { createPost, feedPage, getPostRequest } from '../../test-support/posts-api.js';
import { callEndpoint, type TestContext, useTestApp } from '../../test-support/test-app.js';
import { publicAddress } from '../../test-support/test-config.js';
import {
  befriend,
  friendship,
  getMuted,
  getProfile,
  mute,
  unmute,
} from '../../test-support/users-api.js';

function answer(res: LightMyRequestResponse) {
  return { status: res.statusCode, body: res.json() };
}

async function says(ctx: TestContext, who: BuiltUser, text: string, audience = 'members') {
  const res = await createPost(ctx.app, who.token, { type: null, text, audience });
  expect(res.statusCode).toBe(201);
  return res.json() as Post;
}

async function feedTexts(ctx: TestContext, who: BuiltUser): Promise<Array<string | null>> {
  return (await feedPage(ctx.app, who.token)).posts.map((post) => post.text);
}

const clients: LiveClient[] = [];
afterEach(() => {
  for (const client of clients.splice(0)) client.close();
});

describe('muting a member', () => {
  const ctx = useTestApp();

  it("takes the member's posts out of the muter's feed, friends-only ones too, and unmuting brings them back", async () => {
    const ada = await buildUser(ctx);
    const bob = await buildUser(ctx);
    const cleo = await buildUser(ctx);
    await befriend(ctx.app, ada, bob);
    await befriend(ctx.app, ada, cleo);
    await says(ctx, bob, 'Bob for everyone');
    await says(ctx, cleo, 'Cleo writes');
    await says(ctx, bob, 'Bob for friends', 'friends');
    await says(ctx, ada, 'Ada writes');
    const everything = ['Ada writes', 'Bob for friends', 'Cleo writes', 'Bob for everyone'];
    expect(await feedTexts(ctx, ada)).toEqual(everything);

    expect((await mute(ctx.app, ada.token, bob.user.id)).json()).toBe('ok');
    expect(await feedTexts(ctx, ada)).toEqual(['Ada writes', 'Cleo writes']);
    // A post written while muted stays out too; muting again changes nothing.
    await says(ctx, bob, 'Bob while muted');
    expect((await mute(ctx.app, ada.token, bob.user.id)).json()).toBe('ok');
    expect(await feedTexts(ctx, ada)).toEqual(['Ada writes', 'Cleo writes']);
    // Only the muter's feed changes: Bob and Cleo still see Ada's and Bob's posts.
    expect(await feedTexts(ctx, bob)).toEqual([
      'Bob while muted',
      'Ada writes',
      'Bob for friends',
      'Bob for everyone',
    ]);
    expect(await feedTexts(ctx, cleo)).toEqual(['Ada writes', 'Cleo writes']);

    expect((await unmute(ctx.app, ada.token, bob.user.id)).json()).toBe('ok');
    expect(await feedTexts(ctx, ada)).toEqual(['Bob while muted', ...everything]);
    // Unmuting a member not muted changes nothing.
    expect((await unmute(ctx.app, ada.token, bob.user.id)).json()).toBe('ok');
    expect(await feedTexts(ctx, ada)).toEqual(['Bob while muted', ...everything]);
  });

  it('the muter still opens the muted member’s profile and posts; the muted member is not told', async () => {
    const ada = await buildUser(ctx);
    const bob = await buildUser(ctx);
    await befriend(ctx.app, ada, bob);
    const post = await says(ctx, bob, 'Still here', 'friends');
    const bellBefore = await notificationsOf(ctx.app, bob.token);
    expect((await getProfile(ctx.app, ada.token, bob.user.username)).muted).toBe(false);

    expect((await mute(ctx.app, ada.token, bob.user.id)).statusCode).toBe(200);
    const profile = await getProfile(ctx.app, ada.token, bob.user.username);
    expect(profile.muted).toBe(true);
    expect(profile.friendship.friends).toBe(true);
    expect(profile.posts.map((p) => p._id)).toEqual([post._id]);
    const page = await getPostRequest(ctx.app, ada.token, post._id);
    expect(page.statusCode).toBe(200);
    expect((page.json() as Post).text).toBe('Still here');

    // Bob's side shows nothing of it: no flag on Ada's profile, no notification.
    expect((await getProfile(ctx.app, bob.token, ada.user.username)).muted).toBe(false);
    expect(await notificationsOf(ctx.app, bob.token)).toEqual(bellBefore);
    expect(await getMuted(ctx.app, bob.token)).toEqual([]);
    // One's own profile never says muted.
    expect((await getProfile(ctx.app, ada.token, ada.user.username)).muted).toBe(false);

    expect((await unmute(ctx.app, ada.token, bob.user.id)).statusCode).toBe(200);
    expect((await getProfile(ctx.app, ada.token, bob.user.username)).muted).toBe(false);
  });

  it('the Muted list shows each muted member, most recent first, until unmuted', async () => {
    const ada = await buildUser(ctx);
    const bob = await buildUser(ctx);
    const cleo = await buildUser(ctx);
    expect(await getMuted(ctx.app, ada.token)).toEqual([]);
    const bobMutedAt = ctx.clock.now().toISOString();
    await mute(ctx.app, ada.token, bob.user.id);
    ctx.clock.advance(60_000);
    const cleoMutedAt = ctx.clock.now().toISOString();
    await mute(ctx.app, ada.token, cleo.user.id);
    // Muting again keeps the time it was first muted.
    ctx.clock.advance(60_000);
    await mute(ctx.app, ada.token, bob.user.id);

    const entry = ({ user }: BuiltUser, mutedAt: string) => ({
      _id: user.id,
      username: user.username,
      picture: publicAddress(user.picture),
      first_name: user.first_name,
      last_name: user.last_name,
      mutedAt,
    });
    expect(await getMuted(ctx.app, ada.token)).toEqual([
      entry(cleo, cleoMutedAt),
      entry(bob, bobMutedAt),
    ]);
    await unmute(ctx.app, ada.token, cleo.user.id);
    expect(await getMuted(ctx.app, ada.token)).toEqual([entry(bob, bobMutedAt)]);
  });

  it('oneself is 400; an unknown member, or one blocked either way, is 404 as missing; nothing is stored', async () => {
    const ada = await buildUser(ctx);
    const bob = await buildUser(ctx);
    const cleo = await buildUser(ctx);
    const self = { status: 400, body: { message: MUTE_MESSAGES.self } };
    expect(answer(await mute(ctx.app, ada.token, ada.user.id))).toEqual(self);
    expect(answer(await unmute(ctx.app, ada.token, ada.user.id))).toEqual(self);
    const unknown = answer(await mute(ctx.app, ada.token, uuidv7()));
    expect(unknown).toEqual({ status: 404, body: { message: PROFILE_MESSAGES.memberNotFound } });

    // Ada blocked Bob; Cleo blocked Ada.
    const block = (who: BuiltUser, target: BuiltUser) =>
      callEndpoint(ctx.app, ROUTES.block, { params: { id: target.user.id }, token: who.token });
    expect((await block(ada, bob)).statusCode).toBe(200);
    expect((await block(cleo, ada)).statusCode).toBe(200);
    for (const [me, them] of [
      [ada, bob],
      [bob, ada],
      [ada, cleo],
      [cleo, ada],
    ] as const) {
      expect(answer(await mute(ctx.app, me.token, them.user.id))).toEqual(unknown);
    }
    const stored = await ctx.db.selectFrom('mutes').select('muter_id').execute();
    expect(stored).toEqual([]);
  });

  it('a member muted before a block leaves the Muted list while the block stands', async () => {
    const ada = await buildUser(ctx);
    const bob = await buildUser(ctx);
    await mute(ctx.app, ada.token, bob.user.id);
    const blocked = await callEndpoint(ctx.app, ROUTES.block, {
      params: { id: ada.user.id },
      token: bob.token,
    });
    expect(blocked.statusCode).toBe(200);
    expect(await getMuted(ctx.app, ada.token)).toEqual([]);
    await callEndpoint(ctx.app, ROUTES.unblock, { params: { id: ada.user.id }, token: bob.token });
    expect((await getMuted(ctx.app, ada.token)).map((m) => m._id)).toEqual([bob.user.id]);
  });

  it('a new post of a muted member does not reach the muter’s socket; it reaches other followers', async () => {
    const ada = await buildUser(ctx);
    const bob = await buildUser(ctx);
    const cleo = await buildUser(ctx);
    for (const follower of [ada, cleo]) {
      const res = await friendship(ctx.app, follower.token, 'follow', bob.user.id);
      expect(res.statusCode).toBe(200);
    }
    expect((await mute(ctx.app, ada.token, bob.user.id)).statusCode).toBe(200);
    const address = await listenForLive(ctx.app);
    const adaSocket = await LiveClient.ready(address, ada.token);
    const cleoSocket = await LiveClient.ready(address, cleo.token);
    clients.push(adaSocket, cleoSocket);

    const post = await says(ctx, bob, 'Muted news');
    const message = { type: 'post', payload: { postId: post._id, authorId: bob.user.id } };
    expect(await cleoSocket.next('post')).toEqual(message);
    // Every event so far is routed; a pong after them shows Ada got nothing before it.
    await ctx.app.live.idle();
    adaSocket.send({ type: 'ping' });
    await adaSocket.next('pong');
    expect(adaSocket.messages).toEqual([]);

    // Unmuted, the next post reaches her.
    await unmute(ctx.app, ada.token, bob.user.id);
    const next = await says(ctx, bob, 'Unmuted news');
    expect(await adaSocket.next('post')).toEqual({
      type: 'post',
      payload: { postId: next._id, authorId: bob.user.id },
    });
  });
});

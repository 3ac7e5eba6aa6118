import { type Reaction, ROUTES } from '@hearth/contract';
import { beforeEach, describe, expect, it } from 'vitest';
import { buildPost, buildUser } from '../../test-support/factories.js';
import { jpeg } from '../../test-support/images.js';
import { lastMailTo, resetCodeIn } from '../../test-support/mail.js';
import { createPost, deletePost, getReacts, react } from '../../test-support/posts-api.js';
import { callEndpoint, useTestApp } from '../../test-support/test-app.js';
import { uploadedUrl } from '../../test-support/uploads.js';
import {
  friendship,
  mute,
  unmute,
  updateDetails,
  updatePicture,
} from '../../test-support/users-api.js';
import type { DomainEvent } from './events.js';

// What each write announces once committed: the live updates (and other processes) rely on it.
describe('domain events published by the services', () => {
  const ctx = useTestApp();
  let events: DomainEvent[];
  beforeEach(() => {
    events = [];
    // Notifications' own events are the notifications tests' business.
    ctx.app.bus.subscribe((event) => {
      if (!event.type.startsWith('notification')) events.push(event);
    });
  });

  /** The events published so far, once the in-process bus has delivered them. */
  async function published(): Promise<DomainEvent[]> {
    await new Promise((resolve) => setImmediate(resolve));
    return events;
  }

  it('a post, then its trashing', async () => {
    const ada = await buildUser(ctx);
    const res = await createPost(ctx.app, ada.token, { type: null, text: 'hello' });
    expect(res.statusCode).toBe(201);
    const postId = res.json()._id;
    expect((await deletePost(ctx.app, ada.token, postId)).statusCode).toBe(200);
    expect(await published()).toEqual([
      { type: 'post.created', postId, authorId: ada.user.id },
      { type: 'post.trashed', postId, authorId: ada.user.id },
    ]);
  });

  it('a reaction carries the summary getReacts gives, without the viewer fields', async () => {
    const ada = await buildUser(ctx);
    const bob = await buildUser(ctx);
    const carl = await buildUser(ctx);
    const post = await buildPost(ctx, ada);
    const expected: unknown[] = [];
    const moves: Array<[typeof ada, Reaction]> = [
      [bob, 'like'],
      [ada, 'love'],
      [bob, 'like'],
    ];
    for (const [member, reaction] of moves) {
      expect((await react(ctx.app, member.token, post.id, reaction)).statusCode).toBe(200);
      const {
        check: _check,
        checkSaved: _saved,
        notificationsOn: _notify,
        ...reactions
      } = await getReacts(ctx.app, carl.token, post.id);
      expected.push({
        type: 'reactions.changed',
        postId: post.id,
        actorId: member.user.id,
        reactions,
      });
    }
    expect(await published()).toEqual(expected);
    expect(expected[2]).toMatchObject({ reactions: { total: 1 } });
  });

  it('a comment carries itself as answers show it and the new count; an empty one nothing', async () => {
    const ada = await buildUser(ctx);
    const bob = await buildUser(ctx);
    const post = await buildPost(ctx, ada);
    const first = await callEndpoint(ctx.app, ROUTES.comment, {
      body: { postId: post.id, comment: 'first', image: '' },
      token: bob.token,
    });
    expect(first.statusCode).toBe(200);
    const empty = await callEndpoint(ctx.app, ROUTES.comment, {
      body: { postId: post.id, comment: '  ', image: '' },
      token: bob.token,
    });
    expect(empty.statusCode).toBe(200);
    const second = await callEndpoint(ctx.app, ROUTES.comment, {
      body: { postId: post.id, comment: 'second', image: '' },
      token: ada.token,
    });
    const [newest, older] = second.json();
    expect(await published()).toEqual([
      { type: 'comment.added', postId: post.id, comment: older, commentCount: 1 },
      { type: 'comment.added', postId: post.id, comment: newest, commentCount: 2 },
    ]);
  });

  it('each friendship call, and a request crossing another one as an acceptance', async () => {
    const ada = await buildUser(ctx);
    const bob = await buildUser(ctx);
    const calls = [
      [ada, 'addFriend', bob],
      [ada, 'cancelFriendRequest', bob],
      [ada, 'addFriend', bob],
      [bob, 'deleteRequest', ada],
      [ada, 'addFriend', bob],
      [bob, 'addFriend', ada],
      [ada, 'unfriend', bob],
      [bob, 'addFriend', ada],
      [ada, 'acceptRequest', bob],
      [ada, 'unfollow', bob],
      [ada, 'follow', bob],
    ] as const;
    for (const [actor, action, other] of calls) {
      expect((await friendship(ctx.app, actor.token, action, other.user.id)).statusCode).toBe(200);
    }
    // A refused call announces nothing.
    expect((await friendship(ctx.app, ada.token, 'acceptRequest', bob.user.id)).statusCode).toBe(
      400,
    );
    const changes = (await published()).map((event) =>
      event.type === 'friendship.changed'
        ? [event.change, event.actorId === ada.user.id ? 'ada' : 'bob', event.otherId]
        : event.type,
    );
    expect(changes).toEqual([
      ['requestSent', 'ada', bob.user.id],
      ['requestCancelled', 'ada', bob.user.id],
      ['requestSent', 'ada', bob.user.id],
      ['requestDeclined', 'bob', ada.user.id],
      ['requestSent', 'ada', bob.user.id],
      ['requestAccepted', 'bob', ada.user.id],
      ['unfriended', 'ada', bob.user.id],
      ['requestSent', 'bob', ada.user.id],
      ['requestAccepted', 'ada', bob.user.id],
      ['unfollowed', 'ada', bob.user.id],
      ['followed', 'ada', bob.user.id],
    ]);
  });

  it('a mute and an unmute, which only the muter’s feed hears of', async () => {
    const ada = await buildUser(ctx);
    const bob = await buildUser(ctx);
    expect((await mute(ctx.app, ada.token, bob.user.id)).statusCode).toBe(200);
    expect((await unmute(ctx.app, ada.token, bob.user.id)).statusCode).toBe(200);
    const pair = { muterId: ada.user.id, mutedId: bob.user.id };
    expect(await published()).toEqual([
      { type: 'mute.changed', ...pair, muted: true },
      { type: 'mute.changed', ...pair, muted: false },
    ]);
  });

  it('details, picture and cover changes', async () => {
    const ada = await buildUser(ctx);
    expect((await updateDetails(ctx.app, ada.token, { bio: 'hi' })).statusCode).toBe(200);
    const picture = await uploadedUrl(
      ctx.app,
      ada.token,
      `${ada.user.username}/profile_pictures`,
      await jpeg(),
    );
    expect((await updatePicture(ctx.app, ada.token, 'profile', picture)).statusCode).toBe(200);
    const cover = await uploadedUrl(
      ctx.app,
      ada.token,
      `${ada.user.username}/cover_pictures`,
      await jpeg(),
    );
    expect((await updatePicture(ctx.app, ada.token, 'cover', cover)).statusCode).toBe(200);
    const changed = { type: 'profile.changed', userId: ada.user.id };
    expect(await published()).toEqual([changed, changed, changed]);
  });

  it('logout ends one session, logout of all devices and a password reset every one', async () => {
    const ada = await buildUser(ctx);
    const login = await callEndpoint(ctx.app, ROUTES.login, {
      body: { email: ada.user.email, password: ada.password },
    });
    const phone = login.json().token as string;
    expect((await callEndpoint(ctx.app, ROUTES.logout, { token: phone })).statusCode).toBe(200);
    expect((await callEndpoint(ctx.app, ROUTES.logoutAll, { token: ada.token })).statusCode).toBe(
      200,
    );
    const email = ada.user.email;
    await callEndpoint(ctx.app, ROUTES.sendResetCode, { body: { email } });
    const code = resetCodeIn((await lastMailTo(ctx.db, email)).text_body);
    await callEndpoint(ctx.app, ROUTES.validateResetCode, { body: { email, code } });
    const password = 'brand-new-pass1';
    const reset = await callEndpoint(ctx.app, ROUTES.resetPassword, {
      body: { email, password, confPassword: password },
    });
    expect(reset.statusCode).toBe(200);

    const ended = (await published()).filter((event) => event.type === 'session.ended');
    expect(ended).toHaveLength(3);
    expect(ended[0]).toMatchObject({ userId: ada.user.id, sessionId: expect.any(String) });
    expect(ended.slice(1)).toEqual([
      { type: 'session.ended', userId: ada.user.id, sessionId: null },
      { type: 'session.ended', userId: ada.user.id, sessionId: null },
    ]);
  });
});

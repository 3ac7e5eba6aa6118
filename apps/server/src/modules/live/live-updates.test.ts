import { LIVE_CLOSE_CODES, LIVE_WATCHED_POSTS_MAX, ROUTES } from '@hearth/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { buildPost, buildUser, follow } from '../../test-support/factories.js';
import { LiveClient, listenForLive } from '../../test-support/live-client.js';
import { markReadRequest, notificationsOf } from '../../test-support/notifications-api.js';
import { comment, createPost, deletePost, getReacts, react } from '../../test-support/posts-api.js';
import { type ConfigOverrides, callEndpoint, useTestApp } from '../../test-support/test-app.js';
import { testConfig } from '../../test-support/test-config.js';
import { friendship, getProfile } from '../../test-support/users-api.js';

const AUTH_TIMEOUT_MS = 300;

function liveConfig(live: Partial<ConfigOverrides['live']> = {}): ConfigOverrides {
  return {
    live: {
      ...testConfig().live,
      authTimeoutMs: AUTH_TIMEOUT_MS,
      expiryCheckIntervalMs: 50,
      ...live,
    },
  };
}

/** Every client a test opened, closed after it. */
const clients: LiveClient[] = [];
afterEach(() => {
  for (const client of clients.splice(0)) client.close();
});
async function connect(url: string, token?: string): Promise<LiveClient> {
  const client = token ? await LiveClient.ready(url, token) : await LiveClient.open(url);
  clients.push(client);
  return client;
}

describe('the live-updates socket', () => {
  const ctx = useTestApp({ config: liveConfig() });
  const url = () => listenForLive(ctx.app);

  it('a member authenticates with their session token and is answered ready; ping gets pong', async () => {
    const ada = await buildUser(ctx);
    const client = await connect(await url());
    client.send({ type: 'auth', token: ada.token });
    await client.next('ready');
    client.send({ type: 'ping' });
    await client.next('pong');
  });

  it('a bad token, or a token of an ended session, closes the socket with 4401', async () => {
    const ada = await buildUser(ctx);
    const address = await url();
    const bad = await connect(address);
    bad.send({ type: 'auth', token: `${ada.token}x` });
    expect(await bad.closed()).toBe(LIVE_CLOSE_CODES.unauthorized);

    expect((await callEndpoint(ctx.app, ROUTES.logout, { token: ada.token })).statusCode).toBe(200);
    const ended = await connect(address);
    ended.send({ type: 'auth', token: ada.token });
    expect(await ended.closed()).toBe(LIVE_CLOSE_CODES.unauthorized);
  });

  it('a socket that does not authenticate in time, or sends anything else first, is closed with 4401', async () => {
    const address = await url();
    const silent = await connect(address);
    expect(await silent.closed(AUTH_TIMEOUT_MS + 1000)).toBe(LIVE_CLOSE_CODES.unauthorized);
    expect(silent.messages).toEqual([]);

    const eager = await connect(address);
    eager.send({ type: 'ping' });
    expect(await eager.closed()).toBe(LIVE_CLOSE_CODES.unauthorized);
  });

  it('an unreadable, unknown or oversize message closes the socket with 4400', async () => {
    const ada = await buildUser(ctx);
    const address = await url();
    const messages: unknown[] = [
      'not json',
      '{"type":"auth"',
      { type: 'subscribe', postIds: [] },
      { type: 'watch', postIds: 'p1' },
      { type: 'ping', padding: 'x'.repeat(ctx.config.live.clientMessageMaxBytes) },
    ];
    for (const message of messages) {
      const client = await connect(address, ada.token);
      client.send(message);
      expect(await client.closed()).toBe(LIVE_CLOSE_CODES.badMessage);
    }
    // Before authenticating too.
    const early = await connect(address);
    early.send('{{{');
    expect(await early.closed()).toBe(LIVE_CLOSE_CODES.badMessage);
  });

  it('watching more than 200 posts closes the socket with 4400; 200 are fine', async () => {
    const ada = await buildUser(ctx);
    const ids = (n: number) => Array.from({ length: n }, (_, i) => `0190a0b0-0000-7000-8000-${i}`);
    const client = await connect(await url(), ada.token);
    client.send({ type: 'watch', postIds: ids(LIVE_WATCHED_POSTS_MAX) });
    client.send({ type: 'ping' });
    await client.next('pong');
    client.send({ type: 'watch', postIds: ids(LIVE_WATCHED_POSTS_MAX + 1) });
    expect(await client.closed()).toBe(LIVE_CLOSE_CODES.badMessage);
  });

  it('a member watching a post sees another member’s reaction within a second', async () => {
    const ada = await buildUser(ctx);
    const bob = await buildUser(ctx);
    // Carol's posts: Ada watches them and is not notified of reactions to them.
    const carol = await buildUser(ctx);
    const post = await buildPost(ctx, carol);
    const other = await buildPost(ctx, carol);
    const client = await connect(await url(), ada.token);
    client.send({ type: 'watch', postIds: [post.id] });
    client.send({ type: 'ping' });
    await client.next('pong');

    // Not watched: nothing comes for it (the watched one's update below arrives after it).
    expect((await react(ctx.app, bob.token, other.id, 'wow')).statusCode).toBe(200);
    expect((await react(ctx.app, bob.token, post.id, 'love')).statusCode).toBe(200);
    const { payload } = await client.next('reactions');
    const {
      check: _check,
      checkSaved: _saved,
      notificationsOn: _notify,
      ...summary
    } = await getReacts(ctx.app, ada.token, post.id);
    expect(payload).toEqual({ postId: post.id, reactions: summary });
    expect(summary.total).toBe(1);
    expect(client.messages).toEqual([]);
  });

  it('a member watching a post sees a new comment with the new count', async () => {
    const ada = await buildUser(ctx);
    const bob = await buildUser(ctx);
    const post = await buildPost(ctx, ada);
    const client = await connect(await url(), ada.token);
    client.send({ type: 'watch', postIds: ['another', post.id] });
    client.send({ type: 'ping' });
    await client.next('pong');

    const res = await comment(ctx.app, bob.token, { postId: post.id, comment: 'Nice one' });
    expect(res.statusCode).toBe(200);
    const { payload } = await client.next('comment');
    expect(payload).toEqual({ postId: post.id, comment: res.json()[0], commentCount: 1 });
    expect(payload.comment).toMatchObject({ comment: 'Nice one', commentBy: { _id: bob.user.id } });
  });

  it('watch replaces the posts watched: updates stop for a post no longer on screen', async () => {
    const ada = await buildUser(ctx);
    const post = await buildPost(ctx, ada);
    const later = await buildPost(ctx, ada);
    const client = await connect(await url(), ada.token);
    client.send({ type: 'watch', postIds: [post.id] });
    client.send({ type: 'watch', postIds: [later.id] });
    client.send({ type: 'ping' });
    await client.next('pong');
    await react(ctx.app, ada.token, post.id, 'like');
    await react(ctx.app, ada.token, later.id, 'like');
    expect((await client.next('reactions')).payload.postId).toBe(later.id);
    expect(client.messages).toEqual([]);
  });

  it('a new post reaches the followers connected and the author, not the others', async () => {
    const ada = await buildUser(ctx);
    const follower = await buildUser(ctx);
    const stranger = await buildUser(ctx);
    await follow(ctx, follower, ada);
    const address = await url();
    const [followerSocket, strangerSocket, adaSocket] = [
      await connect(address, follower.token),
      await connect(address, stranger.token),
      await connect(address, ada.token),
    ];
    const res = await createPost(ctx.app, ada.token, { type: null, text: 'Hello, world' });
    expect(res.statusCode).toBe(201);
    const expected = { type: 'post', payload: { postId: res.json()._id, authorId: ada.user.id } };
    expect(await followerSocket.next('post')).toEqual(expected);
    expect(await adaSocket.next('post')).toEqual(expected);
    // The stranger's socket answers a ping sent after the post: no post message came before it.
    strangerSocket.send({ type: 'ping' });
    await strangerSocket.next('pong');
    expect(strangerSocket.messages).toEqual([]);
  });

  it('a friend request reaches both members with each one’s flags, as their profiles show them', async () => {
    const ada = await buildUser(ctx);
    const bob = await buildUser(ctx);
    const address = await url();
    const adaSocket = await connect(address, ada.token);
    const bobSocket = await connect(address, bob.token);
    expect((await friendship(ctx.app, ada.token, 'addFriend', bob.user.id)).statusCode).toBe(200);

    const toAda = await adaSocket.next('friendship');
    const toBob = await bobSocket.next('friendship');
    expect(toAda.payload).toEqual({
      userId: bob.user.id,
      friendship: (await getProfile(ctx.app, ada.token, bob.user.username)).friendship,
    });
    expect(toBob.payload).toEqual({
      userId: ada.user.id,
      friendship: (await getProfile(ctx.app, bob.token, ada.user.username)).friendship,
    });
    expect(toAda.payload.friendship).toMatchObject({ requestSent: true, following: true });
    expect(toBob.payload.friendship).toMatchObject({ requestReceived: true });
  });

  it('after quick friendship changes, the last message each member gets is the final state', async () => {
    const ada = await buildUser(ctx);
    const bob = await buildUser(ctx);
    const address = await url();
    const adaSocket = await connect(address, ada.token);
    const bobSocket = await connect(address, bob.token);
    const calls = [
      [ada, 'addFriend', bob],
      [ada, 'cancelFriendRequest', bob],
      [ada, 'addFriend', bob],
      [bob, 'acceptRequest', ada],
      [bob, 'unfollow', ada],
    ] as const;
    // One after the other, without waiting for any message in between.
    for (const [actor, action, other] of calls) {
      expect((await friendship(ctx.app, actor.token, action, other.user.id)).statusCode).toBe(200);
    }
    const last = async (socket: LiveClient) => {
      let message = await socket.next('friendship');
      for (let i = 1; i < calls.length; i++) message = await socket.next('friendship');
      return message.payload.friendship;
    };
    expect(await last(adaSocket)).toEqual(
      (await getProfile(ctx.app, ada.token, bob.user.username)).friendship,
    );
    expect(await last(bobSocket)).toEqual(
      (await getProfile(ctx.app, bob.token, ada.user.username)).friendship,
    );
  });

  it('logout closes that session’s sockets with 4401; the member’s other sessions stay', async () => {
    const ada = await buildUser(ctx);
    const login = await callEndpoint(ctx.app, ROUTES.login, {
      body: { email: ada.user.email, password: ada.password },
    });
    const phoneToken = login.json().token as string;
    const address = await url();
    const laptop = await connect(address, ada.token);
    const phone = await connect(address, phoneToken);
    expect((await callEndpoint(ctx.app, ROUTES.logout, { token: phoneToken })).statusCode).toBe(
      200,
    );
    expect(await phone.closed()).toBe(LIVE_CLOSE_CODES.unauthorized);
    laptop.send({ type: 'ping' });
    await laptop.next('pong');
  });

  it('logout of all devices closes every socket of the member with 4401', async () => {
    const ada = await buildUser(ctx);
    const bob = await buildUser(ctx);
    const address = await url();
    const first = await connect(address, ada.token);
    const second = await connect(address, ada.token);
    const bobs = await connect(address, bob.token);
    expect((await callEndpoint(ctx.app, ROUTES.logoutAll, { token: ada.token })).statusCode).toBe(
      200,
    );
    expect(await first.closed()).toBe(LIVE_CLOSE_CODES.unauthorized);
    expect(await second.closed()).toBe(LIVE_CLOSE_CODES.unauthorized);
    bobs.send({ type: 'ping' });
    await bobs.next('pong');
  });

  it('a member is told of each notification within a second, with the unread count; withdrawals and reads update the count on every socket of theirs', async () => {
    const ada = await buildUser(ctx);
    const bob = await buildUser(ctx);
    const post = await buildPost(ctx, ada, { text: 'Sunset at the pier' });
    const phone = await connect(await url(), ada.token);
    const laptop = await connect(await url(), ada.token);
    const bobs = await connect(await url(), bob.token);

    expect((await react(ctx.app, bob.token, post.id, 'love')).statusCode).toBe(200);
    const reacted = (await phone.next('notification')).payload;
    expect(reacted.unreadCount).toBe(1);
    expect(reacted.notification).toMatchObject({
      type: 'react',
      react: 'love',
      actor: { _id: bob.user.id, first_name: bob.user.first_name },
      post: { _id: post.id, text: 'Sunset at the pier' },
      read: false,
    });
    expect(await notificationsOf(ctx.app, ada.token)).toEqual([reacted.notification]);
    expect((await laptop.next('notification')).payload).toEqual(reacted);

    // Withdrawn: the notification goes, on both sockets.
    expect((await react(ctx.app, bob.token, post.id, 'love')).statusCode).toBe(200);
    const removed = { notificationId: reacted.notification._id, unreadCount: 0 };
    expect((await phone.next('notificationRemoved')).payload).toEqual(removed);
    expect((await laptop.next('notificationRemoved')).payload).toEqual(removed);

    const said = await comment(ctx.app, bob.token, { postId: post.id, comment: 'Gorgeous' });
    expect(said.statusCode).toBe(200);
    const commented = (await phone.next('notification')).payload;
    expect(commented).toMatchObject({
      unreadCount: 1,
      notification: { type: 'comment', comment: 'Gorgeous', post: { _id: post.id } },
    });
    await laptop.next('notification');

    expect((await markReadRequest(ctx.app, ada.token, {})).statusCode).toBe(200);
    expect((await phone.next('notificationsRead')).payload).toEqual({ unreadCount: 0 });
    expect((await laptop.next('notificationsRead')).payload).toEqual({ unreadCount: 0 });

    // Bob's own actions never reached his socket as notifications.
    bobs.send({ type: 'ping' });
    await bobs.next('pong');
    expect(bobs.messages).toEqual([]);
  });

  it('trashing a post hides its notifications: the author’s sockets get the lower unread count', async () => {
    const ada = await buildUser(ctx);
    const bob = await buildUser(ctx);
    const post = await buildPost(ctx, ada);
    const client = await connect(await url(), ada.token);
    expect((await react(ctx.app, bob.token, post.id, 'wow')).statusCode).toBe(200);
    expect((await client.next('notification')).payload.unreadCount).toBe(1);

    expect((await deletePost(ctx.app, ada.token, post.id)).statusCode).toBe(200);
    expect((await client.next('notificationsRead')).payload).toEqual({ unreadCount: 0 });
    expect(await notificationsOf(ctx.app, ada.token)).toEqual([]);
  });

  it('a friend request and its acceptance notify the member concerned', async () => {
    const ada = await buildUser(ctx);
    const bob = await buildUser(ctx);
    const adas = await connect(await url(), ada.token);
    const bobs = await connect(await url(), bob.token);

    expect((await friendship(ctx.app, bob.token, 'addFriend', ada.user.id)).statusCode).toBe(200);
    const asked = (await adas.next('notification')).payload;
    expect(asked).toMatchObject({
      unreadCount: 1,
      notification: { type: 'friendRequest', actor: { _id: bob.user.id }, post: null },
    });

    expect((await friendship(ctx.app, ada.token, 'acceptRequest', bob.user.id)).statusCode).toBe(
      200,
    );
    const accepted = (await bobs.next('notification')).payload;
    expect(accepted).toMatchObject({
      unreadCount: 1,
      notification: { type: 'friendAccepted', actor: { _id: ada.user.id } },
    });
  });

  it('a socket whose session expires is closed with 4401', async () => {
    const ada = await buildUser(ctx);
    const client = await connect(await url(), ada.token);
    ctx.clock.advanceHours(24 * 7 + 1);
    expect(await client.closed(ctx.config.live.expiryCheckIntervalMs + 1000)).toBe(
      LIVE_CLOSE_CODES.unauthorized,
    );
  });

  it('closing the app closes its sockets with 1001', async () => {
    const ada = await buildUser(ctx);
    const client = await connect(await url(), ada.token);
    await ctx.app.close();
    expect(await client.closed()).toBe(LIVE_CLOSE_CODES.goingAway);
  });
});

describe('the live-updates socket’s limits', () => {
  const ctx = useTestApp({
    config: () => ({
      ...liveConfig({ socketsPerMember: 2, socketsPerAddress: 3, messagesPerSecond: 5 }),
      // Loopback capped like any address, so the per-address limit shows from 127.0.0.1.
      connections: { ...testConfig().connections, uncappedAddresses: [] },
    }),
  });

  it('a member past their sockets is refused with 4429; one closed frees a place', async () => {
    const ada = await buildUser(ctx);
    const address = await listenForLive(ctx.app);
    const first = await connect(address, ada.token);
    await connect(address, ada.token);
    const third = await connect(address);
    third.send({ type: 'auth', token: ada.token });
    expect(await third.closed()).toBe(LIVE_CLOSE_CODES.tooManySockets);
    first.close();
    await first.closed();
    await connect(address, ada.token);
  });

  it('an address past its sockets is refused with 4429', async () => {
    const address = await listenForLive(ctx.app);
    for (let i = 0; i < 3; i++) await connect(address);
    const fourth = await connect(address);
    expect(await fourth.closed()).toBe(LIVE_CLOSE_CODES.tooManySockets);
  });

  it('more messages a second than allowed close the socket with 4408', async () => {
    const ada = await buildUser(ctx);
    const client = await connect(await listenForLive(ctx.app), ada.token);
    for (let i = 0; i < 6; i++) client.send({ type: 'ping' });
    expect(await client.closed()).toBe(LIVE_CLOSE_CODES.tooManyMessages);
  });
});

describe('the live-updates socket on a loopback address', () => {
  const ctx = useTestApp({ config: liveConfig({ socketsPerAddress: 1 }) });

  it('is never capped per address', async () => {
    const address = await listenForLive(ctx.app);
    const ada = await buildUser(ctx);
    await connect(address, ada.token);
    await connect(address, ada.token);
  });
});

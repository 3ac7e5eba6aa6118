import { LIVE_CLOSE_CODES, type Post, ROUTES } from '@hearth/contract';
import { Redis } from 'ioredis';
import { afterEach, describe, expect, it } from 'vitest';
import type { App } from '../../app.js';
import { RedisBus } from '../../infra/bus/redis-bus.js';
import { buildPost, buildUser, follow } from '../../test-support/factories.js';
import { LiveClient, listenForLive } from '../../test-support/live-client.js';
import { unreadCount } from '../../test-support/notifications-api.js';
import {
  comment,
  createPost,
  editPost,
  getPostRequest,
  react,
} from '../../test-support/posts-api.js';
import { useSecondServer } from '../../test-support/second-server.js';
import { callEndpoint, useTestApp } from '../../test-support/test-app.js';
import { friendship } from '../../test-support/users-api.js';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

// Two servers sharing one database and one Redis, each with its own connections and its own
// RedisBus: a member on server A hears what another member does through server B.
describe('live updates across two server processes', () => {
  const ctx = useTestApp({ config: { redisUrl: REDIS_URL } });

  // Registered first, so it closes server B after the clients below are closed.
  const serverB = useSecondServer(ctx);
  const clients: LiveClient[] = [];
  afterEach(async () => {
    for (const client of clients.splice(0)) client.close();
  });

  /** A socket to server A, ready, once both buses listen (events before that are not heard). */
  async function memberOnA(token: string, b: App): Promise<LiveClient> {
    for (const app of [ctx.app, b]) {
      expect(app.bus).toBeInstanceOf(RedisBus);
      await (app.bus as RedisBus).ready();
    }
    const client = await LiveClient.ready(await listenForLive(ctx.app), token);
    clients.push(client);
    return client;
  }

  /** Both servers' bus subscribers lose their Redis connection (they reconnect by themselves). */
  async function dropBusConnections(): Promise<void> {
    const admin = new Redis(REDIS_URL);
    try {
      const channel = (ctx.app.bus as RedisBus).channel;
      // Both servers' subscribers carry the same name.
      const list = String(await admin.client('LIST')).split('\n');
      const ids = list
        .filter((line) => line.includes(`name=${channel}:subscriber `))
        .map((line) => line.match(/\bid=(\d+)/)?.[1] as string);
      expect(ids).toHaveLength(2);
      for (const id of ids) await admin.client('KILL', 'ID', id);
    } finally {
      admin.disconnect();
    }
  }

  /** One post as `app` answers it to the member, failing the test unless it is a 200. */
  async function readPost(app: App, token: string, postId: string): Promise<Post> {
    const res = await getPostRequest(app, token, postId);
    expect(res.statusCode).toBe(200);
    return res.json();
  }

  /** Watches the posts; resolves once the server has taken the watch (a pong follows it). */
  async function watch(socket: LiveClient, postIds: string[]): Promise<void> {
    socket.send({ type: 'watch', postIds });
    socket.send({ type: 'ping' });
    await socket.next('pong');
  }

  it('reactions, comments, posts, friendship changes and the notifications they cause, made on B, reach a socket on A', async () => {
    const b = await serverB();
    const ada = await buildUser(ctx);
    const bob = await buildUser(ctx);
    await follow(ctx, ada, bob);
    const post = await buildPost(ctx, ada);
    const socket = await memberOnA(ada.token, b);
    socket.send({ type: 'watch', postIds: [post.id] });
    socket.send({ type: 'ping' });
    await socket.next('pong');

    expect((await react(b, bob.token, post.id, 'haha')).statusCode).toBe(200);
    expect((await socket.next('reactions')).payload).toEqual({
      postId: post.id,
      reactions: expect.objectContaining({ total: 1 }),
    });
    // Ada is notified within the deadline (a second) on A of what Bob did on B.
    expect((await socket.next('notification')).payload).toMatchObject({
      unreadCount: 1,
      notification: { type: 'react', react: 'haha', actor: { _id: bob.user.id } },
    });

    const said = await comment(b, bob.token, { postId: post.id, comment: 'From B' });
    expect(said.statusCode).toBe(200);
    expect((await socket.next('comment')).payload).toEqual({
      postId: post.id,
      comment: said.json()[0],
      commentCount: 1,
    });
    expect((await socket.next('notification')).payload).toMatchObject({
      unreadCount: 2,
      notification: { type: 'comment', comment: 'From B' },
    });

    const posted = await createPost(b, bob.token, { type: null, text: 'Posted on B' });
    expect(posted.statusCode).toBe(201);
    expect((await socket.next('post')).payload).toEqual({
      postId: posted.json()._id,
      authorId: bob.user.id,
    });

    expect((await friendship(b, bob.token, 'addFriend', ada.user.id)).statusCode).toBe(200);
    expect((await socket.next('friendship')).payload).toEqual({
      userId: bob.user.id,
      friendship: expect.objectContaining({ requestReceived: true }),
    });
    expect((await socket.next('notification')).payload).toMatchObject({
      unreadCount: 3,
      notification: { type: 'friendRequest', actor: { _id: bob.user.id } },
    });
    // The unread count is the same read through either server.
    expect(await unreadCount(ctx.app, ada.token)).toBe(3);
    expect(await unreadCount(b, ada.token)).toBe(3);
    // Each event came once, though both processes heard it.
    socket.send({ type: 'ping' });
    await socket.next('pong');
    expect(socket.messages).toEqual([]);
  });

  it('an edit made on B reaches a watcher on A, and the card A had cached shows it at once', async () => {
    const b = await serverB();
    const ada = await buildUser(ctx);
    const bob = await buildUser(ctx);
    const post = await buildPost(ctx, ada, { text: 'Before' });
    // A holds the post's card.
    expect((await readPost(ctx.app, bob.token, post.id)).text).toBe('Before');
    const socket = await memberOnA(bob.token, b);
    await watch(socket, [post.id]);

    const res = await editPost(b, ada.token, post.id, { text: 'After' });
    expect(res.statusCode).toBe(200);
    const { editedAt } = res.json();
    expect((await socket.next('postEdited')).payload).toEqual({
      postId: post.id,
      text: 'After',
      background: null,
      images: [],
      editedAt,
    });
    // The message came once the event reached A, whose card went with it.
    expect(await readPost(ctx.app, bob.token, post.id)).toMatchObject({ text: 'After', editedAt });
  });

  it('a logout on B closes the session’s socket on A with 4401', async () => {
    const b = await serverB();
    const ada = await buildUser(ctx);
    const socket = await memberOnA(ada.token, b);
    expect((await callEndpoint(b, ROUTES.logout, { token: ada.token })).statusCode).toBe(200);
    expect(await socket.closed()).toBe(LIVE_CLOSE_CODES.unauthorized);
  });

  it('when A’s bus connection drops and comes back, its sockets are told they are stale', async () => {
    const b = await serverB();
    const ada = await buildUser(ctx);
    const socket = await memberOnA(ada.token, b);
    await dropBusConnections();
    await socket.next('stale', 3000);
    // Events flow again afterwards.
    const post = await buildPost(ctx, ada);
    socket.send({ type: 'watch', postIds: [post.id] });
    socket.send({ type: 'ping' });
    await socket.next('pong');
    expect((await react(b, ada.token, post.id, 'like')).statusCode).toBe(200);
    await socket.next('reactions');
  });

  it('after a bus outage, a socket whose session ended unheard is closed with 4401', async () => {
    const b = await serverB();
    const ada = await buildUser(ctx);
    const bob = await buildUser(ctx);
    const adaSocket = await memberOnA(ada.token, b);
    const bobSocket = await memberOnA(bob.token, b);
    // Ended while no event could be heard (here: without any event at all).
    await ctx.db.deleteFrom('sessions').where('user_id', '=', ada.user.id).execute();
    await dropBusConnections();
    await bobSocket.next('stale', 3000);
    expect(await adaSocket.closed(3000)).toBe(LIVE_CLOSE_CODES.unauthorized);
    bobSocket.send({ type: 'ping' });
    await bobSocket.next('pong');
  });

  it('after a bus outage, a block made unheard applies: the blocker’s socket no longer gets the blocked member’s comments', async () => {
    const b = await serverB();
    const blocker = await buildUser(ctx);
    const blocked = await buildUser(ctx);
    const third = await buildUser(ctx);
    const post = await buildPost(ctx, third, { audience: 'public' });
    const blockerSocket = await memberOnA(blocker.token, b);
    const thirdSocket = await memberOnA(third.token, b);
    await watch(blockerSocket, [post.id]);
    await watch(thirdSocket, [post.id]);
    // Made while no event could be heard (here: without any event at all).
    await ctx.db
      .insertInto('blocks')
      .values({
        blocker_id: blocker.user.id,
        blocked_id: blocked.user.id,
        created_at: ctx.clock.now().toISOString(),
      })
      .execute();
    await dropBusConnections();
    await blockerSocket.next('stale', 3000);
    await thirdSocket.next('stale', 3000);
    // The sockets' blocks are read again after the stale message.
    await ctx.app.live.idle();

    const said = await comment(b, blocked.token, { postId: post.id, comment: 'Unheard block' });
    expect(said.statusCode).toBe(200);
    expect((await thirdSocket.next('comment')).payload.comment.comment).toBe('Unheard block');
    blockerSocket.send({ type: 'ping' });
    await blockerSocket.next('pong');
    expect(blockerSocket.messages).toEqual([]);
  });
});

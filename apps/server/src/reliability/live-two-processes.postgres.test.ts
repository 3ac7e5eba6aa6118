import { randomBytes } from 'node:crypto';
import { LIVE_CLOSE_CODES, ROUTES } from '@hearth/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIVE_DEADLINE_MS, LiveClient } from '../test-support/live-client.js';
import { testEngine } from '../test-support/test-database.js';
import {
  call,
  deleteRedisKeys,
  expectHeardInTurn,
  expectStatus,
  heardWithin,
  type Member,
  reactCommentAsk,
  signUp,
  streamingUrl,
  TEST_REDIS_URL,
  waitForBusSubscribers,
} from './http-calls.js';
import { prepareServerGround, type ServerGround } from './server-ground.js';
import { type ServerProcess, startServerProcess } from './server-process.js';

const REDIS_URL = TEST_REDIS_URL;

async function unreadCountThrough(server: ServerProcess, member: Member): Promise<number> {
  const body = await expectStatus(200, call(server, ROUTES.unreadCount, { token: member.token }));
  return (body as { count: number }).count;
}

// The check with real processes: two built servers (`dist/main.js`) on different ports,
// one PostgreSQL database and one Redis between them. SQLite is one file for one process, so
// the test belongs to the PostgreSQL project only.
describe('live updates across two real server processes', () => {
  let ground: ServerGround | undefined;
  // This run's own Redis channel and keys: other runs and deployments on the Redis go unheard.
  const keyPrefix = `hearth-test:${randomBytes(6).toString('hex')}:`;
  let a: ServerProcess | undefined;
  let b: ServerProcess | undefined;
  let ada: Member;
  let bob: Member;
  const sockets: LiveClient[] = [];

  beforeAll(async () => {
    ground = await prepareServerGround('live', { REDIS_URL, REDIS_KEY_PREFIX: keyPrefix });
    const { env } = ground;
    // Each started process is kept at once, so afterAll stops it even if the other one fails.
    await Promise.all([
      startServerProcess(env).then((server) => {
        a = server;
      }),
      startServerProcess(env).then((server) => {
        b = server;
      }),
    ]);
    if (!a || !b) throw new Error('the servers did not start');
    // Health answers before each bus has subscribed: wait until Redis counts both subscribers.
    await waitForBusSubscribers(REDIS_URL, keyPrefix, 2);
    ada = await signUp(a, 'Ada', 'Lovelace');
    bob = await signUp(b, 'Bob', 'Builder');
  });

  afterAll(async () => {
    for (const socket of sockets.splice(0)) socket.close();
    await Promise.allSettled([a?.stop(), b?.stop()]);
    await ground?.dispose();
    // The rate limits' keys, if any were written under this run's prefix.
    await deleteRedisKeys(REDIS_URL, keyPrefix);
  });

  async function socketOn(server: ServerProcess, member: Member): Promise<LiveClient> {
    const socket = await LiveClient.ready(streamingUrl(server), member.token);
    sockets.push(socket);
    return socket;
  }

  it('what a member does through B reaches a member connected to A within a second; the unread count reads the same through either', async () => {
    if (!a || !b) throw new Error('the servers did not start');
    const [serverA, serverB] = [a, b];
    const post = (await expectStatus(
      201,
      call(serverA, ROUTES.createPost, { token: ada.token, body: { text: 'Posted on A' } }),
    )) as { _id: string };
    const socket = await socketOn(serverA, ada);
    const started = Date.now();

    await expectHeardInTurn(
      async () => [await socket.next('notification')],
      reactCommentAsk({
        via: serverB,
        author: ada,
        postId: post._id,
        reactor: bob,
        commenter: bob,
        asker: bob,
        comment: 'Said through B',
      }),
    );

    // The unread count is the same read through either process.
    expect(await unreadCountThrough(serverA, ada)).toBe(3);
    expect(await unreadCountThrough(serverB, ada)).toBe(3);

    // Read through B: the socket on A hears it.
    const read = await heardWithin(socket.next('notificationsRead'), async () => {
      const body = await expectStatus(
        200,
        call(serverB, ROUTES.markNotificationsRead, { token: ada.token, body: {} }),
      );
      expect(body).toEqual({ count: 0 });
    });
    expect(read.payload).toEqual({ unreadCount: 0 });
    expect(await unreadCountThrough(serverA, ada)).toBe(0);
    expect(await unreadCountThrough(serverB, ada)).toBe(0);

    // Each notification came once, though both processes heard each event.
    socket.send({ type: 'ping' });
    await socket.next('pong');
    expect(
      socket.messages.filter((m) => m.type === 'notification' || m.type === 'notificationsRead'),
    ).toEqual([]);
    console.info(
      `[reliability] live across two processes (${testEngine()}): 3 notifications and a read ` +
        `made through B heard on A, ${Date.now() - started} ms in all (deadline ` +
        `${LIVE_DEADLINE_MS} ms each)`,
    );
  });

  it('a logout through B closes the session’s socket on A with 4401', async () => {
    if (!a || !b) throw new Error('the servers did not start');
    const socket = await socketOn(a, bob);
    const [code] = await Promise.all([
      socket.closed(),
      expectStatus(200, call(b, ROUTES.logout, { token: bob.token })),
    ]);
    expect(code).toBe(LIVE_CLOSE_CODES.unauthorized);
    // The token is refused on both processes from then on.
    expect((await call(a, ROUTES.unreadCount, { token: bob.token })).status).toBe(401);
    expect((await call(b, ROUTES.unreadCount, { token: bob.token })).status).toBe(401);
  });
});

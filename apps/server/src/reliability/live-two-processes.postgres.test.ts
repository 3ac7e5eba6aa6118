import { LIVE_CLOSE_CODES, ROUTES } from '@hearth/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { LIVE_DEADLINE_MS } from '../test-support/live-client.js';
import { testEngine } from '../test-support/test-database.js';
import {
  call,
  expectHeardInTurn,
  expectStatus,
  heardWithin,
  type Member,
  reactCommentAsk,
  signUp,
} from './http-calls.js';
import type { ServerProcess } from './server-process.js';
import { twoProcesses } from './two-processes.js';

async function unreadCountThrough(server: ServerProcess, member: Member): Promise<number> {
  const body = await expectStatus(200, call(server, ROUTES.unreadCount, { token: member.token }));
  return (body as { count: number }).count;
}

// The check with real processes: two built servers (`dist/main.js`) on different ports,
// one PostgreSQL database and one Redis between them. SQLite is one file for one process, so
// the test belongs to the PostgreSQL project only.
describe('live updates across two real server processes', () => {
  const { servers, socketOn } = twoProcesses('live');
  let ada: Member;
  let bob: Member;

  beforeAll(async () => {
    const [a, b] = servers();
    ada = await signUp(a, 'Ada', 'Lovelace');
    bob = await signUp(b, 'Bob', 'Builder');
  });

  it('what a member does through B reaches a member connected to A within a second; the unread count reads the same through either', async () => {
    const [serverA, serverB] = servers();
    const post = (await expectStatus(
      201,
      call(serverA, ROUTES.createPost, { token: ada.token, body: { text: 'Posted on A' } }),
    )) as { _id: string };
    const socket = await socketOn(serverA, ada.token);
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
    const [a, b] = servers();
    const socket = await socketOn(a, bob.token);
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

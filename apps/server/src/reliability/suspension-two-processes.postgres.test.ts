import { randomBytes } from 'node:crypto';
import {
  LIVE_CLOSE_CODES,
  MODERATION_MESSAGES,
  type Post,
  ROUTES,
  type SearchResult,
  type SessionUser,
} from '@hearth/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { runAdminCommand } from '../admin/admin.js';
import { LIVE_DEADLINE_MS } from '../test-support/live-client.js';
import { testEngine } from '../test-support/test-database.js';
import {
  type CallAnswer,
  call,
  expectStatus,
  MEMBER_PASSWORD,
  type Member,
  signUp,
} from './http-calls.js';
import { UNTHROTTLED } from './server-ground.js';
import type { ServerProcess } from './server-process.js';
import { twoProcesses } from './two-processes.js';

/** How often an observer on B asks again while waiting for the suspension to show. */
const POLL_EVERY_MS = 20;

/**
 * Asks `check` again and again until it holds; answers how many ms after `since` the answer
 * that held arrived. Fails once an answer arrives more than the live deadline (one second)
 * after `since` without it holding: the "within a second", measured from the
 * moderator's answer, with every check's own round trip counted against it.
 */
async function holdsWithin(what: string, since: number, check: () => Promise<boolean>) {
  for (;;) {
    const held = await check();
    const elapsed = Date.now() - since;
    if (elapsed > LIVE_DEADLINE_MS) {
      throw new Error(`${what}: not so ${LIVE_DEADLINE_MS} ms after the answer (${elapsed} ms)`);
    }
    if (held) return elapsed;
    await new Promise((resolve) => setTimeout(resolve, POLL_EVERY_MS));
  }
}

/** Lower-case letters only (names refuse digits), different each run. */
function randomLetters(count: number): string {
  return [...randomBytes(count)].map((byte) => String.fromCharCode(97 + (byte % 26))).join('');
}

function ids(items: unknown): string[] {
  return (items as Array<{ _id: string }>).map((item) => item._id);
}

// Suspension across processes (API.md, Hosts in charge; issue 34): a moderator suspends a
// member through one process, and the other process, which holds the member's socket and has
// served their post to a friend, applies it within a second: the member's sessions and sockets
// end, their post leaves the friend's feed and post page, and they leave member search. Two
// built servers (`dist/main.js`), one PostgreSQL database and one Redis, as in
// live-two-processes.postgres.test.ts. There is no search of posts in the endpoint table: member
// search is the search a member has.
describe('a suspension made through one process, seen on another within a second', () => {
  const { servers, ground, socketOn, openSocket } = twoProcesses('suspension', UNTHROTTLED);
  // A name and a word no other member or post of the run has, so search and feed checks find
  // exactly the suspended member's.
  const surname = `Quill${randomLetters(6)}`;
  const word = `zephyrine${randomLetters(6)}`;
  let suspended: Member;
  let friend: Member;
  let moderator: Member;
  let postId: string;
  let friendPostId: string;

  beforeAll(async () => {
    const [a, b] = servers();
    suspended = await signUp(a, 'Sam', surname);
    friend = await signUp(b, 'Tess', 'Friend');
    moderator = await signUp(a, 'Mona', 'Moderator');
    // The host makes the moderator on their machine, as `npm run admin -- grant` does; the role
    // is read from the database on each request, so both processes know it at once.
    const granted = await runAdminCommand(
      ground().database.db,
      ['grant', 'moderator', moderator.email],
      new Date().toISOString(),
    );
    expect(granted.code).toBe(0);

    // Friends: each follows the other, so the friend's feed carries the member's posts.
    await expectStatus(
      200,
      call(a, ROUTES.addFriend, { token: suspended.token, params: { id: friend.id } }),
    );
    await expectStatus(
      200,
      call(b, ROUTES.acceptRequest, { token: friend.token, params: { id: suspended.id } }),
    );
    postId = await post(a, suspended, `The ${word} post`, 'friends');
    friendPostId = await post(b, friend, 'The friend’s own post', 'friends');
  });

  async function post(
    server: ServerProcess,
    author: Member,
    text: string,
    audience: string,
  ): Promise<string> {
    const body = (await expectStatus(
      201,
      call(server, ROUTES.createPost, { token: author.token, body: { text, audience } }),
    )) as { _id: string };
    return body._id;
  }

  /** The ids of the posts the friend's home feed shows, read through `server`. */
  async function friendsFeed(server: ServerProcess): Promise<string[]> {
    return ids(
      (await expectStatus(200, call(server, ROUTES.feed, { token: friend.token }))) as Post[],
    );
  }

  /** The members the friend finds by the suspended member's surname, through `server`. */
  async function friendsSearch(server: ServerProcess): Promise<string[]> {
    return ids(
      (await expectStatus(
        200,
        call(server, ROUTES.search, { token: friend.token, params: { searchTerm: surname } }),
      )) as SearchResult[],
    );
  }

  function friendsPostPage(server: ServerProcess): Promise<CallAnswer> {
    return call(server, ROUTES.getPost, { token: friend.token, params: { postId } });
  }

  function login(server: ServerProcess): Promise<CallAnswer> {
    return call(server, ROUTES.login, {
      body: { email: suspended.email, password: MEMBER_PASSWORD },
    });
  }

  it('a moderator suspends through A: within a second B closes the member’s socket with 4401, refuses their token, and hides their post and name from their friend', async () => {
    const [serverA, serverB] = servers();
    // What B serves before: the member's token works, the friend sees the post in the feed and
    // on its page (B builds and caches its card) and finds the member by name.
    await expectStatus(200, call(serverB, ROUTES.unreadCount, { token: suspended.token }));
    expect(await friendsFeed(serverB)).toEqual([friendPostId, postId]);
    const page = (await expectStatus(200, friendsPostPage(serverB))) as { text: string };
    expect(page.text).toBe(`The ${word} post`);
    expect(await friendsSearch(serverB)).toEqual([suspended.id]);

    const socket = await socketOn(serverB, suspended.token);
    const friendSocket = await socketOn(serverB, friend.token);
    // When the close reached this client, whether before or after the moderator's answer.
    let closedAt: number | undefined;
    socket.ws.once('close', () => {
      closedAt = Date.now();
    });

    const sentAt = Date.now();
    const answer = await call(serverA, ROUTES.suspendMember, {
      token: moderator.token,
      params: { userId: suspended.id },
      body: { reason: 'Spam in every group, after a warning.' },
    });
    const answeredAt = Date.now();
    expect(answer).toEqual({ status: 200, body: 'ok' });

    // Every observer on B waits at once, each against the same deadline from the answer.
    const [closeCode, tokenMs, feedMs, pageMs, searchMs] = await Promise.all([
      socket.closed(Math.max(0, answeredAt + LIVE_DEADLINE_MS - Date.now())),
      holdsWithin('the member’s token refused on B', answeredAt, async () => {
        const res = await call(serverB, ROUTES.unreadCount, { token: suspended.token });
        return res.status === 401;
      }),
      holdsWithin('the post gone from the friend’s feed on B', answeredAt, async () => {
        return !(await friendsFeed(serverB)).includes(postId);
      }),
      holdsWithin('the post’s page missing for the friend on B', answeredAt, async () => {
        return (await friendsPostPage(serverB)).status === 404;
      }),
      holdsWithin('the member gone from member search on B', answeredAt, async () => {
        return !(await friendsSearch(serverB)).includes(suspended.id);
      }),
    ]);
    expect(closeCode).toBe(LIVE_CLOSE_CODES.unauthorized);
    if (closedAt === undefined) throw new Error('no close time recorded');
    const closeMs = closedAt - answeredAt;

    // What is left is exactly the friend's own: their feed, and their socket on B, still open.
    expect(await friendsFeed(serverB)).toEqual([friendPostId]);
    expect(await friendsSearch(serverB)).toEqual([]);
    friendSocket.send({ type: 'ping' });
    await friendSocket.next('pong');
    expect(friendSocket.closeCode).toBeUndefined();
    // The token is refused on A too, and login on either answers 403 with the sentence.
    expect((await call(serverA, ROUTES.unreadCount, { token: suspended.token })).status).toBe(401);
    for (const server of [serverA, serverB]) {
      expect(await login(server)).toEqual({
        status: 403,
        body: { message: MODERATION_MESSAGES.accountSuspended },
      });
    }
    // A second socket opened on B with the old token is refused the same way.
    const late = await openSocket(serverB);
    late.send({ type: 'auth', token: suspended.token });
    expect(await late.closed()).toBe(LIVE_CLOSE_CODES.unauthorized);

    console.info(
      `[reliability] suspension across two processes (${testEngine()}): suspend call ` +
        `${answeredAt - sentAt} ms on A; on B, from its answer: socket closed (4401) at ` +
        `${closeMs} ms, token 401 at ${tokenMs} ms, post out of the friend's feed at ` +
        `${feedMs} ms, post page 404 at ${pageMs} ms, member out of search at ${searchMs} ms ` +
        `(deadline ${LIVE_DEADLINE_MS} ms, polled every ${POLL_EVERY_MS} ms)`,
    );
  });

  it('lifted through A: B shows the post and the name to the friend again; the old token stays ended and a new login works', async () => {
    const [serverA, serverB] = servers();
    const sentAt = Date.now();
    const answer = await call(serverA, ROUTES.unsuspendMember, {
      token: moderator.token,
      params: { userId: suspended.id },
      body: { reason: 'Appeal accepted.' },
    });
    const answeredAt = Date.now();
    expect(answer).toEqual({ status: 200, body: 'ok' });

    const [feedMs, pageMs, searchMs] = await Promise.all([
      holdsWithin('the post back in the friend’s feed on B', answeredAt, async () => {
        return (await friendsFeed(serverB)).includes(postId);
      }),
      holdsWithin('the post’s page shown to the friend on B', answeredAt, async () => {
        return (await friendsPostPage(serverB)).status === 200;
      }),
      holdsWithin('the member back in member search on B', answeredAt, async () => {
        return (await friendsSearch(serverB)).includes(suspended.id);
      }),
    ]);
    // As it was: the same order, the same text.
    expect(await friendsFeed(serverB)).toEqual([friendPostId, postId]);
    const page = (await expectStatus(200, friendsPostPage(serverB))) as { text: string };
    expect(page.text).toBe(`The ${word} post`);
    expect(await friendsSearch(serverB)).toEqual([suspended.id]);

    // The sessions the suspension ended stay ended; the member logs in again through B.
    expect((await call(serverB, ROUTES.unreadCount, { token: suspended.token })).status).toBe(401);
    const session = (await expectStatus(200, login(serverB))) as SessionUser;
    expect(session.id).toBe(suspended.id);
    const again: Member = { ...suspended, token: session.token };
    await expectStatus(200, call(serverA, ROUTES.unreadCount, { token: again.token }));
    const ownFeed = (await expectStatus(
      200,
      call(serverB, ROUTES.feed, { token: again.token }),
    )) as Post[];
    expect(ids(ownFeed)).toContain(postId);
    const socket = await socketOn(serverB, again.token);
    socket.send({ type: 'ping' });
    await socket.next('pong');

    console.info(
      `[reliability] unsuspension across two processes (${testEngine()}): unsuspend call ` +
        `${answeredAt - sentAt} ms on A; on B, from its answer: post back in the friend's feed ` +
        `at ${feedMs} ms, post page at ${pageMs} ms, member in search at ${searchMs} ms`,
    );
  });
});

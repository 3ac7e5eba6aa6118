import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import {
  API_PREFIX,
  type FriendsPage,
  LIVE_CLOSE_CODES,
  type Notification,
  type Post,
  type ReactionSummary,
  ROUTES,
  type SearchHistoryEntry,
  type SearchResult,
  type SessionUser,
  type UploadResponse,
} from '@hearth/contract';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEVICE_COOKIE } from '../modules/auth/known-devices.js';
import { jpeg } from '../test-support/images.js';
import { LiveClient } from '../test-support/live-client.js';
import { activationTokenIn, resetCodeIn } from '../test-support/mail.js';
import { TestSmtpServer } from '../test-support/smtp-server.js';
import {
  createTestDatabase,
  type TestDatabase,
  testEngine,
} from '../test-support/test-database.js';
import {
  type CallAnswer,
  call,
  deleteRedisKeys,
  expectHeardInTurn,
  expectStatus,
  freshEmail,
  heardWithin,
  MEMBER_PASSWORD,
  type Member,
  reactCommentAsk,
  signUp,
  signUpForm,
  streamingUrl,
  TEST_REDIS_URL,
  waitForBusSubscribers,
} from './http-calls.js';
import { type RoundRobinProxy, startRoundRobinProxy } from './round-robin-proxy.js';
import { type ServerProcess, startServerProcess } from './server-process.js';
import { type SharedStorage, sharedStorage } from './shared-storage.js';

const PROCESSES = 3;
/**
 * Logins per account and hour from devices it never logged in on: RATE_LIMIT_LOGIN_ACCOUNT,
 * lowered from 25 for this deployment so that reaching it costs a few password checks only.
 */
const LOGIN_PER_ACCOUNT = 6;
/** The process killed mid-run (its index). */
const VICTIM = 1;
/** The password reset codes one e-mail may be sent per window (RATE_LIMIT_RESET_CODE_SEND_EMAIL). */
const RESET_SENDS_PER_EMAIL = 5;

/** Polls `check` until it holds, failing after the deadline with what it last saw. */
async function eventually<T>(
  what: string,
  read: () => Promise<T> | T,
  holds: (value: T) => boolean,
  deadlineMs = 5_000,
): Promise<T> {
  const deadline = Date.now() + deadlineMs;
  for (;;) {
    const value = await read();
    if (holds(value)) return value;
    if (Date.now() > deadline) {
      throw new Error(`${what}: not within ${deadlineMs} ms (last: ${JSON.stringify(value)})`);
    }
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

// Three built servers (`dist/main.js`) behind a round-robin proxy, as a deployment behind a load
// balancer: one PostgreSQL database, one Redis, one SMTP server, one media storage; each process
// its own port and DATA_DIR. Members are played through the proxy only, so each of their calls
// is answered by whichever process comes next. PostgreSQL only (a SQLite file is one process's).
describe('three server processes behind a round-robin proxy work as one network', () => {
  const smtp = new TestSmtpServer();
  // This run's own Redis channel and keys.
  const keyPrefix = `hearth-test:${randomBytes(6).toString('hex')}:`;
  let database: TestDatabase | undefined;
  let storage: SharedStorage | undefined;
  let proxy: RoundRobinProxy | undefined;
  const dataDirs: string[] = [];
  const processes: ServerProcess[] = [];
  /** Every live socket opened, with the process (its index) it landed on. */
  const sockets: { socket: LiveClient; backend: number; member: Member }[] = [];
  const members: Record<'ada' | 'bob' | 'cy' | 'dee', Member> = {} as never;
  /** E-mails of accounts made beyond `members` (one activation mail each). */
  const moreAccounts: string[] = [];
  let photoPost: Post;
  /** Dee's post, which Cy reacted to (three toggles at once). */
  let deesPost: Post;
  const started = Date.now();

  /** The proxy, once beforeAll made it. */
  function front(): RoundRobinProxy {
    if (!proxy) throw new Error('the proxy did not start');
    return proxy;
  }

  beforeAll(async () => {
    const [db] = await Promise.all([createTestDatabase(), smtp.start()]);
    database = db;
    storage = await sharedStorage();
    proxy = await startRoundRobinProxy();
    const shared = {
      DATABASE_URL: db.url,
      JWT_SECRET: randomBytes(32).toString('hex'),
      REDIS_URL: TEST_REDIS_URL,
      REDIS_KEY_PREFIX: keyPrefix,
      SMTP_URL: smtp.url,
      // Links in mails and pictures in answers point at the proxy, as at a load balancer.
      PUBLIC_URL: proxy.url,
      // Behind a proxy: the client's address is the X-Forwarded-For the proxy appends.
      TRUST_PROXY: 'true',
      RATE_LIMIT_LOGIN_ACCOUNT: String(LOGIN_PER_ACCOUNT),
      // The cheapest password hashing, as every in-process test's config (test-config.ts) has.
      PASSWORD_HASH_LOG_N: '10',
    };
    const environments = await Promise.all(
      Array.from({ length: PROCESSES }, async () => {
        const dataDir = await mkdtemp(path.join(os.tmpdir(), 'hearth-several-'));
        dataDirs.push(dataDir);
        return { ...shared, DATA_DIR: dataDir, ...(await storage?.environmentFor(dataDir)) };
      }),
    );
    // Started in parallel; each kept at once, so afterAll stops it even if another one fails.
    const starts = await Promise.allSettled(
      environments.map((env, index) =>
        startServerProcess(env).then((server) => {
          processes[index] = server;
        }),
      ),
    );
    const failed = starts.find((s) => s.status === 'rejected');
    if (failed) throw failed.reason;
    proxy.setBackends(processes.map((p) => p.url));
    await waitForBusSubscribers(TEST_REDIS_URL, keyPrefix, PROCESSES);
  }, 60_000);

  afterAll(async () => {
    for (const { socket } of sockets.splice(0)) socket.close();
    await Promise.allSettled(processes.map((p) => p.stop()));
    await proxy?.close();
    if (smtp.running) await smtp.stop();
    await database?.destroy();
    await storage?.destroy();
    await Promise.all(dataDirs.map((dir) => rm(dir, { recursive: true, force: true })));
    await deleteRedisKeys(TEST_REDIS_URL, keyPrefix);
  });

  /** A live socket of the member through the proxy, and the process it landed on. */
  async function socketOf(member: Member): Promise<{ socket: LiveClient; backend: number }> {
    const socket = await LiveClient.ready(streamingUrl(front()), member.token);
    const backend = front().upgrades.at(-1);
    if (backend === undefined) throw new Error('the proxy recorded no upgrade');
    sockets.push({ socket, backend, member });
    return { socket, backend };
  }

  /** The same call made once per process (the proxy's turn moves on each time): the answers. */
  async function throughEach(
    route: Parameters<typeof call>[1],
    options: Parameters<typeof call>[2],
  ): Promise<unknown[]> {
    const answers: unknown[] = [];
    for (let n = 0; n < PROCESSES; n++) {
      answers.push(await expectStatus(200, call(front(), route, options)));
    }
    return answers;
  }

  it('members sign up and activate their accounts from the link in the one mail each received', async () => {
    const names = [
      ['ada', 'Ada', 'Lovelace'],
      ['bob', 'Bob', 'Builder'],
      ['cy', 'Cy', 'Twombly'],
      ['dee', 'Dee', 'Dee'],
    ] as const;
    for (const [key, first, last] of names) members[key] = await signUp(front(), first, last);
    for (const member of Object.values(members)) {
      const mail = await smtp.waitForMailTo(member.email);
      const token = activationTokenIn(mail.text);
      // The link names the proxy: PUBLIC_URL is the address members open.
      expect(mail.text).toContain(`${front().url}/activate/${token}`);
      await expectStatus(
        200,
        call(front(), ROUTES.activateAccount, { token: member.token, body: { token } }),
      );
      const login = (await expectStatus(
        200,
        call(front(), ROUTES.login, { body: { email: member.email, password: MEMBER_PASSWORD } }),
      )) as SessionUser;
      expect(login).toMatchObject({ id: member.id, verified: true });
    }
  });

  it('a photo uploaded through one process is served, the same bytes, by every process', async () => {
    const { ada } = members;
    const form = new FormData();
    form.append('path', `${ada.username}/post_images`);
    form.append(
      'file',
      new Blob([new Uint8Array(await jpeg(320, 240))], { type: 'image/jpeg' }),
      'a.jpg',
    );
    const res = await fetch(`${front().url}${API_PREFIX}${ROUTES.uploadImages.path}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${ada.token}` },
      body: form,
    });
    expect(res.status).toBe(200);
    const [uploaded] = (await res.json()) as UploadResponse;
    if (!uploaded) throw new Error('no upload answered');
    photoPost = (await expectStatus(
      201,
      call(front(), ROUTES.createPost, {
        token: ada.token,
        body: { text: 'A photo through the proxy', images: [{ url: uploaded.url }] },
      }),
    )) as Post;
    expect(photoPost.images?.map((i) => i.url)).toEqual([uploaded.url]);

    const address = new URL(uploaded.url, front().url);
    expect(address.origin).toBe(front().url);
    const fetched: Buffer[] = [];
    // Through the proxy (each fetch to the next process) and from each process directly.
    for (const base of [front().url, front().url, front().url, ...processes.map((p) => p.url)]) {
      const image = await fetch(`${base}${address.pathname}`);
      expect(image.status).toBe(200);
      expect(image.headers.get('content-type')).toBe('image/jpeg');
      fetched.push(Buffer.from(await image.arrayBuffer()));
    }
    for (const bytes of fetched) expect(bytes.equals(fetched[0] as Buffer)).toBe(true);
    expect(await sharp(fetched[0]).metadata()).toMatchObject({ format: 'jpeg', width: 320 });
    const variant = uploaded.variants[0];
    if (variant) {
      const small = await fetch(new URL(variant.url, front().url));
      expect(small.status).toBe(200);
      expect((await sharp(Buffer.from(await small.arrayBuffer())).metadata()).format).toBe('webp');
    }
  });

  it('what members do through any process is heard within a second on sockets held by every process', async () => {
    const { ada, bob, cy } = members;
    // Three sockets of Ada's, opened one after the other: one on each process.
    const held = [await socketOf(ada), await socketOf(ada), await socketOf(ada)];
    expect(new Set(held.map((h) => h.backend)).size).toBe(PROCESSES);
    await expectHeardInTurn(
      () => Promise.all(held.map((h) => h.socket.next('notification'))),
      reactCommentAsk({
        via: front(),
        author: ada,
        postId: photoPost._id,
        reactor: bob,
        commenter: cy,
        asker: bob,
        comment: 'Lovely, said through a proxy',
      }),
    );
    // Each notification came once per socket, though every process heard every event.
    for (const { socket } of held) {
      socket.send({ type: 'ping' });
      await socket.next('pong');
      expect(socket.messages.filter((m) => m.type === 'notification')).toEqual([]);
    }
  });

  it('friendship, following, reactions and comments read the same through every process', async () => {
    const { ada, bob, cy } = members;
    await expectStatus(
      200,
      call(front(), ROUTES.acceptRequest, { token: ada.token, params: { id: bob.id } }),
    );
    for (const page of (await throughEach(ROUTES.getFriendsPageInfos, {
      token: bob.token,
    })) as FriendsPage[]) {
      expect(page.friends.map((f) => f._id)).toEqual([ada.id]);
      expect(page.requests).toEqual([]);
    }
    await expectStatus(
      200,
      call(front(), ROUTES.follow, { token: cy.token, params: { id: ada.id } }),
    );
    for (const feed of (await throughEach(ROUTES.feed, { token: cy.token })) as Post[][]) {
      const post = feed.find((p) => p._id === photoPost._id);
      expect(post).toBeDefined();
      expect(post?.commentCount).toBe(1);
    }
    const reactions = await throughEach(ROUTES.getReacts, {
      token: ada.token,
      params: { postId: photoPost._id },
    });
    for (const summary of reactions) expect(summary).toEqual(reactions[0]);
    expect(reactions[0]).toMatchObject({ total: 1 });
    const comments = await throughEach(ROUTES.comments, {
      token: bob.token,
      params: { postId: photoPost._id },
    });
    for (const list of comments) expect(list).toEqual(comments[0]);
    // Bob hears of the acceptance, whichever process he asks.
    for (const count of (await throughEach(ROUTES.unreadCount, { token: bob.token })) as {
      count: number;
    }[]) {
      expect(count).toEqual({ count: 1 });
    }
  });

  it('notifications: the unread count and the list are the same whichever process answers', async () => {
    const { ada } = members;
    for (const count of await throughEach(ROUTES.unreadCount, { token: ada.token })) {
      expect(count).toEqual({ count: 3 });
    }
    const lists = (await throughEach(ROUTES.notifications, {
      token: ada.token,
    })) as Notification[][];
    for (const list of lists) expect(list).toEqual(lists[0]);
    expect(lists[0]?.map((n) => n.type)).toEqual(['friendRequest', 'comment', 'react']);
  });

  it('search finds a member, and the search history reads the same through every process', async () => {
    const { ada, cy } = members;
    const found = (await expectStatus(
      200,
      call(front(), ROUTES.search, { token: cy.token, params: { searchTerm: 'Lovelace' } }),
    )) as SearchResult[];
    expect(found.map((m) => m._id)).toContain(ada.id);
    await expectStatus(
      200,
      call(front(), ROUTES.addToSearchHistory, { token: cy.token, body: { searchUser: ada.id } }),
    );
    for (const history of (await throughEach(ROUTES.getSearchHistory, {
      token: cy.token,
    })) as SearchHistoryEntry[][]) {
      expect(history.map((h) => h.user._id)).toEqual([ada.id]);
    }
  });

  it('a rate limit is counted across processes: 429 exactly past the limit; each reset mail sent once', async () => {
    const { dee } = members;
    // The reset codes one e-mail may be sent are counted per e-mail (not per address, which
    // would be the proxy's), in Redis: the calls go to the three processes in turn.
    const countsBefore = [...front().counts];
    // Each code's mail awaited before the next is asked for: processes deliver their own mail at
    // once, so mails asked for through different processes could otherwise arrive in any order.
    for (let n = 1; n <= RESET_SENDS_PER_EMAIL; n++) {
      await expectStatus(200, call(front(), ROUTES.sendResetCode, { body: { email: dee.email } }));
      await eventually(
        `reset mail ${n}`,
        () => smtp.mailsTo(dee.email).length,
        (count) => count >= 1 + n,
      );
    }
    const refused = await call(front(), ROUTES.sendResetCode, { body: { email: dee.email } });
    expect(refused.status).toBe(429);
    // The six calls were answered by all three processes.
    expect(front().counts.map((count, at) => count - (countsBefore[at] ?? 0))).toEqual([2, 2, 2]);
    // One activation mail and one mail per reset code sent.
    const mails = smtp.mailsTo(dee.email);
    expect(mails.length).toBe(1 + RESET_SENDS_PER_EMAIL);
    // The newest code is the one that works (each send replaces the last).
    const codes = mails.slice(1).map((m) => resetCodeIn(m.text));
    // Dee is signed in on every process meanwhile.
    const signedIn = [await socketOf(dee), await socketOf(dee), await socketOf(dee)];
    expect(new Set(signedIn.map((h) => h.backend)).size).toBe(PROCESSES);
    const newest = codes.at(-1) as string;
    await expectStatus(
      200,
      call(front(), ROUTES.validateResetCode, { body: { email: dee.email, code: newest } }),
    );
    await expectStatus(
      200,
      call(front(), ROUTES.resetPassword, {
        body: {
          email: dee.email,
          password: 'another-good-password',
          confPassword: 'another-good-password',
        },
      }),
    );
    // The new password ends every session, on every process: Dee's sockets close (4401)…
    for (const { socket } of signedIn) {
      expect(await socket.closed()).toBe(LIVE_CLOSE_CODES.unauthorized);
    }
    // …and the old token is refused whichever process answers.
    for (let n = 0; n < PROCESSES; n++) {
      expect((await call(front(), ROUTES.unreadCount, { token: dee.token })).status).toBe(401);
    }
    const login = (await expectStatus(
      200,
      call(front(), ROUTES.login, {
        body: { email: dee.email, password: 'another-good-password' },
      }),
    )) as SessionUser;
    dee.token = login.token;
  });

  it('the same calls made at once through every process leave one consistent state, never a 5xx', async () => {
    const { ada, bob, cy, dee } = members;
    const atOnce = (make: () => Promise<CallAnswer>) =>
      Promise.all(Array.from({ length: PROCESSES }, make));
    const post = (await expectStatus(
      201,
      call(front(), ROUTES.createPost, { token: dee.token, body: { text: 'Dee, after a reset' } }),
    )) as Post;
    deesPost = post;

    // The same reaction three times at once: each toggles it, one after the other, so it is
    // there (three toggles), counted once, with one notification.
    const reacts = await atOnce(() =>
      call(front(), ROUTES.react, {
        token: cy.token,
        body: { postId: post._id, react: 'haha' },
      }),
    );
    expect(reacts.map((r) => r.status)).toEqual([200, 200, 200]);
    for (const summary of (await throughEach(ROUTES.getReacts, {
      token: cy.token,
      params: { postId: post._id },
    })) as ReactionSummary[]) {
      expect(summary).toMatchObject({ check: 'haha', total: 1 });
      expect(summary.reacts.filter((r) => r.count > 0)).toEqual([{ react: 'haha', count: 1 }]);
    }
    for (const count of await throughEach(ROUTES.unreadCount, { token: dee.token })) {
      expect(count).toEqual({ count: 1 });
    }

    // Bob and Cy ask each other at the same moment: one request, then its acceptance.
    const asks = await Promise.all([
      call(front(), ROUTES.addFriend, { token: bob.token, params: { id: cy.id } }),
      call(front(), ROUTES.addFriend, { token: cy.token, params: { id: bob.id } }),
    ]);
    expect(asks.map((r) => r.status)).toEqual([200, 200]);
    for (const [member, other] of [
      [bob, cy],
      [cy, bob],
    ] as const) {
      for (const page of (await throughEach(ROUTES.getFriendsPageInfos, {
        token: member.token,
      })) as FriendsPage[]) {
        expect(page.friends.map((f) => f._id)).toContain(other.id);
        expect([...page.requests, ...page.sentRequests]).toEqual([]);
      }
    }

    // The same member kept in the search history three times at once: one entry, on top.
    const adds = await atOnce(() =>
      call(front(), ROUTES.addToSearchHistory, { token: cy.token, body: { searchUser: dee.id } }),
    );
    expect(adds.map((r) => r.status)).toEqual([200, 200, 200]);
    for (const history of (await throughEach(ROUTES.getSearchHistory, {
      token: cy.token,
    })) as SearchHistoryEntry[][]) {
      expect(history.map((h) => h.user._id)).toEqual([dee.id, ada.id]);
    }
  });

  it('sign-ups at once through every process: same names get their own usernames, one e-mail one account', async () => {
    // Each from an address of its own, as the proxy tells the processes (X-Forwarded-For with
    // TRUST_PROXY): the sign-up limit counts per address (5 per 30 min), and this run's
    // 127.0.0.1 has made 4 already, so these pass only because the address reached the server.
    const from = (n: number) => ({ 'x-forwarded-for': `198.51.100.${n}` });
    const namesakes = await Promise.all(
      Array.from({ length: PROCESSES }, (_, n) => signUp(front(), 'Sam', 'Same', from(n + 1))),
    );
    expect(new Set(namesakes.map((m) => m.username)).size).toBe(PROCESSES);
    moreAccounts.push(...namesakes.map((m) => m.email));

    const email = freshEmail('twice');
    const answers = await Promise.all(
      Array.from({ length: PROCESSES }, (_, n) =>
        call(front(), ROUTES.register, {
          body: signUpForm('Twice', 'Over', email),
          headers: from(10 + n),
        }),
      ),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409, 409]);
    moreAccounts.push(email);
    for (const address of moreAccounts) await smtp.waitForMailTo(address);
  });

  it('a post watched from sockets on every process: each hears its reactions and comments', async () => {
    const { ada, bob } = members;
    // Bob's feed card of Dee's post is on screen in three tabs, one on each process.
    const watching = [await socketOf(bob), await socketOf(bob), await socketOf(bob)];
    expect(new Set(watching.map((h) => h.backend)).size).toBe(PROCESSES);
    for (const { socket } of watching) {
      socket.send({ type: 'watch', postIds: [deesPost._id] });
      // Messages are handled in order: the pong says the watch took effect.
      socket.send({ type: 'ping' });
      await socket.next('pong');
    }
    const reactions = await heardWithin(
      Promise.all(watching.map((h) => h.socket.next('reactions'))),
      () =>
        expectStatus(
          200,
          call(front(), ROUTES.react, {
            token: ada.token,
            body: { postId: deesPost._id, react: 'wow' },
          }),
        ),
    );
    for (const message of reactions) {
      expect(message.payload).toMatchObject({ postId: deesPost._id, reactions: { total: 2 } });
    }
    const comments = await heardWithin(
      Promise.all(watching.map((h) => h.socket.next('comment'))),
      () =>
        expectStatus(
          200,
          call(front(), ROUTES.comment, {
            token: ada.token,
            body: { postId: deesPost._id, comment: 'Seen from three tabs' },
          }),
        ),
    );
    for (const message of comments) {
      expect(message.payload).toMatchObject({
        postId: deesPost._id,
        commentCount: 1,
        comment: { comment: 'Seen from three tabs' },
      });
    }
  });

  it('a login lock counted across processes spares the owner’s known device, whichever process answers', async () => {
    // A new account: its sign-up's answer makes this "browser" a known device of it.
    const email = freshEmail('lock');
    const url = `${front().url}${API_PREFIX}`;
    const registered = await fetch(`${url}${ROUTES.register.path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': '198.51.100.50' },
      body: JSON.stringify(signUpForm('Lock', 'Smith', email)),
    });
    expect(registered.status).toBe(201);
    moreAccounts.push(email);
    const device = registered.headers
      .getSetCookie()
      .map((cookie) => cookie.split(';')[0] as string)
      .find((pair) => pair.startsWith(`${DEVICE_COOKIE}=`));
    if (!device) throw new Error('no device cookie');
    const login = (password: string, headers: Record<string, string>) =>
      call(front(), ROUTES.login, { body: { email, password }, headers });

    // A stranger guesses from addresses of its own (so no per-address limit applies): the
    // account's counter, kept in Redis, refuses the guess past the limit whatever process answers.
    const statuses: number[] = [];
    for (let n = 1; n <= LOGIN_PER_ACCOUNT + 1; n++) {
      const res = await login('a-wrong-guess', { 'x-forwarded-for': `203.0.113.${n}` });
      statuses.push(res.status);
    }
    expect(statuses).toEqual([...Array(LOGIN_PER_ACCOUNT).fill(400), 429]);
    // Without the device cookie the owner is refused too; with it (signed with the key every
    // process derives from the shared JWT_SECRET), the owner logs in through each process.
    expect((await login(MEMBER_PASSWORD, { 'x-forwarded-for': '198.51.100.50' })).status).toBe(429);
    for (let n = 0; n < PROCESSES; n++) {
      const res = await login(MEMBER_PASSWORD, {
        cookie: device,
        'x-forwarded-for': '198.51.100.50',
      });
      expect(res.status).toBe(200);
    }
  });

  it('a process killed mid-run: every next request succeeds and the socket it held reconnects', async () => {
    const { ada, bob, cy } = members;
    // Every process answered some of what came before.
    expect(front().counts.every((count) => count > 0)).toBe(true);
    // Ada's sockets: one on each process.
    const victim = VICTIM;
    const adas = sockets.filter((s) => s.member === ada);
    const onVictim = adas.filter((s) => s.backend === victim).map((s) => s.socket);
    const survivors = adas.filter((s) => s.backend !== victim).map((s) => s.socket);
    expect(onVictim.length).toBeGreaterThan(0);

    await processes[victim]?.crash();
    const answeredByVictim = front().counts[victim];
    // The proxy ends the members' sockets whose process went (as a load balancer would).
    for (const socket of onVictim) await socket.closed(5_000);
    const skippedBefore = front().skipped;
    // Members keep going; each call through the proxy is answered by a live process, the calls
    // whose turn fell on the killed one included.
    for (let round = 0; round < PROCESSES; round++) {
      await expectStatus(200, call(front(), ROUTES.feed, { token: cy.token }));
      await expectStatus(200, call(front(), ROUTES.unreadCount, { token: ada.token }));
      await expectStatus(
        200,
        call(front(), ROUTES.getReacts, { token: bob.token, params: { postId: photoPost._id } }),
      );
    }
    expect(front().skipped).toBeGreaterThanOrEqual(skippedBefore + PROCESSES);

    // The web client reconnects; the proxy puts it on a live process, where it hears the next event.
    const { socket: again, backend } = await socketOf(ada);
    expect(backend).not.toBe(victim);
    const heard = await heardWithin(
      Promise.all([again, ...survivors].map((s) => s.next('notification'))),
      () =>
        expectStatus(
          200,
          call(front(), ROUTES.comment, {
            token: bob.token,
            body: { postId: photoPost._id, comment: 'Still here after a crash' },
          }),
        ),
    );
    for (const message of heard) {
      expect(message.payload).toMatchObject({
        unreadCount: 4,
        notification: { type: 'comment', actor: { _id: bob.id } },
      });
    }
    expect(front().counts[victim]).toBe(answeredByVictim);
  });

  it('every mail was sent exactly once', async () => {
    const db = database?.db;
    if (!db) throw new Error('no database');
    const rows = await eventually(
      'the outbox sent',
      () => db.selectFrom('mail_outbox').select(['recipient', 'status']).execute(),
      (all) => all.every((row) => row.status === 'sent'),
    );
    const expected = Object.values(members).map(
      (m) => 1 + (m === members.dee ? RESET_SENDS_PER_EMAIL : 0),
    );
    expect(Object.values(members).map((m) => smtp.mailsTo(m.email).length)).toEqual(expected);
    expect(moreAccounts.map((email) => smtp.mailsTo(email).length)).toEqual(
      moreAccounts.map(() => 1),
    );
    expect(smtp.received.length).toBe(rows.length);
    // No process that lived logged an error (pino levels 50 and 60) along the way.
    for (const [at, server] of processes.entries()) {
      if (at !== VICTIM) expect(server.output.join('')).not.toMatch(/"level":(50|60)\b/);
    }
    console.info(
      `[reliability] several processes (${testEngine()}): ${PROCESSES} processes behind a ` +
        `round-robin proxy, requests per process ${JSON.stringify(front().counts)} ` +
        `(${front().skipped} refused by the killed one and tried on the next), ` +
        `${smtp.received.length} mails each sent once, storage: ${storage?.description}; ` +
        `${Date.now() - started} ms in all`,
    );
  });
});

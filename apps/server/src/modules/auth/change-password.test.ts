import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import {
  ACCOUNT_MESSAGES,
  LIVE_CLOSE_CODES,
  NEW_PASSWORD_MESSAGES,
  ROUTES,
  SERVER_MESSAGES,
  tooManyRequestsMessage,
} from '@hearth/contract';
import { afterEach, describe, expect, it } from 'vitest';
import type { App } from '../../app.js';
import { loadConfig } from '../../config.js';
import { RedisBus } from '../../infra/bus/redis-bus.js';
import { type BuiltUser, buildUser } from '../../test-support/factories.js';
import { LiveClient, listenForLive } from '../../test-support/live-client.js';
import { mailsTo } from '../../test-support/mail.js';
import { useSecondServer } from '../../test-support/second-server.js';
import { callEndpoint, type TestContext, useTestApp } from '../../test-support/test-app.js';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

function changePassword(app: App, token: string | undefined, body: unknown) {
  return callEndpoint(app, ROUTES.changePassword, {
    rawBody: body,
    ...(token ? { token } : {}),
  });
}

const change = (currentPassword: string, password: string, confPassword = password) => ({
  currentPassword,
  password,
  confPassword,
});

function login(app: App, email: string, password: string) {
  return callEndpoint(app, ROUTES.login, { body: { email, password } });
}

async function loginToken(ctx: TestContext, member: BuiltUser): Promise<string> {
  const res = await login(ctx.app, member.user.email, member.password);
  expect(res.statusCode).toBe(200);
  return res.json().token;
}

/** Any call that needs a member. */
const memberCall = (app: App, token: string) =>
  callEndpoint(app, ROUTES.getSearchHistory, { token });

/** Every client a test opened, closed after it. */
const clients: LiveClient[] = [];
afterEach(() => {
  for (const client of clients.splice(0)) client.close();
});
async function connect(url: string, token: string): Promise<LiveClient> {
  const client = await LiveClient.ready(url, token);
  clients.push(client);
  return client;
}

describe("changing one's password", () => {
  const ctx = useTestApp();

  it('the old password stops working, the new one logs in, the caller stays signed in, every other session ends', async () => {
    const ada = await buildUser(ctx, { password: 'old-password1' });
    const phone = await loginToken(ctx, ada);
    const laptop = await loginToken(ctx, ada);
    const grace = await buildUser(ctx);

    const res = await changePassword(ctx.app, ada.token, change('old-password1', 'new-password1'));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: ACCOUNT_MESSAGES.passwordChanged });

    // The caller's session goes on; the member's other ones are refused at once.
    expect((await memberCall(ctx.app, ada.token)).statusCode).toBe(200);
    for (const token of [phone, laptop]) {
      const after = await memberCall(ctx.app, token);
      expect(after.statusCode).toBe(401);
      expect(after.json()).toEqual({ message: SERVER_MESSAGES.sessionExpired });
    }
    expect((await memberCall(ctx.app, grace.token)).statusCode).toBe(200);

    const old = await login(ctx.app, ada.user.email, 'old-password1');
    expect(old.statusCode).toBe(400);
    expect(old.json()).toEqual({ message: SERVER_MESSAGES.invalidCredentials });
    const fresh = await login(ctx.app, ada.user.email, 'new-password1');
    expect(fresh.statusCode).toBe(200);
    expect((await memberCall(ctx.app, fresh.json().token)).statusCode).toBe(200);
  });

  it('a mail tells the member, with the way back if it was not them; it reaches the dev outbox and is sent', async () => {
    const ada = await buildUser(ctx, { first_name: 'Ada', password: 'old-password1' });
    const res = await changePassword(ctx.app, ada.token, change('old-password1', 'new-password1'));
    expect(res.statusCode).toBe(200);
    await ctx.app.mailDelivery.idle();

    const outbox = await ctx.app.inject({
      url: `/dev/mailbox?format=json&to=${encodeURIComponent(ada.user.email)}`,
    });
    expect(outbox.json()).toEqual([
      expect.objectContaining({
        to: ada.user.email,
        subject: 'Hearth: your password was changed',
        status: 'sent',
      }),
    ]);
    const [mail] = outbox.json() as Array<{ text: string; html: string }>;
    expect(mail?.text).toContain('Hello Ada,');
    expect(mail?.text).toContain('If you did not change it, reset your password at once:');
    expect(mail?.text).toContain(`${ctx.config.appUrl}/reset`);
    // The password itself, old or new, is never in it.
    for (const secret of ['old-password1', 'new-password1']) {
      expect(mail?.text).not.toContain(secret);
      expect(mail?.html).not.toContain(secret);
    }
  });

  it('a wrong current password: 400 with the sentence, and nothing changes', async () => {
    const ada = await buildUser(ctx, { password: 'old-password1' });
    const phone = await loginToken(ctx, ada);

    const res = await changePassword(
      ctx.app,
      ada.token,
      change('not-my-password', 'new-password1'),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: ACCOUNT_MESSAGES.currentPasswordWrong });

    expect((await login(ctx.app, ada.user.email, 'old-password1')).statusCode).toBe(200);
    expect((await login(ctx.app, ada.user.email, 'new-password1')).statusCode).toBe(400);
    expect((await memberCall(ctx.app, phone)).statusCode).toBe(200);
    expect(await mailsTo(ctx.db, ada.user.email)).toEqual([]);
  });

  it.each([
    [
      { password: 'new-password1', confPassword: 'new-password1' },
      ACCOUNT_MESSAGES.currentPasswordRequired,
    ],
    [change('', 'new-password1'), ACCOUNT_MESSAGES.currentPasswordRequired],
    [change('old-password1', 'short'), NEW_PASSWORD_MESSAGES.min],
    [change('old-password1', ''), NEW_PASSWORD_MESSAGES.required],
    [change('old-password1', 'new-password1', 'new-password2'), NEW_PASSWORD_MESSAGES.mismatch],
    [change('old-password1', 'new-password1', ''), NEW_PASSWORD_MESSAGES.confirmRequired],
    [change('old-password1', 'x'.repeat(51)), NEW_PASSWORD_MESSAGES.max],
  ])('%j is refused with its sentence, and nothing changes', async (body, message) => {
    const ada = await buildUser(ctx, { password: 'old-password1' });
    const phone = await loginToken(ctx, ada);
    const res = await changePassword(ctx.app, ada.token, body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message });
    expect((await login(ctx.app, ada.user.email, 'old-password1')).statusCode).toBe(200);
    expect((await memberCall(ctx.app, phone)).statusCode).toBe(200);
  });

  it('needs a member: without a session it is 401, and a session ended by the change cannot change it back', async () => {
    const ada = await buildUser(ctx, { password: 'old-password1' });
    const none = await changePassword(ctx.app, undefined, change('old-password1', 'new-password1'));
    expect(none.statusCode).toBe(401);
    expect(none.json()).toEqual({ message: SERVER_MESSAGES.unauthenticated });

    const phone = await loginToken(ctx, ada);
    expect(
      (await changePassword(ctx.app, ada.token, change('old-password1', 'new-password1')))
        .statusCode,
    ).toBe(200);
    const back = await changePassword(ctx.app, phone, change('new-password1', 'old-password1'));
    expect(back.statusCode).toBe(401);
    expect((await login(ctx.app, ada.user.email, 'new-password1')).statusCode).toBe(200);
  });

  it('two changes at once from two devices, each with the current password: one wins, the other is refused', async () => {
    const ada = await buildUser(ctx, { password: 'old-password1' });
    const phone = await loginToken(ctx, ada);
    const [laptopAnswer, phoneAnswer] = await Promise.all([
      changePassword(ctx.app, ada.token, change('old-password1', 'laptop-password1')),
      changePassword(ctx.app, phone, change('old-password1', 'phone-password1')),
    ]);
    const statuses = [laptopAnswer.statusCode, phoneAnswer.statusCode];
    // The loser either checked the old password before the winner committed (400: it is no
    // longer the current one), or came after and found its session ended (401).
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    const winner = laptopAnswer.statusCode === 200 ? 'laptop-password1' : 'phone-password1';
    const loser = winner === 'laptop-password1' ? 'phone-password1' : 'laptop-password1';
    expect([400, 401]).toContain(statuses.find((s) => s !== 200));
    expect((await login(ctx.app, ada.user.email, winner)).statusCode).toBe(200);
    expect((await login(ctx.app, ada.user.email, loser)).statusCode).toBe(400);
    expect((await login(ctx.app, ada.user.email, 'old-password1')).statusCode).toBe(400);
  });

  it("another session's open socket closes with 4401; the caller's stays open", async () => {
    const ada = await buildUser(ctx, { password: 'old-password1' });
    const phoneToken = await loginToken(ctx, ada);
    const grace = await buildUser(ctx);
    const address = await listenForLive(ctx.app);
    const laptop = await connect(address, ada.token);
    const phone = await connect(address, phoneToken);
    const graces = await connect(address, grace.token);

    expect(
      (await changePassword(ctx.app, ada.token, change('old-password1', 'new-password1')))
        .statusCode,
    ).toBe(200);
    expect(await phone.closed()).toBe(LIVE_CLOSE_CODES.unauthorized);
    for (const socket of [laptop, graces]) {
      socket.send({ type: 'ping' });
      await socket.next('pong');
      expect(socket.closeCode).toBeUndefined();
    }
  });
});

// Two servers sharing one database and one Redis: a change made through B ends the member's
// other sessions, and closes their sockets, on A too.
describe("changing one's password, seen by another server process", () => {
  const ctx = useTestApp({ config: { redisUrl: REDIS_URL } });
  const startServer = useSecondServer(ctx);

  it("the other session's socket on A closes with 4401 and its token is refused there; the caller's socket on A stays", async () => {
    const b = await startServer();
    for (const server of [ctx.app, b]) {
      expect(server.bus).toBeInstanceOf(RedisBus);
      await (server.bus as RedisBus).ready();
    }
    const ada = await buildUser(ctx, { password: 'old-password1' });
    const phoneToken = await loginToken(ctx, ada);
    const address = await listenForLive(ctx.app);
    const laptop = await connect(address, ada.token);
    const phone = await connect(address, phoneToken);

    expect(
      (await changePassword(b, ada.token, change('old-password1', 'new-password1'))).statusCode,
    ).toBe(200);
    expect(await phone.closed()).toBe(LIVE_CLOSE_CODES.unauthorized);
    expect((await memberCall(ctx.app, phoneToken)).statusCode).toBe(401);
    laptop.send({ type: 'ping' });
    await laptop.next('pong');
    expect((await memberCall(ctx.app, ada.token)).statusCode).toBe(200);
  });
});

describe("changes of one's own account are limited per member", () => {
  const ctx = useTestApp({
    config: { limits: { accountChangesPerAccount: { max: 3, windowMs: 3_600_000 } } },
  });

  it('name and password changes share one count, wrong current passwords included; past it: 429 and nothing changes', async () => {
    const ada = await buildUser(ctx, { password: 'old-password1' });
    const grace = await buildUser(ctx);
    const rename = (token: string) =>
      callEndpoint(ctx.app, ROUTES.changeName, {
        body: { first_name: 'Zoé', last_name: 'Benali' },
        token,
      });
    const answers = [
      (await rename(ada.token)).statusCode,
      (await changePassword(ctx.app, ada.token, change('guess-one', 'new-password1'))).statusCode,
      (await changePassword(ctx.app, ada.token, change('guess-two', 'new-password1'))).statusCode,
    ];
    expect(answers).toEqual([200, 400, 400]);

    // The right password now comes too late.
    const late = await changePassword(ctx.app, ada.token, change('old-password1', 'new-password1'));
    expect(late.statusCode).toBe(429);
    expect(late.json()).toEqual({ message: tooManyRequestsMessage(3_600_000) });
    expect((await login(ctx.app, ada.user.email, 'old-password1')).statusCode).toBe(200);
    expect((await rename(ada.token)).statusCode).toBe(429);

    // Another member's count is their own.
    expect((await rename(grace.token)).statusCode).toBe(200);
  });
});

describe('the limit on account changes', () => {
  let dir: string | undefined;
  afterEach(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('is 20 an hour per member unless RATE_LIMIT_ACCOUNT_CHANGES_ACCOUNT says otherwise', async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'hearth-config-'));
    expect(loadConfig({ DATA_DIR: dir }).limits.accountChangesPerAccount).toEqual({
      max: 20,
      windowMs: 3_600_000,
    });
    const set = loadConfig({
      DATA_DIR: dir,
      RATE_LIMIT_ACCOUNT_CHANGES_ACCOUNT: '5',
      RATE_LIMIT_ACCOUNT_CHANGES_ACCOUNT_WINDOW_SECONDS: '600',
    });
    expect(set.limits.accountChangesPerAccount).toEqual({ max: 5, windowMs: 600_000 });
  });
});

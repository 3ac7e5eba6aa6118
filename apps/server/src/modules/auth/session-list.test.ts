import {
  ACCOUNT_MESSAGES,
  type AccountSession,
  LIVE_CLOSE_CODES,
  ROUTES,
  SERVER_MESSAGES,
  SESSION_TTL_SECONDS,
  tooManyRequestsMessage,
} from '@hearth/contract';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import type { App } from '../../app.js';
import { type BuiltUser, buildUser } from '../../test-support/factories.js';
import { LiveClient, listenForLive } from '../../test-support/live-client.js';
import { callEndpoint, type TestContext, useTestApp } from '../../test-support/test-app.js';
import { testEngine } from '../../test-support/test-database.js';

const PHONE = {
  userAgent:
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36',
  ip: '203.0.113.5',
};
const LAPTOP = {
  userAgent: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0',
  ip: '198.51.100.7',
};

/** Logs the member in from a device: its browser and address. */
async function loginFrom(
  ctx: TestContext,
  member: BuiltUser,
  device: { userAgent: string; ip: string },
): Promise<string> {
  const res = await callEndpoint(ctx.app, ROUTES.login, {
    body: { email: member.user.email, password: member.password },
    headers: { 'user-agent': device.userAgent },
    ip: device.ip,
  });
  expect(res.statusCode).toBe(200);
  return res.json().token;
}

async function sessionsSeenWith(app: App, token: string): Promise<AccountSession[]> {
  const res = await callEndpoint(app, ROUTES.listSessions, { token });
  expect(res.statusCode).toBe(200);
  return res.json().sessions;
}

function endSession(app: App, token: string, sessionId: string) {
  return callEndpoint(app, ROUTES.endSession, { params: { sessionId }, token });
}

/** Any call that needs a member, from an address. */
const memberCall = (app: App, token: string, ip?: string) =>
  callEndpoint(app, ROUTES.getSearchHistory, { token, ...(ip ? { ip } : {}) });

/** The session the token names, as its member's own list shows it. */
async function ownSession(app: App, token: string): Promise<AccountSession> {
  const own = (await sessionsSeenWith(app, token)).find((session) => session.current);
  if (!own) throw new Error('no current session in the list');
  return own;
}

/**
 * Sessions are stamped in whole seconds (a token's `iat`): the test clock starts on one, so a
 * minute after a login is exactly a minute after its stamp.
 */
function onWholeSecond(ctx: TestContext): void {
  const ms = ctx.clock.now().getTime() % 1000;
  if (ms > 0) ctx.clock.advance(1000 - ms);
}

const iso = (ctx: TestContext) => ctx.clock.now().toISOString();

/** Every socket a test opened, closed after it. */
const clients: LiveClient[] = [];
afterEach(() => {
  for (const client of clients.splice(0)) client.close();
});

describe("where you're logged in", () => {
  const ctx = useTestApp();

  it('lists the member’s sessions, the most recently active first: device, address, sign-in, last activity, and which one is this', async () => {
    onWholeSecond(ctx);
    const ada = await buildUser(ctx);
    const grace = await buildUser(ctx);
    const signedUpAt = iso(ctx);
    ctx.clock.advanceMinutes(5);
    const phoneAt = iso(ctx);
    const phone = await loginFrom(ctx, ada, PHONE);
    ctx.clock.advanceMinutes(5);
    const laptopAt = iso(ctx);
    const laptop = await loginFrom(ctx, ada, LAPTOP);
    await loginFrom(ctx, grace, PHONE);

    const sessions = await sessionsSeenWith(ctx.app, laptop);
    expect(sessions).toEqual([
      {
        id: expect.any(String),
        device: 'Firefox on Windows',
        ip: LAPTOP.ip,
        createdAt: laptopAt,
        lastActiveAt: laptopAt,
        current: true,
      },
      {
        id: expect.any(String),
        device: 'Chrome on Android',
        ip: PHONE.ip,
        createdAt: phoneAt,
        lastActiveAt: phoneAt,
        current: false,
      },
      // Opened without a browser (the factory's session): nothing to name it by.
      {
        id: expect.any(String),
        device: 'Unknown device',
        ip: null,
        createdAt: signedUpAt,
        lastActiveAt: signedUpAt,
        current: false,
      },
    ]);
    // The same list from the phone: the same sessions, the phone's now the current one.
    const fromPhone = await sessionsSeenWith(ctx.app, phone);
    expect(fromPhone.map((s) => [s.device, s.current])).toEqual([
      ['Firefox on Windows', false],
      ['Chrome on Android', true],
      ['Unknown device', false],
    ]);
    expect(new Set(fromPhone.map((s) => s.id))).toEqual(new Set(sessions.map((s) => s.id)));
    // Grace's session is hers alone.
    expect((await sessionsSeenWith(ctx.app, grace.token)).map((s) => s.device)).toEqual([
      'Chrome on Android',
      'Unknown device',
    ]);
  });

  it('last activity and address are written at most once a minute: 30 s apart nothing changes, 61 s after the login they move', async () => {
    onWholeSecond(ctx);
    const ada = await buildUser(ctx);
    const loginAt = iso(ctx);
    const phone = await loginFrom(ctx, ada, PHONE);
    const sessionUpdates = async (run: () => Promise<unknown>) => {
      const statements = await ctx.database.statementsOf(run);
      return statements.filter((q) => /^update "sessions"/i.test(q.sql)).length;
    };
    const phoneRow = () =>
      ctx.db
        .selectFrom('sessions')
        .select(['ip', 'last_active_at'])
        .where('user_id', '=', ada.user.id)
        .where('user_agent', '=', PHONE.userAgent)
        .executeTakeFirstOrThrow();

    ctx.clock.advance(30_000);
    expect(await sessionUpdates(() => memberCall(ctx.app, phone, '192.0.2.1'))).toBe(0);
    ctx.clock.advance(30_000);
    expect(await sessionUpdates(() => memberCall(ctx.app, phone, '192.0.2.1'))).toBe(0);
    expect(await phoneRow()).toEqual({ ip: PHONE.ip, last_active_at: loginAt });

    ctx.clock.advance(1_000);
    const movedAt = iso(ctx);
    expect(await sessionUpdates(() => memberCall(ctx.app, phone, '192.0.2.1'))).toBe(1);
    expect(await phoneRow()).toEqual({ ip: '192.0.2.1', last_active_at: movedAt });
    // And it is what the member's list shows.
    const listed = await ownSession(ctx.app, phone);
    expect(listed).toMatchObject({ ip: '192.0.2.1', createdAt: loginAt, lastActiveAt: movedAt });

    // Then quiet again for a minute, however many requests come.
    ctx.clock.advance(59_000);
    const calls = () => Promise.all([1, 2, 3].map(() => memberCall(ctx.app, phone, '192.0.2.9')));
    expect(await sessionUpdates(calls)).toBe(0);
    expect(await phoneRow()).toEqual({ ip: '192.0.2.1', last_active_at: movedAt });
  });

  it('a live socket counts as activity too; it keeps the address the requests came from', async () => {
    onWholeSecond(ctx);
    const ada = await buildUser(ctx);
    const phone = await loginFrom(ctx, ada, PHONE);
    ctx.clock.advanceMinutes(2);
    const socketAt = iso(ctx);
    const address = await listenForLive(ctx.app);
    clients.push(await LiveClient.ready(address, phone));
    const row = await ctx.db
      .selectFrom('sessions')
      .select(['ip', 'last_active_at'])
      .where('user_agent', '=', PHONE.userAgent)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ ip: PHONE.ip, last_active_at: socketAt });
  });

  it('a write of the activity that fails never fails the request', async () => {
    const ada = await buildUser(ctx);
    const phone = await loginFrom(ctx, ada, PHONE);
    // Every change to a session's row now fails in the database itself.
    if (testEngine() === 'sqlite') {
      await sql`create trigger sessions_refuse_update before update on sessions
        begin select raise(abort, 'refused by the test'); end`.execute(ctx.db);
    } else {
      await sql`create function sessions_refuse_update() returns trigger language plpgsql as
        $$ begin raise exception 'refused by the test'; end $$`.execute(ctx.db);
      await sql`create trigger sessions_refuse_update before update on sessions
        for each row execute function sessions_refuse_update()`.execute(ctx.db);
    }
    try {
      ctx.clock.advanceMinutes(2);
      const res = await memberCall(ctx.app, phone, '192.0.2.1');
      expect(res.statusCode).toBe(200);
      expect((await ownSession(ctx.app, phone)).ip).toBe(PHONE.ip);
    } finally {
      await sql`drop trigger sessions_refuse_update${sql.raw(testEngine() === 'sqlite' ? '' : ' on sessions')}`.execute(
        ctx.db,
      );
      if (testEngine() !== 'sqlite') {
        await sql`drop function sessions_refuse_update()`.execute(ctx.db);
      }
    }
  });

  it('ending another session: that token is refused at once, its socket closes with 4401, its row and address are gone', async () => {
    const ada = await buildUser(ctx);
    const phone = await loginFrom(ctx, ada, PHONE);
    const laptop = await loginFrom(ctx, ada, LAPTOP);
    const address = await listenForLive(ctx.app);
    const phoneSocket = await LiveClient.ready(address, phone);
    const laptopSocket = await LiveClient.ready(address, laptop);
    clients.push(phoneSocket, laptopSocket);
    const phoneSession = await ownSession(ctx.app, phone);

    const res = await endSession(ctx.app, laptop, phoneSession.id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: ACCOUNT_MESSAGES.sessionEnded });

    const refused = await memberCall(ctx.app, phone);
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toEqual({ message: SERVER_MESSAGES.sessionExpired });
    expect(await phoneSocket.closed()).toBe(LIVE_CLOSE_CODES.unauthorized);
    const rows = await ctx.db
      .selectFrom('sessions')
      .select('ip')
      .where('id', '=', phoneSession.id)
      .execute();
    expect(rows).toEqual([]);
    expect((await sessionsSeenWith(ctx.app, laptop)).map((s) => s.device)).toEqual([
      'Firefox on Windows',
      'Unknown device',
    ]);
    // The caller and its socket go on; ending it again finds nothing.
    laptopSocket.send({ type: 'ping' });
    await laptopSocket.next('pong');
    expect((await memberCall(ctx.app, ada.token)).statusCode).toBe(200);
    const again = await endSession(ctx.app, laptop, phoneSession.id);
    expect(again.statusCode).toBe(404);
  });

  it("someone else's session, or one that never was: 404, and nothing ends", async () => {
    const ada = await buildUser(ctx);
    const grace = await buildUser(ctx);
    const gracePhone = await loginFrom(ctx, grace, PHONE);
    const graceSession = await ownSession(ctx.app, gracePhone);

    for (const sessionId of [graceSession.id, '018f0000-0000-7000-8000-000000000000', 'nope']) {
      const res = await endSession(ctx.app, ada.token, sessionId);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: SERVER_MESSAGES.notFound });
    }
    expect((await memberCall(ctx.app, gracePhone)).statusCode).toBe(200);
    expect((await sessionsSeenWith(ctx.app, grace.token)).map((s) => s.id)).toContain(
      graceSession.id,
    );
    expect((await memberCall(ctx.app, ada.token)).statusCode).toBe(200);
  });

  it('ending the current session is a logout: its token is refused, the other sessions go on', async () => {
    const ada = await buildUser(ctx);
    const phone = await loginFrom(ctx, ada, PHONE);
    const current = await ownSession(ctx.app, phone);

    const res = await endSession(ctx.app, phone, current.id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: ACCOUNT_MESSAGES.sessionEnded });
    expect((await memberCall(ctx.app, phone)).statusCode).toBe(401);
    expect((await sessionsSeenWith(ctx.app, ada.token)).map((s) => s.device)).toEqual([
      'Unknown device',
    ]);
  });

  it('needs a member: 401 without a session', async () => {
    const ada = await buildUser(ctx);
    const { id } = await ownSession(ctx.app, ada.token);
    const list = await callEndpoint(ctx.app, ROUTES.listSessions);
    expect(list.statusCode).toBe(401);
    const end = await callEndpoint(ctx.app, ROUTES.endSession, { params: { sessionId: id } });
    expect(end.statusCode).toBe(401);
    expect((await memberCall(ctx.app, ada.token)).statusCode).toBe(200);
  });

  it('a session that expired leaves the list at once; the purge deletes its row and address well within 30 days of its end', async () => {
    const ada = await buildUser(ctx);
    ctx.clock.advanceHours(1);
    const phone = await loginFrom(ctx, ada, PHONE);
    const phoneSession = await ownSession(ctx.app, phone);
    // The factory's session ends an hour before the phone's.
    ctx.clock.advance(SESSION_TTL_SECONDS * 1000 - 30 * 60_000);
    expect((await sessionsSeenWith(ctx.app, phone)).map((s) => s.id)).toEqual([phoneSession.id]);
    // Both rows are still stored, each with what it had: the phone's the address of the list
    // call just made (light-my-request's own), the factory's none.
    const stored = await ctx.db.selectFrom('sessions').select(['id', 'ip']).execute();
    expect(stored).toHaveLength(2);
    expect(stored.find((row) => row.id === phoneSession.id)?.ip).toBe('127.0.0.1');

    // The purge runs every hour: the first run after the phone's session ended takes it.
    ctx.clock.advanceHours(1);
    expect(await ctx.app.purges.runOnce()).toMatchObject({ sessions: 2 });
    expect(await ctx.db.selectFrom('sessions').select('ip').execute()).toEqual([]);
  });
});

describe('ending sessions is limited like the other account changes', () => {
  const ctx = useTestApp({
    config: { limits: { accountChangesPerAccount: { max: 2, windowMs: 3_600_000 } } },
  });

  it('past the limit: 429, and the session named goes on', async () => {
    const ada = await buildUser(ctx);
    const phone = await loginFrom(ctx, ada, PHONE);
    const laptop = await loginFrom(ctx, ada, LAPTOP);
    const phoneSession = await ownSession(ctx.app, phone);
    const laptopSession = await ownSession(ctx.app, laptop);

    expect((await endSession(ctx.app, ada.token, 'nope')).statusCode).toBe(404);
    expect((await endSession(ctx.app, ada.token, phoneSession.id)).statusCode).toBe(200);
    const late = await endSession(ctx.app, ada.token, laptopSession.id);
    expect(late.statusCode).toBe(429);
    expect(late.json()).toEqual({ message: tooManyRequestsMessage(3_600_000) });
    expect((await memberCall(ctx.app, laptop)).statusCode).toBe(200);
    // Reading the list is not a change: it is not counted.
    expect((await sessionsSeenWith(ctx.app, ada.token)).map((s) => s.id)).toContain(
      laptopSession.id,
    );
  });
});

import { ROUTES, SERVER_MESSAGES, SESSION_TTL_SECONDS } from '@hearth/contract';
import { SignJWT } from 'jose';
import { afterEach, describe, expect, it } from 'vitest';
import { type App, buildApp } from '../../app.js';
import { type DatabaseHandle, openDatabase } from '../../db/database.js';
import { buildUser, signupForm } from '../../test-support/factories.js';
import { lastMailTo, resetCodeIn } from '../../test-support/mail.js';
import { callEndpoint, type TestContext, useTestApp } from '../../test-support/test-app.js';

/** Any call that needs a member: the recent searches, which cost one statement of their own. */
const memberCall = (app: App, token: string) =>
  callEndpoint(app, ROUTES.getSearchHistory, { token });

const logout = (app: App, token: string) => callEndpoint(app, ROUTES.logout, { token });
const logoutAll = (app: App, token: string) => callEndpoint(app, ROUTES.logoutAll, { token });

async function login(ctx: TestContext, email: string, password: string): Promise<string> {
  const res = await callEndpoint(ctx.app, ROUTES.login, { body: { email, password } });
  expect(res.statusCode).toBe(200);
  return res.json().token;
}

async function sessionCount(ctx: TestContext, userId: string): Promise<number> {
  const row = await ctx.db
    .selectFrom('sessions')
    .select((eb) => eb.fn.countAll().as('count'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

describe('sessions the server can end', () => {
  const ctx = useTestApp();

  // A second server on the same database, with its own connections: another process, as far as
  // the first one can tell (nothing is shared but the database).
  let other: { app: App; handle: DatabaseHandle } | undefined;
  afterEach(async () => {
    await other?.app.close();
    await other?.handle.close();
    other = undefined;
  });
  async function secondServer(): Promise<App> {
    const handle = openDatabase(ctx.database.url);
    const app = await buildApp({ config: ctx.config, db: handle.db, clock: ctx.clock });
    await app.ready();
    other = { app, handle };
    return app;
  }

  it('a member who logs out: the same token gets 401 at once, on this server and on another one', async () => {
    const ada = await buildUser(ctx);
    const elsewhere = await secondServer();
    expect((await memberCall(ctx.app, ada.token)).statusCode).toBe(200);
    expect((await memberCall(elsewhere, ada.token)).statusCode).toBe(200);

    const res = await logout(ctx.app, ada.token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: SERVER_MESSAGES.loggedOut });

    for (const app of [ctx.app, elsewhere]) {
      const after = await memberCall(app, ada.token);
      expect(after.statusCode).toBe(401);
      expect(after.json()).toEqual({ message: SERVER_MESSAGES.sessionExpired });
    }
    // Logging out again with the ended token is refused like any other call.
    expect((await logout(elsewhere, ada.token)).statusCode).toBe(401);
  });

  it("logging out on one device leaves the member's other devices signed in", async () => {
    const ada = await buildUser(ctx);
    const phone = await login(ctx, ada.user.email, ada.password);
    const grace = await buildUser(ctx);

    expect((await logout(ctx.app, ada.token)).statusCode).toBe(200);
    expect((await memberCall(ctx.app, ada.token)).statusCode).toBe(401);
    expect((await memberCall(ctx.app, phone)).statusCode).toBe(200);
    expect((await memberCall(ctx.app, grace.token)).statusCode).toBe(200);
  });

  it("'Log out of all devices' ends every session of the member, on every server, and no one else's", async () => {
    const ada = await buildUser(ctx);
    const phone = await login(ctx, ada.user.email, ada.password);
    const laptop = await login(ctx, ada.user.email, ada.password);
    const grace = await buildUser(ctx);
    const elsewhere = await secondServer();

    const res = await logoutAll(elsewhere, phone);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: SERVER_MESSAGES.loggedOutEverywhere });

    for (const token of [ada.token, phone, laptop]) {
      for (const app of [ctx.app, elsewhere]) {
        expect((await memberCall(app, token)).statusCode).toBe(401);
      }
    }
    expect(await sessionCount(ctx, ada.user.id)).toBe(0);
    expect((await memberCall(ctx.app, grace.token)).statusCode).toBe(200);
    // Logging in again opens a new session that works.
    const fresh = await login(ctx, ada.user.email, ada.password);
    expect((await memberCall(elsewhere, fresh)).statusCode).toBe(200);
  });

  it('a password reset ends every session of the member, on every server', async () => {
    const ada = await buildUser(ctx);
    const phone = await login(ctx, ada.user.email, ada.password);
    const elsewhere = await secondServer();
    expect((await memberCall(elsewhere, phone)).statusCode).toBe(200);

    const email = ada.user.email;
    expect(
      (await callEndpoint(ctx.app, ROUTES.sendResetCode, { body: { email } })).statusCode,
    ).toBe(200);
    const code = resetCodeIn((await lastMailTo(ctx.db, email)).text_body);
    expect(
      (await callEndpoint(ctx.app, ROUTES.validateResetCode, { body: { email, code } })).statusCode,
    ).toBe(200);
    const password = 'brand-new-pass1';
    const reset = await callEndpoint(ctx.app, ROUTES.resetPassword, {
      body: { email, password, confPassword: password },
    });
    expect(reset.statusCode).toBe(200);

    for (const token of [ada.token, phone]) {
      for (const app of [ctx.app, elsewhere]) {
        const res = await memberCall(app, token);
        expect(res.statusCode).toBe(401);
        expect(res.json()).toEqual({ message: SERVER_MESSAGES.sessionExpired });
      }
    }
    expect(await sessionCount(ctx, ada.user.id)).toBe(0);
    expect((await memberCall(ctx.app, await login(ctx, email, password))).statusCode).toBe(200);
  });

  it('each login and each sign-up opens a session of its own, named by its token', async () => {
    const form = signupForm();
    const signup = await callEndpoint(ctx.app, ROUTES.register, { rawBody: form });
    expect(signup.statusCode).toBe(201);
    const { id, token: first } = signup.json();
    expect(await sessionCount(ctx, id)).toBe(1);

    const second = await login(ctx, form.email, form.password);
    const third = await login(ctx, form.email, form.password);
    expect(new Set([first, second, third]).size).toBe(3);
    expect(await sessionCount(ctx, id)).toBe(3);

    // Ending the second leaves the first and the third.
    expect((await logout(ctx.app, second)).statusCode).toBe(200);
    expect(await sessionCount(ctx, id)).toBe(2);
    expect((await memberCall(ctx.app, first)).statusCode).toBe(200);
    expect((await memberCall(ctx.app, second)).statusCode).toBe(401);
    expect((await memberCall(ctx.app, third)).statusCode).toBe(200);
  });

  it('a token made before sessions existed (it names none) is refused: the member logs in again', async () => {
    const ada = await buildUser(ctx);
    const issuedAt = Math.floor(ctx.clock.now().getTime() / 1000);
    const legacy = await new SignJWT({ tv: 0 })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(ada.user.id)
      .setIssuedAt(issuedAt)
      .setExpirationTime(issuedAt + SESSION_TTL_SECONDS)
      .sign(new TextEncoder().encode(ctx.config.jwtSecret));
    expect((await memberCall(ctx.app, legacy)).statusCode).toBe(401);
    expect((await memberCall(ctx.app, ada.token)).statusCode).toBe(200);
  });

  it("a session's token names its member: another member's id with it is refused", async () => {
    const ada = await buildUser(ctx);
    const grace = await buildUser(ctx);
    const [, adaClaims] = ada.token.split('.');
    const { sid } = JSON.parse(Buffer.from(adaClaims ?? '', 'base64url').toString());
    const issuedAt = Math.floor(ctx.clock.now().getTime() / 1000);
    const forged = await new SignJWT({ sid })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(grace.user.id)
      .setIssuedAt(issuedAt)
      .setExpirationTime(issuedAt + SESSION_TTL_SECONDS)
      .sign(new TextEncoder().encode(ctx.config.jwtSecret));
    expect((await memberCall(ctx.app, forged)).statusCode).toBe(401);
  });

  it('checking the session costs no statement: an authenticated call runs the one member lookup it always did', async () => {
    const ada = await buildUser(ctx);
    const before = ctx.database.queryCount();
    expect((await memberCall(ctx.app, ada.token)).statusCode).toBe(200);
    // The member with their session, then the history itself.
    expect(ctx.database.queryCount() - before).toBe(2);

    // A refused session costs that one lookup too, and nothing more.
    await logout(ctx.app, ada.token);
    const refused = ctx.database.queryCount();
    expect((await memberCall(ctx.app, ada.token)).statusCode).toBe(401);
    expect(ctx.database.queryCount() - refused).toBe(1);
  });

  it('logout needs a member: without a token it is 401', async () => {
    expect((await callEndpoint(ctx.app, ROUTES.logout)).statusCode).toBe(401);
    expect((await callEndpoint(ctx.app, ROUTES.logoutAll)).statusCode).toBe(401);
  });
});

import {
  ACCOUNT_MESSAGES,
  DEFAULT_SERVER_NAME,
  RECOVERY_CODE_COUNT,
  ROUTES,
  SERVER_MESSAGES,
  tooManyRequestsMessage,
} from '@hearth/contract';
import { describe, expect, it } from 'vitest';
import type { App } from '../../app.js';
import { changeSettings } from '../../test-support/community-api.js';
import { type BuiltUser, buildUser } from '../../test-support/factories.js';
import { lastMailTo, resetCodeIn } from '../../test-support/mail.js';
import { callEndpoint, type TestContext, useTestApp } from '../../test-support/test-app.js';
import {
  codeAt,
  enableTwoFactor,
  loginTicket,
  loginTwoFactor,
  setupTwoFactor,
  turnOnTwoFactor,
} from '../../test-support/two-factor-api.js';

function login(app: App, member: BuiltUser, password = member.password) {
  return callEndpoint(app, ROUTES.login, { body: { email: member.user.email, password } });
}

function disable(app: App, token: string, body: unknown) {
  return callEndpoint(app, ROUTES.twoFactorDisable, { rawBody: body, token });
}

/** What a login answers a member: a session, or the ask for a code. */
async function loginKind(ctx: TestContext, member: BuiltUser, password = member.password) {
  const res = await login(ctx.app, member, password);
  expect(res.statusCode).toBe(200);
  const body = res.json();
  if (body.twoFactorRequired === true) return 'code asked';
  expect(typeof body.token).toBe('string');
  return 'session';
}

async function storedSecret(ctx: TestContext, userId: string) {
  return ctx.db
    .selectFrom('two_factor')
    .select(['secret', 'enabled_at'])
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

describe('turning two-factor sign-in on', () => {
  const ctx = useTestApp();

  it("setup answers a secret, its otpauth URI under the server's name and the member's address, and a QR code; a first code turns it on with ten recovery codes", async () => {
    const ada = await buildUser(ctx, { password: 'ada-password1' });
    const setup = await setupTwoFactor(ctx.app, ada.token, 'ada-password1');
    expect(setup.statusCode).toBe(200);
    const { secret, otpauthUri, qrSvg } = setup.json();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    const uri = new URL(otpauthUri);
    expect(uri.protocol).toBe('otpauth:');
    expect(uri.host).toBe('totp');
    expect(decodeURIComponent(uri.pathname)).toBe(`/${DEFAULT_SERVER_NAME}:${ada.user.email}`);
    expect(Object.fromEntries(uri.searchParams)).toEqual({
      issuer: DEFAULT_SERVER_NAME,
      secret,
      algorithm: 'SHA1',
      digits: '6',
      period: '30',
    });
    expect(qrSvg).toMatch(/^<svg [^>]*xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    expect(qrSvg).toContain('<path');

    // Not on before the first code: login still opens a session at once.
    expect(await loginKind(ctx, ada)).toBe('session');

    const enabled = await enableTwoFactor(ctx.app, ada.token, codeAt(ctx, secret));
    expect(enabled.statusCode).toBe(200);
    const { message, recoveryCodes } = enabled.json();
    expect(message).toBe(ACCOUNT_MESSAGES.twoFactorOn);
    expect(recoveryCodes).toHaveLength(RECOVERY_CODE_COUNT);
    for (const code of recoveryCodes) {
      expect(code).toMatch(
        /^[ABCDEFGHJKMNPQRSTUVWXYZ23456789]{5}-[ABCDEFGHJKMNPQRSTUVWXYZ23456789]{5}$/,
      );
    }
    expect(new Set(recoveryCodes).size).toBe(RECOVERY_CODE_COUNT);
    expect(await loginKind(ctx, ada)).toBe('code asked');
  });

  it('the secret is stored sealed: its column holds neither the base32 secret nor its bytes, and the recovery codes are only hashes', async () => {
    const ada = await buildUser(ctx);
    const { secret, recoveryCodes } = await turnOnTwoFactor(ctx, ada);
    const stored = await storedSecret(ctx, ada.user.id);
    expect(stored?.enabled_at).not.toBeNull();
    expect(stored?.secret).toMatch(/^v1\./);
    expect(stored?.secret).not.toContain(secret);
    expect(stored?.secret.toUpperCase()).not.toContain(secret.slice(0, 8));
    const hashes = await ctx.db
      .selectFrom('recovery_codes')
      .select('code_hash')
      .where('user_id', '=', ada.user.id)
      .execute();
    expect(hashes).toHaveLength(RECOVERY_CODE_COUNT);
    const stored_ = JSON.stringify(hashes);
    for (const code of recoveryCodes) {
      expect(stored_).not.toContain(code);
      expect(stored_).not.toContain(code.replace('-', ''));
    }
  });

  it("the otpauth URI's issuer is the server's name as the admin set it", async () => {
    const admin = await buildUser(ctx, { role: 'admin' });
    await changeSettings(ctx.app, admin.token, { name: 'Riverside Neighbours' });
    const ada = await buildUser(ctx);
    const setup = await setupTwoFactor(ctx.app, ada.token, ada.password);
    const uri = new URL(setup.json().otpauthUri);
    expect(uri.searchParams.get('issuer')).toBe('Riverside Neighbours');
    expect(decodeURIComponent(uri.pathname)).toBe(`/Riverside Neighbours:${ada.user.email}`);
  });

  it('setup with a wrong password: 400 with the sentence, and nothing waits to be turned on', async () => {
    const ada = await buildUser(ctx);
    const setup = await setupTwoFactor(ctx.app, ada.token, 'not-my-password');
    expect(setup.statusCode).toBe(400);
    expect(setup.json()).toEqual({ message: ACCOUNT_MESSAGES.currentPasswordWrong });
    expect(await storedSecret(ctx, ada.user.id)).toBeUndefined();
    const enable = await enableTwoFactor(ctx.app, ada.token, '123456');
    expect(enable.statusCode).toBe(400);
    expect(enable.json()).toEqual({ message: ACCOUNT_MESSAGES.twoFactorNotSetUp });
  });

  it('enable without a setup waiting: 400 asking to set it up first', async () => {
    const ada = await buildUser(ctx);
    const res = await enableTwoFactor(ctx.app, ada.token, '123456');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: ACCOUNT_MESSAGES.twoFactorNotSetUp });
  });

  it('a wrong first code: 400, and it stays off until a right one', async () => {
    const ada = await buildUser(ctx);
    const { secret } = (await setupTwoFactor(ctx.app, ada.token, ada.password)).json();
    const right = codeAt(ctx, secret);
    const wrong = right === '000000' ? '000001' : '000000';
    const res = await enableTwoFactor(ctx.app, ada.token, wrong);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: ACCOUNT_MESSAGES.twoFactorCodeWrong });
    // Two steps away is out of the window.
    const far = await enableTwoFactor(ctx.app, ada.token, codeAt(ctx, secret, -2));
    expect(far.statusCode).toBe(400);
    expect(await loginKind(ctx, ada)).toBe('session');
    expect((await enableTwoFactor(ctx.app, ada.token, right)).statusCode).toBe(200);
  });

  it.each([
    [{}, ACCOUNT_MESSAGES.twoFactorCodeRequired],
    [{ code: '' }, ACCOUNT_MESSAGES.twoFactorCodeRequired],
    [{ code: '12345' }, ACCOUNT_MESSAGES.twoFactorCodeWrong],
    [{ code: 'ABCDE-FGHJK' }, ACCOUNT_MESSAGES.twoFactorCodeWrong],
  ])('enable with %j: 400 with its sentence', async (body, message) => {
    const ada = await buildUser(ctx);
    await setupTwoFactor(ctx.app, ada.token, ada.password);
    const res = await callEndpoint(ctx.app, ROUTES.twoFactorEnable, {
      rawBody: body,
      token: ada.token,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message });
  });

  it('a code typed with a space in the middle, as apps show it, is taken', async () => {
    const ada = await buildUser(ctx);
    const { secret } = (await setupTwoFactor(ctx.app, ada.token, ada.password)).json();
    const code = codeAt(ctx, secret);
    const res = await enableTwoFactor(ctx.app, ada.token, `${code.slice(0, 3)} ${code.slice(3)}`);
    expect(res.statusCode).toBe(200);
  });

  it('a second setup replaces one still waiting: only the newer secret turns it on', async () => {
    const ada = await buildUser(ctx);
    const first = (await setupTwoFactor(ctx.app, ada.token, ada.password)).json().secret;
    const second = (await setupTwoFactor(ctx.app, ada.token, ada.password)).json().secret;
    expect(second).not.toBe(first);
    const old = await enableTwoFactor(ctx.app, ada.token, codeAt(ctx, first));
    expect(old.statusCode).toBe(400);
    expect(old.json()).toEqual({ message: ACCOUNT_MESSAGES.twoFactorCodeWrong });
    expect((await enableTwoFactor(ctx.app, ada.token, codeAt(ctx, second))).statusCode).toBe(200);
  });

  it('setup while it is on: 400, and the secret in force stays', async () => {
    const ada = await buildUser(ctx);
    const { secret } = await turnOnTwoFactor(ctx, ada);
    const again = await setupTwoFactor(ctx.app, ada.token, ada.password);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ message: ACCOUNT_MESSAGES.twoFactorAlreadyOn });
    const enable = await enableTwoFactor(ctx.app, ada.token, codeAt(ctx, secret));
    expect(enable.statusCode).toBe(400);
    expect(enable.json()).toEqual({ message: ACCOUNT_MESSAGES.twoFactorAlreadyOn });
    const ticket = await loginTicket(ctx, ada);
    expect((await loginTwoFactor(ctx.app, ticket, codeAt(ctx, secret))).statusCode).toBe(200);
  });

  it('needs a member: without a session each call is 401', async () => {
    for (const [route, body] of [
      [ROUTES.twoFactorSetup, { currentPassword: 'secret-pass1' }],
      [ROUTES.twoFactorEnable, { code: '123456' }],
      [ROUTES.twoFactorDisable, { currentPassword: 'secret-pass1', code: '123456' }],
    ] as const) {
      const res = await callEndpoint(ctx.app, route, { rawBody: body });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ message: SERVER_MESSAGES.unauthenticated });
    }
  });
});

describe('turning two-factor sign-in off', () => {
  const ctx = useTestApp();

  it('needs the password and a code: either wrong is 400 and it stays on; both right turn it off', async () => {
    const ada = await buildUser(ctx);
    const { secret } = await turnOnTwoFactor(ctx, ada);

    const wrongPassword = await disable(ctx.app, ada.token, {
      currentPassword: 'not-my-password',
      code: codeAt(ctx, secret),
    });
    expect(wrongPassword.statusCode).toBe(400);
    expect(wrongPassword.json()).toEqual({ message: ACCOUNT_MESSAGES.currentPasswordWrong });

    const right = codeAt(ctx, secret);
    const wrongCode = await disable(ctx.app, ada.token, {
      currentPassword: ada.password,
      code: right === '000000' ? '000001' : '000000',
    });
    expect(wrongCode.statusCode).toBe(400);
    expect(wrongCode.json()).toEqual({ message: ACCOUNT_MESSAGES.twoFactorCodeWrong });

    const noCode = await disable(ctx.app, ada.token, { currentPassword: ada.password });
    expect(noCode.statusCode).toBe(400);
    expect(noCode.json()).toEqual({ message: ACCOUNT_MESSAGES.loginCodeNeeded });
    expect(await loginKind(ctx, ada)).toBe('code asked');

    const off = await disable(ctx.app, ada.token, { currentPassword: ada.password, code: right });
    expect(off.statusCode).toBe(200);
    expect(off.json()).toEqual({ message: ACCOUNT_MESSAGES.twoFactorOff });
    expect(await loginKind(ctx, ada)).toBe('session');
    expect(await storedSecret(ctx, ada.user.id)).toBeUndefined();
    const codesLeft = await ctx.db
      .selectFrom('recovery_codes')
      .select('id')
      .where('user_id', '=', ada.user.id)
      .execute();
    expect(codesLeft).toEqual([]);

    const again = await disable(ctx.app, ada.token, {
      currentPassword: ada.password,
      code: codeAt(ctx, secret),
    });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ message: ACCOUNT_MESSAGES.twoFactorNotOn });
  });

  it('a recovery code will do instead of the app; turned on again, the old codes are void', async () => {
    const ada = await buildUser(ctx);
    const first = await turnOnTwoFactor(ctx, ada);
    const off = await disable(ctx.app, ada.token, {
      currentPassword: ada.password,
      code: first.recoveryCodes[0],
    });
    expect(off.statusCode).toBe(200);
    expect(await loginKind(ctx, ada)).toBe('session');

    await turnOnTwoFactor(ctx, ada);
    const ticket = await loginTicket(ctx, ada);
    const old = await loginTwoFactor(ctx.app, ticket, first.recoveryCodes[1] ?? '');
    expect(old.statusCode).toBe(400);
    expect(old.json()).toEqual({ message: ACCOUNT_MESSAGES.twoFactorCodeWrong });
  });
});

describe('a password reset by mail', () => {
  const ctx = useTestApp();

  it('does not turn two-factor sign-in off: the new password still asks for a code', async () => {
    const ada = await buildUser(ctx);
    const { secret } = await turnOnTwoFactor(ctx, ada);
    const email = ada.user.email;
    expect(
      (await callEndpoint(ctx.app, ROUTES.sendResetCode, { body: { email } })).statusCode,
    ).toBe(200);
    const code = resetCodeIn((await lastMailTo(ctx.db, email)).text_body);
    expect(
      (await callEndpoint(ctx.app, ROUTES.validateResetCode, { body: { email, code } })).statusCode,
    ).toBe(200);
    const reset = await callEndpoint(ctx.app, ROUTES.resetPassword, {
      body: { email, password: 'reset-password1', confPassword: 'reset-password1' },
    });
    expect(reset.statusCode).toBe(200);

    const res = await login(ctx.app, ada, 'reset-password1');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      message: ACCOUNT_MESSAGES.loginCodeNeeded,
      twoFactorRequired: true,
      ticket: expect.any(String),
    });
    const second = await loginTwoFactor(ctx.app, res.json().ticket, codeAt(ctx, secret));
    expect(second.statusCode).toBe(200);
    expect(second.json().token).toEqual(expect.any(String));
  });
});

describe('two-factor changes are limited per member', () => {
  const ctx = useTestApp({
    config: { limits: { accountChangesPerAccount: { max: 2, windowMs: 3_600_000 } } },
  });

  it('setup, enable and disable count with the other account changes; past it: 429', async () => {
    const ada = await buildUser(ctx);
    expect((await setupTwoFactor(ctx.app, ada.token, 'guess-one')).statusCode).toBe(400);
    expect((await enableTwoFactor(ctx.app, ada.token, '123456')).statusCode).toBe(400);
    const late = await setupTwoFactor(ctx.app, ada.token, ada.password);
    expect(late.statusCode).toBe(429);
    expect(late.json()).toEqual({ message: tooManyRequestsMessage(3_600_000) });
    const disabled = await disable(ctx.app, ada.token, {
      currentPassword: ada.password,
      code: '123456',
    });
    expect(disabled.statusCode).toBe(429);
  });
});

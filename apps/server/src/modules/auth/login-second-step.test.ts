import {
  ACCOUNT_DELETION_GRACE_MS,
  ACCOUNT_MESSAGES,
  LOGIN_TICKET_TTL_SECONDS,
  MODERATION_MESSAGES,
  ROUTES,
  SERVER_MESSAGES,
  tooManyRequestsMessage,
} from '@hearth/contract';
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import type { App } from '../../app.js';
import { type BuiltUser, buildPost, buildUser } from '../../test-support/factories.js';
import { callEndpoint, type TestContext, useTestApp } from '../../test-support/test-app.js';
import {
  codeAt,
  loginTicket,
  loginTwoFactor,
  nextStep,
  turnOnTwoFactor,
} from '../../test-support/two-factor-api.js';
import { DEVICE_COOKIE } from './known-devices.js';

function login(app: App, member: BuiltUser, password = member.password) {
  return callEndpoint(app, ROUTES.login, { body: { email: member.user.email, password } });
}

function cancelDeletion(app: App, ticket: string) {
  return callEndpoint(app, ROUTES.cancelDeletion, { body: { ticket } });
}

/** Any call that needs a member: 200 with a live session. */
const memberCall = (app: App, token: string) =>
  callEndpoint(app, ROUTES.getSearchHistory, { token });

/** A session answer: the member's token, which works, and the known-device cookie. */
async function expectSession(ctx: TestContext, res: LightMyRequestResponse, member: BuiltUser) {
  expect(res.statusCode).toBe(200);
  const body = res.json();
  expect(body).toMatchObject({ id: member.user.id, token: expect.any(String) });
  expect((await memberCall(ctx.app, body.token)).statusCode).toBe(200);
  expect(res.cookies.find((c) => c.name === DEVICE_COOKIE)).toBeDefined();
  return body.token as string;
}

function expectRefused(res: LightMyRequestResponse, message: string, status = 400) {
  expect(res.statusCode).toBe(status);
  expect(res.json()).toEqual({ message });
}

/** A code that is not the one the app shows now, nor one of the window's. */
function wrongCode(ctx: TestContext, secret: string): string {
  const valid = new Set([-1, 0, 1].map((steps) => codeAt(ctx, secret, steps)));
  return ['000000', '111111', '222222', '333333'].find((code) => !valid.has(code)) ?? '444444';
}

/** As a member deleting their account: the `suspensions` row of kind 'deletion'. */
async function markDeleting(ctx: TestContext, member: BuiltUser, askedAt = ctx.clock.now()) {
  await ctx.db
    .insertInto('suspensions')
    .values({
      user_id: member.user.id,
      reason: '',
      by_id: member.user.id,
      by_name: `${member.user.first_name} ${member.user.last_name}`,
      created_at: askedAt.toISOString(),
      kind: 'deletion',
    })
    .execute();
}

async function suspensionRows(ctx: TestContext, member: BuiltUser) {
  return ctx.db
    .selectFrom('suspensions')
    .select('kind')
    .where('user_id', '=', member.user.id)
    .execute();
}

describe("login's second step: the authenticator code", () => {
  const ctx = useTestApp();

  it('login answers twoFactorRequired with a ticket and no session; the current code opens one', async () => {
    const ada = await buildUser(ctx);
    const { secret } = await turnOnTwoFactor(ctx, ada);
    const first = await login(ctx.app, ada);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({
      message: ACCOUNT_MESSAGES.loginCodeNeeded,
      twoFactorRequired: true,
      ticket: expect.any(String),
    });
    expect(first.json()).not.toHaveProperty('token');
    // The password alone makes no known device, and the ticket is no session token.
    expect(first.cookies.find((c) => c.name === DEVICE_COOKIE)).toBeUndefined();
    const { ticket } = first.json();
    expect((await memberCall(ctx.app, ticket)).statusCode).toBe(401);

    const second = await loginTwoFactor(ctx.app, ticket, codeAt(ctx, secret));
    const token = await expectSession(ctx, second, ada);
    expect(second.json().message).toBe(SERVER_MESSAGES.loginSuccess);
    expect(token).not.toBe(ticket);
  });

  it("the previous step's code and the next one's are taken (a clock a little off); two steps off is refused", async () => {
    const ada = await buildUser(ctx);
    const { secret } = await turnOnTwoFactor(ctx, ada);
    // The step before this one was not the first code's (that one was taken).
    nextStep(ctx);
    const ticket = await loginTicket(ctx, ada);
    expectRefused(
      await loginTwoFactor(ctx.app, ticket, codeAt(ctx, secret, -2)),
      ACCOUNT_MESSAGES.twoFactorCodeWrong,
    );
    expectRefused(
      await loginTwoFactor(ctx.app, ticket, codeAt(ctx, secret, 2)),
      ACCOUNT_MESSAGES.twoFactorCodeWrong,
    );
    await expectSession(ctx, await loginTwoFactor(ctx.app, ticket, codeAt(ctx, secret, -1)), ada);

    const later = await loginTicket(ctx, ada);
    await expectSession(ctx, await loginTwoFactor(ctx.app, later, codeAt(ctx, secret, 1)), ada);
  });

  it('a code is taken once: replayed it is 400, and so is an older one after a newer', async () => {
    const ada = await buildUser(ctx);
    const { secret } = await turnOnTwoFactor(ctx, ada);
    const code = codeAt(ctx, secret);
    await expectSession(ctx, await loginTwoFactor(ctx.app, await loginTicket(ctx, ada), code), ada);
    const again = await loginTwoFactor(ctx.app, await loginTicket(ctx, ada), code);
    expectRefused(again, ACCOUNT_MESSAGES.twoFactorCodeWrong);

    // The next step's code (early), then the current one: older than the one taken.
    nextStep(ctx);
    const ahead = codeAt(ctx, secret, 1);
    await expectSession(
      ctx,
      await loginTwoFactor(ctx.app, await loginTicket(ctx, ada), ahead),
      ada,
    );
    const older = await loginTwoFactor(ctx.app, await loginTicket(ctx, ada), codeAt(ctx, secret));
    expectRefused(older, ACCOUNT_MESSAGES.twoFactorCodeWrong);
  });

  it('the same code sent twice at once opens one session', async () => {
    const ada = await buildUser(ctx);
    const { secret } = await turnOnTwoFactor(ctx, ada);
    const code = codeAt(ctx, secret);
    const tickets = [await loginTicket(ctx, ada), await loginTicket(ctx, ada)];
    const answers = await Promise.all(tickets.map((t) => loginTwoFactor(ctx.app, t, code)));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 400]);
  });

  it('a recovery code works once (typed in lower case, dash or not), then 400', async () => {
    const ada = await buildUser(ctx);
    const { recoveryCodes } = await turnOnTwoFactor(ctx, ada);
    const [first = '', second = ''] = recoveryCodes;
    await expectSession(
      ctx,
      await loginTwoFactor(ctx.app, await loginTicket(ctx, ada), first.toLowerCase()),
      ada,
    );
    expectRefused(
      await loginTwoFactor(ctx.app, await loginTicket(ctx, ada), first),
      ACCOUNT_MESSAGES.twoFactorCodeWrong,
    );
    await expectSession(
      ctx,
      await loginTwoFactor(ctx.app, await loginTicket(ctx, ada), second.replace('-', '')),
      ada,
    );
    // The Settings page counts what is left.
    const account = await callEndpoint(ctx.app, ROUTES.getAccount, { token: ada.token });
    expect(account.json().twoFactor).toEqual({
      enabled: true,
      recoveryCodesLeft: recoveryCodes.length - 2,
    });
  });

  it('the same recovery code sent twice at once opens one session', async () => {
    const ada = await buildUser(ctx);
    const { recoveryCodes } = await turnOnTwoFactor(ctx, ada);
    const code = recoveryCodes[3] ?? '';
    const tickets = [await loginTicket(ctx, ada), await loginTicket(ctx, ada)];
    const answers = await Promise.all(tickets.map((t) => loginTwoFactor(ctx.app, t, code)));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 400]);
  });

  it('a wrong code is 400 and the ticket still takes the right one', async () => {
    const ada = await buildUser(ctx);
    const { secret } = await turnOnTwoFactor(ctx, ada);
    const ticket = await loginTicket(ctx, ada);
    expectRefused(
      await loginTwoFactor(ctx.app, ticket, wrongCode(ctx, secret)),
      ACCOUNT_MESSAGES.twoFactorCodeWrong,
    );
    expectRefused(
      await loginTwoFactor(ctx.app, ticket, 'ABCDE-FGHJK'),
      ACCOUNT_MESSAGES.twoFactorCodeWrong,
    );
    await expectSession(ctx, await loginTwoFactor(ctx.app, ticket, codeAt(ctx, secret)), ada);
  });

  it.each([
    [{ code: '123456' }, ACCOUNT_MESSAGES.loginTicketExpired],
    [{ ticket: '', code: '123456' }, ACCOUNT_MESSAGES.loginTicketExpired],
    [{ ticket: 'x' }, ACCOUNT_MESSAGES.loginCodeNeeded],
    [{ ticket: 'x', code: '' }, ACCOUNT_MESSAGES.loginCodeNeeded],
    [{ ticket: 'x', code: '12345' }, ACCOUNT_MESSAGES.twoFactorCodeWrong],
  ])('%j is refused with its sentence', async (body, message) => {
    expectRefused(await callEndpoint(ctx.app, ROUTES.loginTwoFactor, { rawBody: body }), message);
  });

  it('the ticket lasts 10 minutes on the clock: after that, log in again', async () => {
    const ada = await buildUser(ctx);
    const { secret } = await turnOnTwoFactor(ctx, ada);
    const ticket = await loginTicket(ctx, ada);
    ctx.clock.advance(LOGIN_TICKET_TTL_SECONDS * 1000 - 5000);
    const stillValid = await loginTicket(ctx, ada);
    await expectSession(ctx, await loginTwoFactor(ctx.app, ticket, codeAt(ctx, secret)), ada);
    ctx.clock.advance(LOGIN_TICKET_TTL_SECONDS * 1000 + 1000);
    nextStep(ctx);
    expectRefused(
      await loginTwoFactor(ctx.app, stillValid, codeAt(ctx, secret)),
      ACCOUNT_MESSAGES.loginTicketExpired,
    );
  });

  it('a ticket from before a password change is refused; one after it works', async () => {
    const ada = await buildUser(ctx, { password: 'old-password1' });
    const { secret } = await turnOnTwoFactor(ctx, ada);
    const before = await loginTicket(ctx, ada);
    const change = await callEndpoint(ctx.app, ROUTES.changePassword, {
      body: {
        currentPassword: 'old-password1',
        password: 'new-password1',
        confPassword: 'new-password1',
      },
      token: ada.token,
    });
    expect(change.statusCode).toBe(200);
    expectRefused(
      await loginTwoFactor(ctx.app, before, codeAt(ctx, secret)),
      ACCOUNT_MESSAGES.loginTicketExpired,
    );
    const after = await loginTicket(ctx, { ...ada, password: 'new-password1' });
    await expectSession(ctx, await loginTwoFactor(ctx.app, after, codeAt(ctx, secret)), ada);
  });

  it("another server's ticket, a forged one, or a cancel-deletion ticket is refused", async () => {
    const ada = await buildUser(ctx);
    const { secret } = await turnOnTwoFactor(ctx, ada);
    const ticket = await loginTicket(ctx, ada);
    const [head, payload] = ticket.split('.');
    for (const bad of [`${head}.${payload}.forged`, 'not-a-ticket', ticket.slice(0, -2)]) {
      expectRefused(
        await loginTwoFactor(ctx.app, bad, codeAt(ctx, secret)),
        ACCOUNT_MESSAGES.loginTicketExpired,
      );
    }
    // A ticket for keeping an account being deleted does not stand for a code.
    await markDeleting(ctx, ada);
    const step = await loginTwoFactor(ctx.app, ticket, codeAt(ctx, secret));
    expect(step.json().deletionScheduled).toBe(true);
    nextStep(ctx);
    expectRefused(
      await loginTwoFactor(ctx.app, step.json().ticket, codeAt(ctx, secret)),
      ACCOUNT_MESSAGES.loginTicketExpired,
    );
  });

  it('a member suspended or deleted by a moderator after the password is refused at the code', async () => {
    const ada = await buildUser(ctx);
    const { secret } = await turnOnTwoFactor(ctx, ada);
    const ticket = await loginTicket(ctx, ada);
    await ctx.db
      .insertInto('suspensions')
      .values({
        user_id: ada.user.id,
        reason: 'Spam.',
        by_id: null,
        by_name: 'Host',
        created_at: ctx.clock.now().toISOString(),
      })
      .execute();
    expectRefused(
      await loginTwoFactor(ctx.app, ticket, codeAt(ctx, secret)),
      MODERATION_MESSAGES.accountSuspended,
      403,
    );

    const grace = await buildUser(ctx);
    const graces = await turnOnTwoFactor(ctx, grace);
    const gone = await loginTicket(ctx, grace);
    const admin = await buildUser(ctx, { role: 'admin' });
    const deleted = await callEndpoint(ctx.app, ROUTES.deleteMember, {
      params: { userId: grace.user.id },
      body: { reason: 'Spam.' },
      token: admin.token,
    });
    expect(deleted.statusCode).toBe(200);
    expectRefused(
      await loginTwoFactor(ctx.app, gone, codeAt(ctx, graces.secret)),
      ACCOUNT_MESSAGES.loginTicketExpired,
    );
  });
});

describe('logging in to an account being deleted', () => {
  const ctx = useTestApp();

  it('login answers deletionScheduled with the purge date and no session; cancelDeletion keeps the account and logs in', async () => {
    const ada = await buildUser(ctx);
    const grace = await buildUser(ctx);
    const post = await buildPost(ctx, ada, { text: 'still here' });
    const askedAt = ctx.clock.now();
    await markDeleting(ctx, ada, askedAt);
    ctx.clock.advanceHours(24 * 3);
    // Hidden while being deleted.
    const hidden = await callEndpoint(ctx.app, ROUTES.getPost, {
      params: { postId: post.id },
      token: grace.token,
    });
    expect(hidden.statusCode).toBe(404);

    const first = await login(ctx.app, ada);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({
      message: ACCOUNT_MESSAGES.deletionScheduled,
      deletionScheduled: true,
      purgeAt: new Date(askedAt.getTime() + ACCOUNT_DELETION_GRACE_MS).toISOString(),
      ticket: expect.any(String),
    });
    expect(first.json()).not.toHaveProperty('token');
    expect((await memberCall(ctx.app, first.json().ticket)).statusCode).toBe(401);

    const kept = await cancelDeletion(ctx.app, first.json().ticket);
    await expectSession(ctx, kept, ada);
    expect(kept.json().message).toBe(ACCOUNT_MESSAGES.deletionCancelled);
    expect(await suspensionRows(ctx, ada)).toEqual([]);
    const shown = await callEndpoint(ctx.app, ROUTES.getPost, {
      params: { postId: post.id },
      token: grace.token,
    });
    expect(shown.statusCode).toBe(200);

    // The ticket again: no deletion under way any more, just a session.
    const again = await cancelDeletion(ctx.app, first.json().ticket);
    await expectSession(ctx, again, ada);
    expect(again.json().message).toBe(SERVER_MESSAGES.loginSuccess);
    // The next login is a plain one.
    await expectSession(ctx, await login(ctx.app, ada), ada);
  });

  it('with two-factor sign-in on, the code comes first, then the offer to keep the account', async () => {
    const ada = await buildUser(ctx);
    const { secret } = await turnOnTwoFactor(ctx, ada);
    await markDeleting(ctx, ada);
    const first = await login(ctx.app, ada);
    expect(first.json()).toMatchObject({ twoFactorRequired: true });
    // The two-factor ticket does not cancel anything.
    expectRefused(
      await cancelDeletion(ctx.app, first.json().ticket),
      ACCOUNT_MESSAGES.loginTicketExpired,
    );
    const second = await loginTwoFactor(ctx.app, first.json().ticket, codeAt(ctx, secret));
    expect(second.statusCode).toBe(200);
    expect(second.json()).toMatchObject({ deletionScheduled: true, ticket: expect.any(String) });
    expect(second.json()).not.toHaveProperty('token');
    expect(second.cookies.find((c) => c.name === DEVICE_COOKIE)).toBeUndefined();
    await expectSession(ctx, await cancelDeletion(ctx.app, second.json().ticket), ada);
    expect(await suspensionRows(ctx, ada)).toEqual([]);
  });

  it('the cancel ticket expires after 10 minutes, and a password changed meanwhile voids it', async () => {
    const ada = await buildUser(ctx);
    await markDeleting(ctx, ada);
    const ticket = (await login(ctx.app, ada)).json().ticket;
    ctx.clock.advance(LOGIN_TICKET_TTL_SECONDS * 1000 + 1000);
    expectRefused(await cancelDeletion(ctx.app, ticket), ACCOUNT_MESSAGES.loginTicketExpired);

    const fresh = (await login(ctx.app, ada)).json().ticket;
    await ctx.db
      .updateTable('users')
      .set({ password_hash: 'scrypt$changed' })
      .where('id', '=', ada.user.id)
      .execute();
    expectRefused(await cancelDeletion(ctx.app, fresh), ACCOUNT_MESSAGES.loginTicketExpired);
    expect(await suspensionRows(ctx, ada)).toEqual([{ kind: 'deletion' }]);
  });

  it("a moderator's suspension still refuses the login with its sentence", async () => {
    const ada = await buildUser(ctx);
    await ctx.db
      .insertInto('suspensions')
      .values({
        user_id: ada.user.id,
        reason: 'Spam.',
        by_id: null,
        by_name: 'Host',
        created_at: ctx.clock.now().toISOString(),
      })
      .execute();
    expectRefused(await login(ctx.app, ada), MODERATION_MESSAGES.accountSuspended, 403);
  });
});

describe("login's second step is limited like login", () => {
  const ctx = useTestApp({
    config: {
      limits: {
        loginPerIp: { max: 4, windowMs: 5 * 60_000 },
        loginPerAccount: { max: 3, windowMs: 60 * 60_000 },
      },
    },
  });

  it('codes for one account are counted whatever address they come from; past it: 429, right code or not', async () => {
    const ada = await buildUser(ctx);
    const grace = await buildUser(ctx);
    const { secret } = await turnOnTwoFactor(ctx, ada);
    const ticket = await loginTicket(ctx, ada);
    const wrong = wrongCode(ctx, secret);
    for (const ip of ['198.51.100.1', '198.51.100.2', '198.51.100.3']) {
      expect((await loginTwoFactor(ctx.app, ticket, wrong, ip)).statusCode).toBe(400);
    }
    const late = await loginTwoFactor(ctx.app, ticket, codeAt(ctx, secret), '198.51.100.4');
    expect(late.statusCode).toBe(429);
    expect(late.json()).toEqual({ message: tooManyRequestsMessage(60 * 60_000) });

    // Another member's count is their own.
    const graces = await turnOnTwoFactor(ctx, grace);
    const theirs = await loginTicket(ctx, grace);
    const ok = await loginTwoFactor(ctx.app, theirs, codeAt(ctx, graces.secret), '198.51.100.5');
    expect(ok.statusCode).toBe(200);
  });

  it('one address is limited whatever tickets it sends', async () => {
    const ip = '203.0.113.9';
    for (let i = 0; i < 4; i++) {
      expect((await loginTwoFactor(ctx.app, `not-a-ticket-${i}`, '123456', ip)).statusCode).toBe(
        400,
      );
    }
    expect((await loginTwoFactor(ctx.app, 'not-a-ticket', '123456', ip)).statusCode).toBe(429);
    const cancel = await callEndpoint(ctx.app, ROUTES.cancelDeletion, {
      body: { ticket: 'not-a-ticket' },
      ip,
    });
    // cancelDeletion counts on its own, as limited.
    expect(cancel.statusCode).toBe(400);
  });
});

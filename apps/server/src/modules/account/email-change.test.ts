import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import {
  ACCOUNT_MESSAGES,
  REGISTER_MESSAGES,
  ROUTES,
  SERVER_MESSAGES,
  SIGNUP_MESSAGES,
  tooManyRequestsMessage,
} from '@hearth/contract';
import { afterEach, describe, expect, it } from 'vitest';
import type { App } from '../../app.js';
import { loadConfig } from '../../config.js';
import { changeSettings } from '../../test-support/community-api.js';
import { type BuiltUser, buildUser, uniqueEmail } from '../../test-support/factories.js';
import { lastMailTo, mailsTo } from '../../test-support/mail.js';
import { callEndpoint, type TestContext, useTestApp } from '../../test-support/test-app.js';

function changeEmail(app: App, token: string | undefined, body: unknown) {
  return callEndpoint(app, ROUTES.changeEmail, { rawBody: body, ...(token ? { token } : {}) });
}

function confirmEmail(app: App, token: string, ip?: string) {
  return callEndpoint(app, ROUTES.confirmEmail, { body: { token }, ...(ip ? { ip } : {}) });
}

function account(app: App, token: string) {
  return callEndpoint(app, ROUTES.getAccount, { token });
}

function login(app: App, email: string, password: string) {
  return callEndpoint(app, ROUTES.login, { body: { email, password } });
}

/** The token of the confirm-email link in a mail's text. */
function confirmTokenIn(text: string): string {
  const token = /\/confirm-email\/([A-Za-z0-9_-]+)/.exec(text)?.[1];
  if (!token) throw new Error(`No confirm-email link in:\n${text}`);
  return token;
}

/** The member asks for `email` with their own password; fails the test unless it was sent. */
async function askFor(ctx: TestContext, member: BuiltUser, email: string): Promise<string> {
  const res = await changeEmail(ctx.app, member.token, {
    email,
    currentPassword: member.password,
  });
  expect(res.statusCode, res.body).toBe(200);
  return confirmTokenIn((await lastMailTo(ctx.db, email)).text_body);
}

describe("changing one's e-mail address", () => {
  const ctx = useTestApp();

  it('sends a link to the new address; nothing changes until it is opened; then the new address logs in, the old one does not, and the old address is told', async () => {
    const ada = await buildUser(ctx, { first_name: 'Ada', password: 'old-password1' });
    const oldEmail = ada.user.email;
    const newEmail = uniqueEmail('ada.new');

    const res = await changeEmail(ctx.app, ada.token, {
      email: newEmail,
      currentPassword: 'old-password1',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: ACCOUNT_MESSAGES.emailChangeSent });

    const [mail, ...more] = await mailsTo(ctx.db, newEmail);
    expect(more).toEqual([]);
    expect(mail?.subject).toBe('Hearth: confirm your new e-mail address');
    expect(mail?.text_body).toContain('Hello Ada,');
    expect(mail?.text_body).toContain(`${ctx.config.appUrl}/confirm-email/`);
    expect(mail?.text_body).not.toContain('old-password1');
    const link = confirmTokenIn(mail?.text_body ?? '');

    // Before the link: the old address still logs in, the new one does not, nobody was told.
    expect((await login(ctx.app, oldEmail, 'old-password1')).statusCode).toBe(200);
    expect((await login(ctx.app, newEmail, 'old-password1')).statusCode).toBe(400);
    expect(await mailsTo(ctx.db, oldEmail)).toEqual([]);
    expect((await account(ctx.app, ada.token)).json()).toMatchObject({
      email: oldEmail,
      pendingEmail: newEmail,
    });

    // The link needs no session: it is the proof.
    const opened = await confirmEmail(ctx.app, link);
    expect(opened.statusCode).toBe(200);
    expect(opened.json()).toEqual({ message: ACCOUNT_MESSAGES.emailChanged, email: newEmail });

    const fresh = await login(ctx.app, newEmail, 'old-password1');
    expect(fresh.statusCode).toBe(200);
    expect(fresh.json().verified).toBe(true);
    const old = await login(ctx.app, oldEmail, 'old-password1');
    expect(old.statusCode).toBe(400);
    expect(old.json()).toEqual({ message: SERVER_MESSAGES.invalidCredentials });
    expect((await account(ctx.app, ada.token)).json()).toEqual({
      email: newEmail,
      pendingEmail: null,
      twoFactor: { enabled: false, recoveryCodesLeft: 0 },
      language: 'en',
    });

    const [told, ...others] = await mailsTo(ctx.db, oldEmail);
    expect(others).toEqual([]);
    expect(told?.subject).toBe('Hearth: your e-mail address was changed');
    expect(told?.text_body).toContain('Hello Ada,');
    expect(told?.text_body).toContain(newEmail);
    expect(told?.text_body).toContain('If you did not change it');
    expect(told?.text_body).toContain(`${ctx.config.appUrl}/reset`);
  });

  it('an address in capitals is stored lower-cased and logs in in any case', async () => {
    const ada = await buildUser(ctx);
    const newEmail = uniqueEmail('ada.caps');
    const link = await askFor(ctx, ada, newEmail.toUpperCase());
    const opened = await confirmEmail(ctx.app, link);
    expect(opened.json()).toEqual({ message: ACCOUNT_MESSAGES.emailChanged, email: newEmail });
    expect((await login(ctx.app, newEmail.toUpperCase(), ada.password)).statusCode).toBe(200);
  });

  it('an unverified member becomes verified by the link', async () => {
    const ada = await buildUser(ctx, { verified: 0 });
    const newEmail = uniqueEmail('ada.unverified');
    expect((await confirmEmail(ctx.app, await askFor(ctx, ada, newEmail))).statusCode).toBe(200);
    expect((await login(ctx.app, newEmail, ada.password)).json().verified).toBe(true);
  });

  it('a wrong current password: 400 with the sentence, no mail, nothing waits', async () => {
    const ada = await buildUser(ctx, { password: 'old-password1' });
    const newEmail = uniqueEmail('ada.wrong');
    const res = await changeEmail(ctx.app, ada.token, {
      email: newEmail,
      currentPassword: 'not-my-password',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: ACCOUNT_MESSAGES.currentPasswordWrong });
    expect(await mailsTo(ctx.db, newEmail)).toEqual([]);
    expect((await account(ctx.app, ada.token)).json().pendingEmail).toBeNull();
  });

  it("an address another account has: 409 with the sign-up's sentence, in any letter case", async () => {
    const ada = await buildUser(ctx);
    const grace = await buildUser(ctx);
    for (const email of [grace.user.email, grace.user.email.toUpperCase()]) {
      const res = await changeEmail(ctx.app, ada.token, { email, currentPassword: ada.password });
      expect(res.statusCode, email).toBe(409);
      expect(res.json()).toEqual({ message: SERVER_MESSAGES.emailTaken });
    }
    expect(await mailsTo(ctx.db, grace.user.email)).toEqual([]);
    expect((await account(ctx.app, ada.token)).json().pendingEmail).toBeNull();
  });

  it('the address the member already has: 400, in any letter case', async () => {
    const ada = await buildUser(ctx);
    for (const email of [ada.user.email, ` ${ada.user.email.toUpperCase()} `]) {
      const res = await changeEmail(ctx.app, ada.token, { email, currentPassword: ada.password });
      expect(res.statusCode, email).toBe(400);
      expect(res.json()).toEqual({ message: ACCOUNT_MESSAGES.emailSame });
    }
    expect(await mailsTo(ctx.db, ada.user.email)).toEqual([]);
  });

  it("a domain the admins refuse at sign-up, or a subdomain of one: 400 with sign-up's sentence, no mail", async () => {
    const admin = await buildUser(ctx, { role: 'admin' });
    await changeSettings(ctx.app, admin.token, { blockedEmailDomains: ['spam.example'] });
    const ada = await buildUser(ctx);
    for (const email of ['ada@spam.example', 'Ada@Mail.SPAM.example']) {
      const res = await changeEmail(ctx.app, ada.token, { email, currentPassword: ada.password });
      expect(res.statusCode, email).toBe(400);
      expect(res.json()).toEqual({ message: SIGNUP_MESSAGES.emailRefused });
      expect(await mailsTo(ctx.db, email)).toEqual([]);
    }
    // Another domain is fine.
    expect((await askFor(ctx, ada, 'ada@notspam.example')).length).toBeGreaterThan(20);
  });

  it("the address of an account an admin deleted: 400 with sign-up's sentence", async () => {
    const admin = await buildUser(ctx, { role: 'admin' });
    const mallory = await buildUser(ctx);
    const deleted = await callEndpoint(ctx.app, ROUTES.deleteMember, {
      params: { userId: mallory.user.id },
      body: { reason: 'Spam.' },
      token: admin.token,
    });
    expect(deleted.statusCode).toBe(200);
    const ada = await buildUser(ctx);
    const res = await changeEmail(ctx.app, ada.token, {
      email: mallory.user.email,
      currentPassword: ada.password,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: SIGNUP_MESSAGES.emailRefused });
  });

  it.each([
    [{ currentPassword: 'secret-pass1' }, REGISTER_MESSAGES.emailRequired],
    [{ email: '', currentPassword: 'secret-pass1' }, REGISTER_MESSAGES.emailRequired],
    [{ email: 'not-an-address', currentPassword: 'secret-pass1' }, REGISTER_MESSAGES.emailInvalid],
    [{ email: 'ada.new@example.test' }, ACCOUNT_MESSAGES.currentPasswordRequired],
    [
      { email: 'ada.new@example.test', currentPassword: '' },
      ACCOUNT_MESSAGES.currentPasswordRequired,
    ],
  ])('%j is refused with its sentence', async (body, message) => {
    const ada = await buildUser(ctx);
    const res = await changeEmail(ctx.app, ada.token, body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message });
  });

  it('needs a member: without a session it is 401', async () => {
    const res = await changeEmail(ctx.app, undefined, {
      email: 'someone@example.test',
      currentPassword: 'secret-pass1',
    });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: SERVER_MESSAGES.unauthenticated });
    expect((await callEndpoint(ctx.app, ROUTES.getAccount)).json()).toEqual({
      message: SERVER_MESSAGES.unauthenticated,
    });
  });

  it('a link older than 24 hours has expired: 400, nothing changes, nothing waits', async () => {
    const ada = await buildUser(ctx);
    const newEmail = uniqueEmail('ada.late');
    const link = await askFor(ctx, ada, newEmail);
    ctx.clock.advanceHours(24);
    expect((await account(ctx.app, ada.token)).json().pendingEmail).toBeNull();
    const res = await confirmEmail(ctx.app, link);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: ACCOUNT_MESSAGES.emailLinkInvalid });
    expect((await login(ctx.app, ada.user.email, ada.password)).statusCode).toBe(200);
    expect((await login(ctx.app, newEmail, ada.password)).statusCode).toBe(400);
  });

  it('a link is still good just before 24 hours', async () => {
    const ada = await buildUser(ctx);
    const link = await askFor(ctx, ada, uniqueEmail('ada.intime'));
    ctx.clock.advance(24 * 3_600_000 - 1_000);
    expect((await confirmEmail(ctx.app, link)).statusCode).toBe(200);
  });

  it('a link works once: opened again it is 400, and the address stays the new one', async () => {
    const ada = await buildUser(ctx);
    const newEmail = uniqueEmail('ada.once');
    const link = await askFor(ctx, ada, newEmail);
    expect((await confirmEmail(ctx.app, link)).statusCode).toBe(200);
    const again = await confirmEmail(ctx.app, link);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ message: ACCOUNT_MESSAGES.emailLinkInvalid });
    expect((await login(ctx.app, newEmail, ada.password)).statusCode).toBe(200);
    // The old address was told once.
    expect(await mailsTo(ctx.db, ada.user.email)).toHaveLength(1);
  });

  it('a double click: both at once, the address changes once and the old address is told once', async () => {
    const ada = await buildUser(ctx);
    const newEmail = uniqueEmail('ada.double');
    const link = await askFor(ctx, ada, newEmail);
    const answers = await Promise.all([confirmEmail(ctx.app, link), confirmEmail(ctx.app, link)]);
    expect(answers.map((res) => res.statusCode).sort()).toEqual([200, 400]);
    expect(await mailsTo(ctx.db, ada.user.email)).toHaveLength(1);
    expect((await login(ctx.app, newEmail, ada.password)).statusCode).toBe(200);
  });

  it('an unknown token is 400', async () => {
    await buildUser(ctx);
    const res = await confirmEmail(ctx.app, 'made-up-token');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: ACCOUNT_MESSAGES.emailLinkInvalid });
    for (const body of [{}, { token: '' }, { token: 42 }]) {
      const bad = await callEndpoint(ctx.app, ROUTES.confirmEmail, { rawBody: body });
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toEqual({ message: ACCOUNT_MESSAGES.emailLinkInvalid });
    }
  });

  it('a newer request voids the older link; the newer one works and the page shows it waiting', async () => {
    const ada = await buildUser(ctx);
    const first = uniqueEmail('ada.first');
    const second = uniqueEmail('ada.second');
    const older = await askFor(ctx, ada, first);
    const newer = await askFor(ctx, ada, second);
    expect((await account(ctx.app, ada.token)).json().pendingEmail).toBe(second);

    const stale = await confirmEmail(ctx.app, older);
    expect(stale.statusCode).toBe(400);
    expect(stale.json()).toEqual({ message: ACCOUNT_MESSAGES.emailLinkInvalid });
    expect((await login(ctx.app, first, ada.password)).statusCode).toBe(400);

    expect((await confirmEmail(ctx.app, newer)).statusCode).toBe(200);
    expect((await login(ctx.app, second, ada.password)).statusCode).toBe(200);
    expect((await account(ctx.app, ada.token)).json()).toMatchObject({
      email: second,
      pendingEmail: null,
    });
  });

  it("an address someone signed up with meanwhile: 409 with the sign-up's sentence, and nothing changes", async () => {
    const ada = await buildUser(ctx);
    const wanted = uniqueEmail('wanted');
    const link = await askFor(ctx, ada, wanted);
    const grace = await buildUser(ctx, { email: wanted });

    const res = await confirmEmail(ctx.app, link);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: SERVER_MESSAGES.emailTaken });
    expect((await login(ctx.app, ada.user.email, ada.password)).statusCode).toBe(200);
    expect((await login(ctx.app, wanted, grace.password)).json().id).toBe(grace.user.id);
    expect(await mailsTo(ctx.db, ada.user.email)).toEqual([]);
    expect((await account(ctx.app, ada.token)).json().email).toBe(ada.user.email);
  });

  it('two members waiting for the same address: the first link opened wins, the other is 409', async () => {
    const ada = await buildUser(ctx);
    const grace = await buildUser(ctx);
    const wanted = uniqueEmail('both');
    const adas = await askFor(ctx, ada, wanted);
    const graces = await askFor(ctx, grace, wanted);
    expect((await confirmEmail(ctx.app, graces)).statusCode).toBe(200);
    const late = await confirmEmail(ctx.app, adas);
    expect(late.statusCode).toBe(409);
    expect(late.json()).toEqual({ message: SERVER_MESSAGES.emailTaken });
    expect((await login(ctx.app, wanted, grace.password)).json().id).toBe(grace.user.id);
    expect((await login(ctx.app, ada.user.email, ada.password)).statusCode).toBe(200);
  });
});

describe('the account summary', () => {
  const ctx = useTestApp();

  it("shows each member's own address and two-factor state, with the recovery codes left", async () => {
    const ada = await buildUser(ctx);
    const grace = await buildUser(ctx);
    const now = ctx.clock.now().toISOString();
    // Two-factor sign-in as turning it on leaves it: a secret in force, ten codes, two used.
    await ctx.db
      .insertInto('two_factor')
      .values({ user_id: ada.user.id, secret: 'sealed', enabled_at: now, created_at: now })
      .execute();
    await ctx.db
      .insertInto('recovery_codes')
      .values(
        Array.from({ length: 10 }, (_, i) => ({
          id: `${ada.user.id}-${i}`,
          user_id: ada.user.id,
          code_hash: `hash-${i}`,
          used_at: i < 2 ? now : null,
        })),
      )
      .execute();
    // A setup waiting for its first code is not on.
    await ctx.db
      .insertInto('two_factor')
      .values({ user_id: grace.user.id, secret: 'sealed', enabled_at: null, created_at: now })
      .execute();

    expect((await account(ctx.app, ada.token)).json()).toEqual({
      email: ada.user.email,
      pendingEmail: null,
      twoFactor: { enabled: true, recoveryCodesLeft: 8 },
      language: 'en',
    });
    expect((await account(ctx.app, grace.token)).json()).toEqual({
      email: grace.user.email,
      pendingEmail: null,
      twoFactor: { enabled: false, recoveryCodesLeft: 0 },
      language: 'en',
    });
  });
});

describe('changing e-mail addresses is limited', () => {
  const ctx = useTestApp({
    config: {
      limits: {
        emailChangesPerAccount: { max: 2, windowMs: 3_600_000 },
        emailConfirmPerIp: { max: 2, windowMs: 3_600_000 },
      },
    },
  });

  it('per member, wrong passwords included; past it: 429 and no mail; another member has their own count', async () => {
    const ada = await buildUser(ctx);
    const grace = await buildUser(ctx);
    const wrong = await changeEmail(ctx.app, ada.token, {
      email: uniqueEmail('guess'),
      currentPassword: 'guess-one',
    });
    expect(wrong.statusCode).toBe(400);
    await askFor(ctx, ada, uniqueEmail('ada.one'));

    const late = uniqueEmail('ada.late');
    const res = await changeEmail(ctx.app, ada.token, {
      email: late,
      currentPassword: ada.password,
    });
    expect(res.statusCode).toBe(429);
    expect(res.json()).toEqual({ message: tooManyRequestsMessage(3_600_000) });
    expect(await mailsTo(ctx.db, late)).toEqual([]);

    await askFor(ctx, grace, uniqueEmail('grace.one'));
  });

  it('links opened per IP address; past it: 429 and nothing changes; another address still opens one', async () => {
    const ada = await buildUser(ctx);
    const newEmail = uniqueEmail('ada.ip');
    const link = await askFor(ctx, ada, newEmail);
    for (const guess of ['guess-one', 'guess-two']) {
      expect((await confirmEmail(ctx.app, guess, '203.0.113.7')).statusCode).toBe(400);
    }
    const blocked = await confirmEmail(ctx.app, link, '203.0.113.7');
    expect(blocked.statusCode).toBe(429);
    expect((await login(ctx.app, newEmail, ada.password)).statusCode).toBe(400);

    expect((await confirmEmail(ctx.app, link, '198.51.100.4')).statusCode).toBe(200);
    expect((await login(ctx.app, newEmail, ada.password)).statusCode).toBe(200);
  });
});

describe('the limits on e-mail changes', () => {
  let dir: string | undefined;
  afterEach(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('are 5 an hour per member and 30 an hour per IP unless RATE_LIMIT_EMAIL_CHANGES_ACCOUNT and RATE_LIMIT_EMAIL_CONFIRM_IP say otherwise', async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'hearth-config-'));
    const defaults = loadConfig({ DATA_DIR: dir }).limits;
    expect(defaults.emailChangesPerAccount).toEqual({ max: 5, windowMs: 3_600_000 });
    expect(defaults.emailConfirmPerIp).toEqual({ max: 30, windowMs: 3_600_000 });
    const set = loadConfig({
      DATA_DIR: dir,
      RATE_LIMIT_EMAIL_CHANGES_ACCOUNT: '2',
      RATE_LIMIT_EMAIL_CHANGES_ACCOUNT_WINDOW_SECONDS: '600',
      RATE_LIMIT_EMAIL_CONFIRM_IP: '7',
      RATE_LIMIT_EMAIL_CONFIRM_IP_WINDOW_SECONDS: '120',
    }).limits;
    expect(set.emailChangesPerAccount).toEqual({ max: 2, windowMs: 600_000 });
    expect(set.emailConfirmPerIp).toEqual({ max: 7, windowMs: 120_000 });
  });
});

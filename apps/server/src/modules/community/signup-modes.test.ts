import {
  DEFAULT_PICTURE,
  ROUTES,
  SERVER_MESSAGES,
  SIGNUP_MESSAGES,
  UNVERIFIED_LIFETIME_DAYS,
} from '@hearth/contract';
import { describe, expect, it } from 'vitest';
import {
  auditLines,
  changeSettings,
  decide,
  login,
  makeInvite,
  register,
  setSignupMode,
} from '../../test-support/community-api.js';
import { buildUser, sessionFor, signupForm } from '../../test-support/factories.js';
import { activationTokenIn, mailsTo } from '../../test-support/mail.js';
import { notificationsOf, unreadCount } from '../../test-support/notifications-api.js';
import { callEndpoint, type TestContext, useTestApp } from '../../test-support/test-app.js';
import { publicAddress } from '../../test-support/test-config.js';
import { friendship, profileRequest, search } from '../../test-support/users-api.js';

const DAY_MS = 24 * 3_600_000;

async function staff(ctx: TestContext) {
  const admin = await buildUser(ctx, { role: 'admin', first_name: 'Ada', last_name: 'Admin' });
  const moderator = await buildUser(ctx, {
    role: 'moderator',
    first_name: 'Mo',
    last_name: 'Derator',
  });
  return { admin, moderator };
}

async function usersWithEmail(ctx: TestContext, email: string) {
  return ctx.db.selectFrom('users').selectAll().where('email', '=', email).execute();
}

describe('open sign-up (the default)', () => {
  const ctx = useTestApp();

  it('works as before: a session, the activation mail, the role member', async () => {
    const form = signupForm({ first_name: 'Olga', last_name: 'Open' });
    const res = await register(ctx.app, form);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({
      message: SERVER_MESSAGES.registerSuccess,
      id: expect.any(String),
      username: 'olgaopen',
      picture: publicAddress(DEFAULT_PICTURE),
      first_name: 'Olga',
      last_name: 'Open',
      token: expect.any(String),
      verified: false,
      role: 'member',
      language: 'en',
    });
    expect(await mailsTo(ctx.db, form.email)).toHaveLength(1);
  });

  it('ignores an invite code and a reason sent along', async () => {
    const res = await register(ctx.app, signupForm({ invite: 'NOSUCHCODE22', reason: 'hi' }));
    expect(res.statusCode).toBe(201);
    expect(res.json().token).toEqual(expect.any(String));
  });
});

describe('approval sign-up', () => {
  const ctx = useTestApp();

  it('an applicant gets no session, the waiting sentence and pending: true, and no mail yet', async () => {
    const { admin } = await staff(ctx);
    await setSignupMode(ctx.app, admin.token, 'approval');
    const form = signupForm({ first_name: 'Paula', last_name: 'Pending', reason: ' I knit. ' });

    const res = await register(ctx.app, form);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({
      message: SIGNUP_MESSAGES.awaitingApproval,
      id: expect.any(String),
      username: 'paulapending',
      picture: publicAddress(DEFAULT_PICTURE),
      first_name: 'Paula',
      last_name: 'Pending',
      verified: false,
      pending: true,
    });
    expect(await mailsTo(ctx.db, form.email)).toEqual([]);
    expect(await ctx.db.selectFrom('sessions').selectAll().execute()).toHaveLength(
      // Only the staff's own sessions.
      2,
    );
  });

  it('the reason is required: missing or blank is 400 and no account is made', async () => {
    const { admin } = await staff(ctx);
    await setSignupMode(ctx.app, admin.token, 'approval');
    for (const reason of [undefined, '', '   ']) {
      const form = signupForm(reason === undefined ? {} : { reason });
      const res = await register(ctx.app, form);
      expect(res.statusCode, String(reason)).toBe(400);
      expect(res.json()).toEqual({ message: SIGNUP_MESSAGES.reasonRequired });
      expect(await usersWithEmail(ctx, form.email)).toEqual([]);
    }
  });

  it('login answers 403 until approved (a wrong password stays the usual 400), then works with mails', async () => {
    const { admin, moderator } = await staff(ctx);
    await setSignupMode(ctx.app, admin.token, 'approval');
    const form = signupForm({ first_name: 'Abel', last_name: 'Applicant', reason: 'Friends here' });
    const { id } = (await register(ctx.app, form)).json();

    const early = await login(ctx.app, form.email, form.password);
    expect(early.statusCode).toBe(403);
    expect(early.json()).toEqual({ message: SIGNUP_MESSAGES.loginPending });
    const wrong = await login(ctx.app, form.email, 'not-the-password1');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ message: SERVER_MESSAGES.invalidCredentials });

    const listed = await callEndpoint(ctx.app, ROUTES.applications, { token: moderator.token });
    expect(listed.statusCode).toBe(200);
    expect(listed.json()).toEqual([
      {
        _id: id,
        username: 'abelapplicant',
        picture: publicAddress(DEFAULT_PICTURE),
        first_name: 'Abel',
        last_name: 'Applicant',
        email: form.email,
        reason: 'Friends here',
        createdAt: ctx.clock.now().toISOString(),
      },
    ]);

    const approved = await decide(ctx.app, moderator.token, id, { approve: true });
    expect(approved.statusCode).toBe(200);
    expect(approved.json()).toBe('ok');

    const mails = await mailsTo(ctx.db, form.email);
    expect(mails.map((m) => m.subject).sort()).toEqual(
      ['Hearth: activate your account', 'Hearth: your request to join was approved'].sort(),
    );
    const activation = mails.find((m) => m.subject.includes('activate'));
    const token = activationTokenIn(activation?.text_body ?? '');

    const res = await login(ctx.app, form.email, form.password);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id, role: 'member', verified: false });
    const activate = await callEndpoint(ctx.app, ROUTES.activateAccount, {
      body: { token },
      token: res.json().token,
    });
    expect(activate.statusCode).toBe(200);
    expect(activate.json()).toEqual({ message: SERVER_MESSAGES.activated });

    // Decided: no longer among the applications, and a second decision finds no one.
    expect(
      (await callEndpoint(ctx.app, ROUTES.applications, { token: moderator.token })).json(),
    ).toEqual([]);
    expect((await decide(ctx.app, moderator.token, id, { approve: false })).statusCode).toBe(404);

    const lines = await auditLines(ctx.db);
    expect(lines.at(-1)).toMatchObject({
      actor_id: moderator.user.id,
      actor_name: 'Mo Derator',
      action: 'application.approve',
      target_id: id,
      target_name: 'Abel Applicant',
    });
  });

  it('rings every moderator and admin (no member), and each decision clears their bells', async () => {
    const { admin, moderator } = await staff(ctx);
    const member = await buildUser(ctx, { first_name: 'Mia', last_name: 'Member' });
    await setSignupMode(ctx.app, admin.token, 'approval');
    const apply = async (first: string) =>
      (
        await register(
          ctx.app,
          signupForm({ first_name: first, last_name: 'Applicant', reason: 'Hi' }),
        )
      ).json().id as string;
    const approved = await apply('Abel');
    const rejected = await apply('Rita');

    for (const reader of [admin, moderator]) {
      const bell = await notificationsOf(ctx.app, reader.token);
      expect(bell.map((n) => [n.type, n.actor.first_name])).toEqual([
        ['application', 'Rita'],
        ['application', 'Abel'],
      ]);
      expect(await unreadCount(ctx.app, reader.token)).toBe(2);
    }
    expect(await notificationsOf(ctx.app, member.token)).toEqual([]);

    expect((await decide(ctx.app, moderator.token, approved, { approve: true })).statusCode).toBe(
      200,
    );
    expect((await decide(ctx.app, admin.token, rejected, { approve: false })).statusCode).toBe(200);
    for (const reader of [admin, moderator]) {
      expect(await notificationsOf(ctx.app, reader.token)).toEqual([]);
      expect(await unreadCount(ctx.app, reader.token)).toBe(0);
    }
  });

  it('a rejected applicant is mailed the reason and the account is gone', async () => {
    const { admin, moderator } = await staff(ctx);
    await setSignupMode(ctx.app, admin.token, 'approval');
    const form = signupForm({ first_name: 'Rita', last_name: 'Rejected', reason: 'Spam' });
    const { id } = (await register(ctx.app, form)).json();

    const res = await decide(ctx.app, moderator.token, id, {
      approve: false,
      reason: 'We only take neighbours.',
    });
    expect(res.statusCode).toBe(200);

    expect(await usersWithEmail(ctx, form.email)).toEqual([]);
    const [mail, ...others] = await mailsTo(ctx.db, form.email);
    expect(others).toEqual([]);
    expect(mail?.subject).toBe('Hearth: your request to join was declined');
    expect(mail?.text_body).toContain('We only take neighbours.');
    const again = await login(ctx.app, form.email, form.password);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ message: SERVER_MESSAGES.invalidCredentials });
    expect((await auditLines(ctx.db)).at(-1)).toMatchObject({
      action: 'application.reject',
      target_id: id,
      target_name: 'Rita Rejected',
      details: { reason: 'We only take neighbours.' },
    });
    // The same e-mail may apply again.
    expect((await register(ctx.app, form)).statusCode).toBe(201);
  });

  it('a rejection without a reason says nothing about one', async () => {
    const { admin, moderator } = await staff(ctx);
    await setSignupMode(ctx.app, admin.token, 'approval');
    const form = signupForm({ reason: 'Hello' });
    const { id } = (await register(ctx.app, form)).json();
    expect((await decide(ctx.app, moderator.token, id, { approve: false })).statusCode).toBe(200);
    const [mail] = await mailsTo(ctx.db, form.email);
    expect(mail?.text_body).not.toContain('The moderator wrote');
  });

  it('deciding about a member who is not an applicant, or an unknown id, is 404', async () => {
    const { moderator } = await staff(ctx);
    const member = await buildUser(ctx);
    for (const userId of [member.user.id, 'no-such-member']) {
      const res = await decide(ctx.app, moderator.token, userId, { approve: true });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: SERVER_MESSAGES.notFound });
    }
    expect(await auditLines(ctx.db)).toEqual([]);
  });

  it('an applicant is not a member yet: unknown to search, profiles, friend, follow and block calls', async () => {
    const { admin } = await staff(ctx);
    const viewer = await buildUser(ctx);
    await setSignupMode(ctx.app, admin.token, 'approval');
    const form = signupForm({ first_name: 'Hidden', last_name: 'Hopeful', reason: 'Please' });
    const { id, username } = (await register(ctx.app, form)).json();

    expect(await search(ctx.app, viewer.token, 'hidden')).toEqual([]);
    const profile = await profileRequest(ctx.app, viewer.token, username);
    expect(profile.statusCode).toBe(200);
    expect(profile.json()).toEqual({ ok: false });
    for (const action of ['addFriend', 'follow'] as const) {
      const res = await friendship(ctx.app, viewer.token, action, id);
      expect(res.statusCode, action).toBe(404);
    }
    const block = await callEndpoint(ctx.app, ROUTES.block, {
      params: { id },
      token: viewer.token,
    });
    expect(block.statusCode).toBe(404);
    const mute = await callEndpoint(ctx.app, ROUTES.mute, { params: { id }, token: viewer.token });
    expect(mute.statusCode).toBe(404);

    // Once approved, a member like any other.
    await decide(ctx.app, admin.token, id, { approve: true });
    expect((await search(ctx.app, viewer.token, 'hidden')).map((m) => m._id)).toEqual([id]);
    expect((await profileRequest(ctx.app, viewer.token, username)).json().ok).toBe(true);
    expect((await friendship(ctx.app, viewer.token, 'follow', id)).statusCode).toBe(200);
  });

  it('the unverified-account purge leaves applicants alone and counts from the approval', async () => {
    const { admin } = await staff(ctx);
    await setSignupMode(ctx.app, admin.token, 'approval');
    const waiting = signupForm({ reason: 'Waiting long' });
    const approved = signupForm({ reason: 'Approved late' });
    await register(ctx.app, waiting);
    const { id } = (await register(ctx.app, approved)).json();

    ctx.clock.advance(UNVERIFIED_LIFETIME_DAYS * DAY_MS + 60_000);
    // The admin's session of a week ago has expired: a new one.
    const adminToken = await sessionFor(ctx, admin.user);
    expect((await decide(ctx.app, adminToken, id, { approve: true })).statusCode).toBe(200);
    expect(await ctx.app.purges.runOnce()).toMatchObject({ accounts: 0 });
    expect(await usersWithEmail(ctx, waiting.email)).toHaveLength(1);
    expect(await usersWithEmail(ctx, approved.email)).toHaveLength(1);

    // The approved member had as long as anyone to confirm the address; the applicant waits on.
    ctx.clock.advance(UNVERIFIED_LIFETIME_DAYS * DAY_MS + 60_000);
    expect(await ctx.app.purges.runOnce()).toMatchObject({ accounts: 1 });
    expect(await usersWithEmail(ctx, approved.email)).toEqual([]);
    expect(await usersWithEmail(ctx, waiting.email)).toHaveLength(1);
  });
});

describe('invite sign-up', () => {
  const ctx = useTestApp();

  it('without a code is 400; a one-use invite works once, then 400', async () => {
    const { admin } = await staff(ctx);
    await setSignupMode(ctx.app, admin.token, 'invite');
    const none = await register(ctx.app, signupForm());
    expect(none.statusCode).toBe(400);
    expect(none.json()).toEqual({ message: SIGNUP_MESSAGES.inviteRequired });

    const { code } = await makeInvite(ctx.app, admin.token, { uses: 1, expiresInDays: 1 });
    const first = await register(ctx.app, signupForm({ invite: code }));
    expect(first.statusCode).toBe(201);
    expect(first.json().token).toEqual(expect.any(String));

    const second = signupForm({ invite: code });
    const res = await register(ctx.app, second);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: SIGNUP_MESSAGES.inviteInvalid });
    expect(await usersWithEmail(ctx, second.email)).toEqual([]);
  });

  it('the code may be typed in lower case; an unknown code is 400', async () => {
    const { admin } = await staff(ctx);
    await setSignupMode(ctx.app, admin.token, 'invite');
    const { code } = await makeInvite(ctx.app, admin.token);
    const unknown = await register(ctx.app, signupForm({ invite: 'ABCDEFGHJKMN' }));
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual({ message: SIGNUP_MESSAGES.inviteInvalid });
    expect((await register(ctx.app, signupForm({ invite: code.toLowerCase() }))).statusCode).toBe(
      201,
    );
  });

  it('a failed sign-up (e-mail taken) does not spend the invite', async () => {
    const { admin } = await staff(ctx);
    const taken = await buildUser(ctx);
    await setSignupMode(ctx.app, admin.token, 'invite');
    const { code } = await makeInvite(ctx.app, admin.token, { uses: 1, expiresInDays: 1 });
    const conflict = await register(ctx.app, signupForm({ invite: code, email: taken.user.email }));
    expect(conflict.statusCode).toBe(409);
    expect((await register(ctx.app, signupForm({ invite: code }))).statusCode).toBe(201);
  });

  it('an expired invite is refused (the test clock moves past its end)', async () => {
    const { admin } = await staff(ctx);
    await setSignupMode(ctx.app, admin.token, 'invite');
    const { code } = await makeInvite(ctx.app, admin.token, { uses: 5, expiresInDays: 2 });
    ctx.clock.advance(2 * DAY_MS - 60_000);
    expect((await register(ctx.app, signupForm({ invite: code }))).statusCode).toBe(201);
    ctx.clock.advance(2 * 60_000);
    const late = await register(ctx.app, signupForm({ invite: code }));
    expect(late.statusCode).toBe(400);
    expect(late.json()).toEqual({ message: SIGNUP_MESSAGES.inviteInvalid });
  });

  it('a revoked invite is refused', async () => {
    const { admin } = await staff(ctx);
    await setSignupMode(ctx.app, admin.token, 'invite');
    const { code } = await makeInvite(ctx.app, admin.token, { uses: 5, expiresInDays: 2 });
    const revoke = await callEndpoint(ctx.app, ROUTES.revokeInvite, {
      params: { code },
      token: admin.token,
    });
    expect(revoke.statusCode).toBe(200);
    const res = await register(ctx.app, signupForm({ invite: code }));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: SIGNUP_MESSAGES.inviteInvalid });
  });

  it("a member's invite works while members may invite; the member cannot make one otherwise", async () => {
    const { admin } = await staff(ctx);
    const member = await buildUser(ctx);
    await changeSettings(ctx.app, admin.token, { signupMode: 'invite', membersMayInvite: true });
    const { code } = await makeInvite(ctx.app, member.token, { uses: 2, expiresInDays: 1 });
    expect((await register(ctx.app, signupForm({ invite: code }))).statusCode).toBe(201);

    await changeSettings(ctx.app, admin.token, { membersMayInvite: false });
    const refused = await callEndpoint(ctx.app, ROUTES.createInvite, {
      body: { uses: 1, expiresInDays: 1 },
      token: member.token,
    });
    expect(refused.statusCode).toBe(404);
    expect(refused.json()).toEqual({ message: SERVER_MESSAGES.notFound });
  });

  it('two sign-ups racing for the last use: one gets in', async () => {
    const { admin } = await staff(ctx);
    await setSignupMode(ctx.app, admin.token, 'invite');
    const { code } = await makeInvite(ctx.app, admin.token, { uses: 1, expiresInDays: 1 });
    const answers = await Promise.all([
      register(ctx.app, signupForm({ invite: code })),
      register(ctx.app, signupForm({ invite: code })),
      register(ctx.app, signupForm({ invite: code })),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 400, 400]);
  });
});

describe('closed sign-up and refused e-mail domains', () => {
  const ctx = useTestApp();

  it('closed: 403 with the sentence, no account', async () => {
    const { admin } = await staff(ctx);
    await setSignupMode(ctx.app, admin.token, 'closed');
    const form = signupForm();
    const res = await register(ctx.app, form);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: SIGNUP_MESSAGES.closed });
    expect(await usersWithEmail(ctx, form.email)).toEqual([]);
    // Members already in still log in.
    expect((await login(ctx.app, admin.user.email, admin.password)).statusCode).toBe(200);
  });

  it('a refused domain, a subdomain of one, in any letter case: 400 with one sentence', async () => {
    const { admin } = await staff(ctx);
    await changeSettings(ctx.app, admin.token, {
      blockedEmailDomains: ['Spam.example', '@junk.test'],
    });
    for (const email of [
      'someone@spam.example',
      'Someone@SPAM.Example',
      'x@mail.spam.example',
      'y@deep.mail.junk.test',
    ]) {
      const res = await register(ctx.app, signupForm({ email }));
      expect(res.statusCode, email).toBe(400);
      expect(res.json()).toEqual({ message: SIGNUP_MESSAGES.emailRefused });
    }
    // A domain that only ends with the same letters is another domain.
    expect((await register(ctx.app, signupForm({ email: 'a@notspam.example' }))).statusCode).toBe(
      201,
    );
  });

  it('a refused domain answers the same whether the e-mail is taken or not', async () => {
    const { admin } = await staff(ctx);
    const member = await buildUser(ctx, { email: 'old@spam.example' });
    await changeSettings(ctx.app, admin.token, { blockedEmailDomains: ['spam.example'] });
    const taken = await register(ctx.app, signupForm({ email: member.user.email }));
    const fresh = await register(ctx.app, signupForm({ email: 'new@spam.example' }));
    expect([taken.statusCode, taken.json()]).toEqual([fresh.statusCode, fresh.json()]);
    expect(fresh.json()).toEqual({ message: SIGNUP_MESSAGES.emailRefused });
  });
});

import {
  INVITE_CODE_LENGTH,
  INVITE_DAYS_MAX,
  INVITE_USES_MAX,
  type Invite,
  MODERATION_MESSAGES,
  ROUTES,
  SERVER_MESSAGES,
} from '@hearth/contract';
import { describe, expect, it } from 'vitest';
import {
  auditLines,
  changeSettings,
  makeInvite,
  register,
  setSignupMode,
} from '../../test-support/community-api.js';
import { buildUser, signupForm } from '../../test-support/factories.js';
import { callEndpoint, type TestContext, useTestApp } from '../../test-support/test-app.js';

const DAY_MS = 24 * 3_600_000;

async function listOf(ctx: TestContext, token: string): Promise<Invite[]> {
  const res = await callEndpoint(ctx.app, ROUTES.invites, { token });
  expect(res.statusCode).toBe(200);
  return res.json();
}

const codes = (list: { code: string }[]) => list.map((i) => i.code);

function revoke(ctx: TestContext, token: string, code: string) {
  return callEndpoint(ctx.app, ROUTES.revokeInvite, { params: { code }, token });
}

describe('invite links', () => {
  const ctx = useTestApp();

  it('an admin makes one: a 12-character code, its link on the app, its uses and end', async () => {
    const admin = await buildUser(ctx, { role: 'admin', first_name: 'Ada', last_name: 'Admin' });
    const res = await callEndpoint(ctx.app, ROUTES.createInvite, {
      body: { uses: 3, expiresInDays: 2 },
      token: admin.token,
    });
    expect(res.statusCode).toBe(201);
    const invite = res.json();
    expect(invite.code).toMatch(new RegExp(`^[A-HJKMNP-Z2-9]{${INVITE_CODE_LENGTH}}$`));
    expect(invite).toEqual({
      code: invite.code,
      url: `${ctx.config.appUrl}/?invite=${invite.code}`,
      uses: 3,
      used: 0,
      expiresAt: new Date(ctx.clock.now().getTime() + 2 * DAY_MS).toISOString(),
      createdAt: ctx.clock.now().toISOString(),
      createdBy: { _id: admin.user.id, first_name: 'Ada', last_name: 'Admin' },
    });
    expect(await listOf(ctx, admin.token)).toEqual([invite]);
    expect((await auditLines(ctx.db)).map((l) => [l.action, l.details])).toEqual([
      ['invite.create', { code: invite.code, uses: 3, expiresAt: invite.expiresAt }],
    ]);

    // Each sign-up through it counts.
    await setSignupMode(ctx.app, admin.token, 'invite');
    await register(ctx.app, signupForm({ invite: invite.code }));
    expect(await listOf(ctx, admin.token)).toEqual([{ ...invite, used: 1 }]);
  });

  it('codes differ from one invite to the next', async () => {
    const admin = await buildUser(ctx, { role: 'admin' });
    const made = new Set<string>();
    for (let i = 0; i < 10; i++) made.add((await makeInvite(ctx.app, admin.token)).code);
    expect(made.size).toBe(10);
  });

  it('uses and days outside their range are 400 with their sentence, and nothing is made', async () => {
    const admin = await buildUser(ctx, { role: 'admin' });
    const cases: [unknown, string][] = [
      [{ uses: 0, expiresInDays: 1 }, MODERATION_MESSAGES.inviteUses],
      [{ uses: INVITE_USES_MAX + 1, expiresInDays: 1 }, MODERATION_MESSAGES.inviteUses],
      [{ uses: 1.5, expiresInDays: 1 }, MODERATION_MESSAGES.inviteUses],
      [{ uses: 1, expiresInDays: 0 }, MODERATION_MESSAGES.inviteDays],
      [{ uses: 1, expiresInDays: INVITE_DAYS_MAX + 1 }, MODERATION_MESSAGES.inviteDays],
      [{ uses: 1 }, MODERATION_MESSAGES.inviteDays],
    ];
    for (const [body, message] of cases) {
      const res = await callEndpoint(ctx.app, ROUTES.createInvite, {
        rawBody: body,
        token: admin.token,
      });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json()).toEqual({ message });
    }
    expect(await listOf(ctx, admin.token)).toEqual([]);
  });

  it('an admin sees every invite, newest first; a member only their own', async () => {
    const admin = await buildUser(ctx, { role: 'admin' });
    const ann = await buildUser(ctx);
    const ben = await buildUser(ctx);
    await changeSettings(ctx.app, admin.token, { membersMayInvite: true });
    const mine = await makeInvite(ctx.app, admin.token);
    ctx.clock.advanceMinutes(1);
    const anns = await makeInvite(ctx.app, ann.token);
    ctx.clock.advanceMinutes(1);
    const bens = await makeInvite(ctx.app, ben.token);

    expect(codes(await listOf(ctx, admin.token))).toEqual([bens.code, anns.code, mine.code]);
    expect(codes(await listOf(ctx, ann.token))).toEqual([anns.code]);
    expect(codes(await listOf(ctx, ben.token))).toEqual([bens.code]);
  });

  it("a member revokes their own invite but not another's (404); an admin revokes any", async () => {
    const admin = await buildUser(ctx, { role: 'admin' });
    const ann = await buildUser(ctx);
    const ben = await buildUser(ctx);
    await changeSettings(ctx.app, admin.token, { membersMayInvite: true });
    const anns = await makeInvite(ctx.app, ann.token);
    const bens = await makeInvite(ctx.app, ben.token);
    const admins = await makeInvite(ctx.app, admin.token);

    for (const code of [bens.code, admins.code, 'NOSUCHCODE23']) {
      const res = await revoke(ctx, ann.token, code);
      expect(res.statusCode, code).toBe(404);
      expect(res.json()).toEqual({ message: SERVER_MESSAGES.notFound });
    }
    const own = await revoke(ctx, ann.token, anns.code.toLowerCase());
    expect(own.statusCode).toBe(200);
    expect(own.json()).toBe('ok');
    expect(await listOf(ctx, ann.token)).toEqual([]);
    // Revoked twice: it is gone.
    expect((await revoke(ctx, ann.token, anns.code)).statusCode).toBe(404);

    expect((await revoke(ctx, admin.token, bens.code)).statusCode).toBe(200);
    expect(codes(await listOf(ctx, admin.token))).toEqual([admins.code]);
    expect(
      (await auditLines(ctx.db))
        .filter((l) => l.action === 'invite.revoke')
        .map((l) => [l.actor_id, l.details.code]),
    ).toEqual([
      [ann.user.id, anns.code],
      [admin.user.id, bens.code],
    ]);
  });

  it('expired and used-up invites stay listed for a day after they end', async () => {
    const admin = await buildUser(ctx, { role: 'admin' });
    await setSignupMode(ctx.app, admin.token, 'invite');
    const used = await makeInvite(ctx.app, admin.token, { uses: 1, expiresInDays: 1 });
    const expiring = await makeInvite(ctx.app, admin.token, { uses: 5, expiresInDays: 1 });
    await register(ctx.app, signupForm({ invite: used.code }));

    ctx.clock.advance(DAY_MS + 60_000);
    // Both ended; still listed, used and unused as they were.
    expect((await listOf(ctx, admin.token)).map((i) => [i.code, i.used])).toEqual([
      [expiring.code, 0],
      [used.code, 1],
    ]);
    ctx.clock.advance(DAY_MS);
    expect(await listOf(ctx, admin.token)).toEqual([]);
  });

  it('members may list their invites only while allowed; what they made keeps working', async () => {
    const admin = await buildUser(ctx, { role: 'admin' });
    const ann = await buildUser(ctx);
    await changeSettings(ctx.app, admin.token, { membersMayInvite: true, signupMode: 'invite' });
    const anns = await makeInvite(ctx.app, ann.token, { uses: 2, expiresInDays: 3 });
    await changeSettings(ctx.app, admin.token, { membersMayInvite: false });

    for (const res of [
      await callEndpoint(ctx.app, ROUTES.invites, { token: ann.token }),
      await revoke(ctx, ann.token, anns.code),
    ]) {
      expect(res.statusCode).toBe(404);
    }
    // The admin decides about invites already out: still valid until revoked.
    expect(codes(await listOf(ctx, admin.token))).toEqual([anns.code]);
  });
});

describe('the invites limit', () => {
  const ctx = useTestApp({
    config: { limits: { invitesPerAccount: { max: 2, windowMs: 3_600_000 } } },
  });

  it('a member past the limit gets 429 and no invite', async () => {
    const admin = await buildUser(ctx, { role: 'admin' });
    await makeInvite(ctx.app, admin.token);
    await makeInvite(ctx.app, admin.token);
    const third = await callEndpoint(ctx.app, ROUTES.createInvite, {
      body: { uses: 1, expiresInDays: 1 },
      token: admin.token,
    });
    expect(third.statusCode).toBe(429);
    expect(await listOf(ctx, admin.token)).toHaveLength(2);
  });
});

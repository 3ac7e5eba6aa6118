import {
  DEFAULT_PRIVACY_POLICY,
  DEFAULT_SERVER_NAME,
  MODERATION_MESSAGES,
  MODERATION_PAGE_SIZE,
  NEXT_CURSOR_HEADER,
  ROUTES,
  SERVER_MESSAGES,
  SERVER_NAME_MAX,
  SERVER_RULES_MAX,
} from '@hearth/contract';
import { describe, expect, it } from 'vitest';
import {
  auditLines,
  changeSettings,
  register,
  setSignupMode,
} from '../../test-support/community-api.js';
import { buildMembers, buildUser, signupForm } from '../../test-support/factories.js';
import { callEndpoint, type TestContext, useTestApp } from '../../test-support/test-app.js';
import { publicAddress } from '../../test-support/test-config.js';

function settingsOf(ctx: TestContext, token: string) {
  return callEndpoint(ctx.app, ROUTES.moderationSettings, { token });
}

async function storedSettings(ctx: TestContext): Promise<Record<string, unknown>> {
  const row = await ctx.db
    .selectFrom('server_settings')
    .select('value')
    .where('key', '=', 'community')
    .executeTakeFirstOrThrow();
  return JSON.parse(row.value);
}

describe('the server settings', () => {
  const ctx = useTestApp();

  it('the admin reads them, changes some, and gets all of them back as stored', async () => {
    const admin = await buildUser(ctx, { role: 'admin', first_name: 'Ada', last_name: 'Admin' });
    const first = await settingsOf(ctx, admin.token);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({
      name: DEFAULT_SERVER_NAME,
      description: '',
      rules: [],
      privacyPolicy: DEFAULT_PRIVACY_POLICY,
      signupMode: 'open',
      membersMayInvite: false,
      blockedEmailDomains: [],
      autoApprovalAt: null,
    });

    const res = await callEndpoint(ctx.app, ROUTES.updateModerationSettings, {
      body: {
        name: '  Riverside  ',
        rules: [' Be kind. '],
        blockedEmailDomains: ['@Spam.Example', 'junk.test', 'spam.example'],
      },
      token: admin.token,
    });
    expect(res.statusCode).toBe(200);
    const expected = {
      ...first.json(),
      name: 'Riverside',
      rules: ['Be kind.'],
      blockedEmailDomains: ['junk.test', 'spam.example'],
    };
    expect(res.json()).toEqual(expected);
    expect((await settingsOf(ctx, admin.token)).json()).toEqual(expected);

    const [line, ...more] = await auditLines(ctx.db);
    expect(more).toEqual([]);
    expect(line).toMatchObject({
      actor_id: admin.user.id,
      actor_name: 'Ada Admin',
      action: 'settings.update',
      created_at: ctx.clock.now().toISOString(),
      details: {
        changes: {
          name: { before: DEFAULT_SERVER_NAME, after: 'Riverside' },
          rules: { before: [], after: ['Be kind.'] },
          blockedEmailDomains: { before: [], after: ['junk.test', 'spam.example'] },
        },
      },
    });
  });

  it('a change of sign-up mode restarts its count (signupModeSince); other changes leave it', async () => {
    const admin = await buildUser(ctx, { role: 'admin' });
    await setSignupMode(ctx.app, admin.token, 'approval');
    const since = ctx.clock.now().toISOString();
    expect(await storedSettings(ctx)).toMatchObject({
      signupMode: 'approval',
      signupModeSince: since,
    });

    ctx.clock.advanceHours(3);
    await changeSettings(ctx.app, admin.token, { description: 'Hello' });
    expect(await storedSettings(ctx)).toMatchObject({ signupModeSince: since });
    // Setting the same mode again changes nothing and writes no audit line.
    await setSignupMode(ctx.app, admin.token, 'approval');
    expect(await storedSettings(ctx)).toMatchObject({ signupModeSince: since });
    expect(await auditLines(ctx.db)).toHaveLength(2);

    await setSignupMode(ctx.app, admin.token, 'open');
    expect(await storedSettings(ctx)).toMatchObject({
      signupMode: 'open',
      signupModeSince: ctx.clock.now().toISOString(),
    });
  });

  it('anything invalid is 400 with its sentence and leaves every setting as it was', async () => {
    const admin = await buildUser(ctx, { role: 'admin' });
    await changeSettings(ctx.app, admin.token, { name: 'Riverside', rules: ['Be kind.'] });
    const before = (await settingsOf(ctx, admin.token)).json();
    const lines = (await auditLines(ctx.db)).length;

    const cases: [body: unknown, message: string | undefined][] = [
      [{}, MODERATION_MESSAGES.settingsEmpty],
      [{ name: '   ' }, MODERATION_MESSAGES.nameRequired],
      [{ name: 'x'.repeat(SERVER_NAME_MAX + 1) }, MODERATION_MESSAGES.nameMax],
      [{ signupMode: 'everyone' }, MODERATION_MESSAGES.signupMode],
      [
        { rules: Array.from({ length: SERVER_RULES_MAX + 1 }, () => 'A rule') },
        MODERATION_MESSAGES.rulesMax,
      ],
      [{ rules: ['fine', ''] }, MODERATION_MESSAGES.rulesMax],
      [{ blockedEmailDomains: ['not a domain'] }, MODERATION_MESSAGES.domainsInvalid],
      [{ blockedEmailDomains: 'spam.example' }, MODERATION_MESSAGES.domainsInvalid],
      // A valid change beside an invalid one is not saved either.
      [{ description: 'New words', membersMayInvite: 'yes' }, undefined],
      [{ name: 'Other', role: 'admin' }, undefined],
    ];
    for (const [body, message] of cases) {
      const res = await callEndpoint(ctx.app, ROUTES.updateModerationSettings, {
        rawBody: body,
        token: admin.token,
      });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      if (message) expect(res.json(), JSON.stringify(body)).toEqual({ message });
      else expect(res.json().message).toEqual(expect.any(String));
    }
    expect((await settingsOf(ctx, admin.token)).json()).toEqual(before);
    expect(await auditLines(ctx.db)).toHaveLength(lines);
  });
});

describe('roles', () => {
  const ctx = useTestApp();

  it('an admin makes a member moderator, then admin; the audit log keeps each change', async () => {
    const admin = await buildUser(ctx, { role: 'admin', first_name: 'Ada', last_name: 'Admin' });
    const member = await buildUser(ctx, { first_name: 'Mia', last_name: 'Member' });
    for (const role of ['moderator', 'admin'] as const) {
      const res = await callEndpoint(ctx.app, ROUTES.setRole, {
        params: { userId: member.user.id },
        body: { role },
        token: admin.token,
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ _id: member.user.id, role });
    }
    const login = await callEndpoint(ctx.app, ROUTES.login, {
      body: { email: member.user.email, password: member.password },
    });
    expect(login.json().role).toBe('admin');
    expect((await auditLines(ctx.db)).map((l) => [l.action, l.target_name, l.details])).toEqual([
      ['role.set', 'Mia Member', { before: 'member', after: 'moderator', via: 'app' }],
      ['role.set', 'Mia Member', { before: 'moderator', after: 'admin', via: 'app' }],
    ]);
  });

  it('the last admin cannot be made anything else (400); with a second admin they can', async () => {
    const admin = await buildUser(ctx, { role: 'admin' });
    const self = (role: 'member' | 'moderator') =>
      callEndpoint(ctx.app, ROUTES.setRole, {
        params: { userId: admin.user.id },
        body: { role },
        token: admin.token,
      });
    for (const role of ['member', 'moderator'] as const) {
      const res = await self(role);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: MODERATION_MESSAGES.lastAdmin });
    }
    expect(await auditLines(ctx.db)).toEqual([]);

    await buildUser(ctx, { role: 'admin' });
    expect((await self('member')).statusCode).toBe(200);
    // No longer an admin: the admin's calls are gone for them.
    expect((await settingsOf(ctx, admin.token)).statusCode).toBe(404);
  });

  it('an unknown member, an applicant, or a role that does not exist', async () => {
    const admin = await buildUser(ctx, { role: 'admin' });
    await setSignupMode(ctx.app, admin.token, 'approval');
    const applicant = (await register(ctx.app, signupForm({ reason: 'Hi' }))).json();
    for (const userId of ['no-such-member', applicant.id]) {
      const res = await callEndpoint(ctx.app, ROUTES.setRole, {
        params: { userId },
        body: { role: 'moderator' },
        token: admin.token,
      });
      expect(res.statusCode, userId).toBe(404);
      expect(res.json()).toEqual({ message: SERVER_MESSAGES.notFound });
    }
    const bad = await callEndpoint(ctx.app, ROUTES.setRole, {
      params: { userId: admin.user.id },
      rawBody: { role: 'owner' },
      token: admin.token,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ message: MODERATION_MESSAGES.role });
  });

  it('the audit log outlives the accounts it names', async () => {
    const admin = await buildUser(ctx, { role: 'admin', first_name: 'Gone', last_name: 'Admin' });
    const other = await buildUser(ctx, { role: 'admin' });
    await changeSettings(ctx.app, admin.token, { name: 'Riverside' });
    await callEndpoint(ctx.app, ROUTES.createInvite, {
      body: { uses: 1, expiresInDays: 1 },
      token: admin.token,
    });
    await ctx.db.deleteFrom('users').where('id', '=', admin.user.id).execute();

    expect((await auditLines(ctx.db)).map((l) => [l.actor_id, l.actor_name, l.action])).toEqual([
      [admin.user.id, 'Gone Admin', 'settings.update'],
      [admin.user.id, 'Gone Admin', 'invite.create'],
    ]);
    // The invite stays, its maker unknown now.
    const invites = await callEndpoint(ctx.app, ROUTES.invites, { token: other.token });
    expect(invites.json()).toEqual([expect.objectContaining({ createdBy: null })]);
  });
});

describe('the members list for moderators', () => {
  const ctx = useTestApp();

  it('newest first, a page at a time, with e-mail, role and the staff activity', async () => {
    const moderator = await buildUser(ctx, {
      role: 'moderator',
      last_active_at: '2026-01-01T00:00:00.000Z',
    });
    const members = await buildMembers(
      ctx,
      Array.from({ length: MODERATION_PAGE_SIZE + 2 }, (_, i) => ({
        first_name: 'Many',
        last_name: `Member${'abcdefghijklmnopqrstuvwxyz'[i % 26]}`,
      })),
    );
    const seen: string[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const res = await callEndpoint(ctx.app, ROUTES.moderationMembers, {
        query: cursor ? { cursor } : {},
        token: moderator.token,
      });
      expect(res.statusCode).toBe(200);
      seen.push(...res.json().map((m: { _id: string }) => m._id));
      cursor = res.headers[NEXT_CURSOR_HEADER.toLowerCase()] as string | undefined;
      pages += 1;
    } while (cursor);
    expect(pages).toBe(2);
    const everyone = [moderator.user.id, ...members.map((m) => m.id)];
    expect(seen).toEqual([...everyone].sort().reverse());

    const first = (
      await callEndpoint(ctx.app, ROUTES.moderationMembers, {
        query: { q: moderator.user.email.toUpperCase() },
        token: moderator.token,
      })
    ).json();
    expect(first).toEqual([
      {
        _id: moderator.user.id,
        username: moderator.user.username,
        picture: publicAddress(moderator.user.picture),
        first_name: moderator.user.first_name,
        last_name: moderator.user.last_name,
        email: moderator.user.email,
        role: 'moderator',
        createdAt: moderator.user.created_at,
        // A moderator's last request, as kept (the requests above may have moved it).
        lastActiveAt: (
          await ctx.db
            .selectFrom('users')
            .select('last_active_at')
            .where('id', '=', moderator.user.id)
            .executeTakeFirstOrThrow()
        ).last_active_at,
        status: 'active',
        suspension: null,
      },
    ]);
    expect(first[0].lastActiveAt).toEqual(expect.any(String));
    // Members' activity is not shown.
    const plain = (
      await callEndpoint(ctx.app, ROUTES.moderationMembers, {
        query: { q: members[0]?.email ?? '' },
        token: moderator.token,
      })
    ).json();
    expect(plain).toEqual([
      expect.objectContaining({
        role: 'member',
        lastActiveAt: null,
        status: 'active',
        suspension: null,
      }),
    ]);
  });

  it('q finds names, usernames and e-mails containing it; applicants are not listed', async () => {
    // Addresses of their own: a random one could hold a term searched below ('zoe').
    const admin = await buildUser(ctx, {
      role: 'admin',
      first_name: 'Ada',
      last_name: 'Admin',
      email: 'ada@admin.test',
    });
    const zoe = await buildUser(ctx, {
      first_name: 'Zoé',
      last_name: 'Lefèvre',
      email: 'zl@river.test',
    });
    const bob = await buildUser(ctx, {
      first_name: 'Bob',
      last_name: 'Under_Score',
      email: 'bob@under.test',
    });
    await setSignupMode(ctx.app, admin.token, 'approval');
    await register(
      ctx.app,
      signupForm({ first_name: 'Zoe', last_name: 'Applicant', reason: 'Hi' }),
    );

    const find = async (q: string) =>
      (await callEndpoint(ctx.app, ROUTES.moderationMembers, { query: { q }, token: admin.token }))
        .json()
        .map((m: { _id: string }) => m._id);
    expect(await find('ZOE')).toEqual([zoe.user.id]);
    expect(await find('oé lef')).toEqual([zoe.user.id]);
    expect(await find('river.te')).toEqual([zoe.user.id]);
    expect(await find(bob.user.username.slice(2, 8))).toEqual([bob.user.id]);
    // LIKE's wildcards are plain characters here.
    expect(await find('%')).toEqual([]);
    expect(await find('_')).toEqual([bob.user.id]);
    const everyone = await find('');
    expect(everyone.sort()).toEqual([admin.user.id, zoe.user.id, bob.user.id].sort());
  });
});

describe('the moderation writes limit', () => {
  const ctx = useTestApp({
    config: { limits: { moderationWritesPerAccount: { max: 2, windowMs: 60_000 } } },
  });

  it('a member past the limit gets 429; reads are not counted', async () => {
    const admin = await buildUser(ctx, { role: 'admin' });
    for (let i = 0; i < 3; i++) expect((await settingsOf(ctx, admin.token)).statusCode).toBe(200);
    await changeSettings(ctx.app, admin.token, { description: 'one' });
    await changeSettings(ctx.app, admin.token, { description: 'two' });
    const third = await callEndpoint(ctx.app, ROUTES.updateModerationSettings, {
      body: { description: 'three' },
      token: admin.token,
    });
    expect(third.statusCode).toBe(429);
    expect((await settingsOf(ctx, admin.token)).json().description).toBe('two');
  });
});

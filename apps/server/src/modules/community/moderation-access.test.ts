import {
  DEFAULT_PRIVACY_POLICY,
  DEFAULT_SERVER_NAME,
  ENDPOINTS,
  type EndpointName,
  ROUTES,
  SERVER_MESSAGES,
} from '@hearth/contract';
import { describe, expect, it } from 'vitest';
import { changeSettings } from '../../test-support/community-api.js';
import { type BuiltUser, buildUser, grantRole } from '../../test-support/factories.js';
import { callEndpoint, type TestContext, useTestApp } from '../../test-support/test-app.js';

/** The calls of the moderation area and who the table says may make them. */
const MODERATION_CALLS = (Object.keys(ENDPOINTS) as EndpointName[]).filter((name) =>
  ['moderator', 'admin', 'inviter'].includes(ENDPOINTS[name].access),
);
const ADMIN_ONLY = MODERATION_CALLS.filter((name) => ENDPOINTS[name].access === 'admin');
const STAFF_ONLY = MODERATION_CALLS.filter((name) => ENDPOINTS[name].access === 'moderator');
const INVITER = MODERATION_CALLS.filter((name) => ENDPOINTS[name].access === 'inviter');

/** A valid call of each, so only who calls decides the answer. */
function send(ctx: TestContext, name: EndpointName, token: string | undefined, target: string) {
  const parts: Record<string, unknown> = {
    setRole: { params: { userId: target }, body: { role: 'moderator' } },
    decideApplication: { params: { userId: target }, body: { approve: true } },
    updateModerationSettings: { body: { name: 'Ours now' } },
    createInvite: { body: { uses: 1, expiresInDays: 1 } },
    revokeInvite: { params: { code: 'ABCDEFGHJKMN' } },
    resolveReport: { params: { reportId: target }, body: { action: 'dismiss' } },
    removePost: { params: { postId: target }, body: { reason: 'Spam.' } },
    removeComment: { params: { commentId: target }, body: { reason: 'Spam.' } },
    warnMember: { params: { userId: target }, body: { reason: 'Be kind.' } },
    suspendMember: { params: { userId: target }, body: { reason: 'Spam.' } },
    unsuspendMember: { params: { userId: target }, body: { reason: 'Served.' } },
    deleteMember: { params: { userId: target }, body: { reason: 'Spam.' } },
    memberRecord: { params: { userId: target } },
    liftEmailBlock: { params: { blockId: target } },
  };
  const call = { ...(parts[name] as object), ...(token ? { token } : {}) };
  return callEndpoint(ctx.app, ROUTES[name] as never, call as never);
}

describe('who may use the moderation calls', () => {
  const ctx = useTestApp();

  it('the table lists the calls this test walks through', () => {
    expect(ADMIN_ONLY.sort()).toEqual(
      [
        'deleteMember',
        'emailBlocks',
        'liftEmailBlock',
        'moderationLog',
        'moderationSettings',
        'setRole',
        'updateModerationSettings',
      ].sort(),
    );
    expect(STAFF_ONLY.sort()).toEqual(
      [
        'applications',
        'decideApplication',
        'memberRecord',
        'moderationMembers',
        'moderationSummary',
        'removeComment',
        'removePost',
        'reports',
        'resolveReport',
        'suspendMember',
        'unsuspendMember',
        'warnMember',
      ].sort(),
    );
    expect(INVITER.sort()).toEqual(['createInvite', 'invites', 'revokeInvite'].sort());
  });

  it('someone signed out gets 401 on every one', async () => {
    const target = await buildUser(ctx);
    for (const name of MODERATION_CALLS) {
      const res = await send(ctx, name, undefined, target.user.id);
      expect(res.statusCode, name).toBe(401);
    }
  });

  it('a member gets the 404 of a missing path on every one, even with a body the call refuses', async () => {
    const member = await buildUser(ctx);
    const target = await buildUser(ctx);
    for (const name of MODERATION_CALLS) {
      const res = await send(ctx, name, member.token, target.user.id);
      expect(res.statusCode, name).toBe(404);
      expect(res.json(), name).toEqual({ message: SERVER_MESSAGES.notFound });
    }
    const badBody = await callEndpoint(ctx.app, ROUTES.updateModerationSettings, {
      rawBody: { signupMode: 'everyone' },
      token: member.token,
    });
    expect(badBody.statusCode).toBe(404);
    const missing = await callEndpoint(ctx.app, ROUTES.moderationMembers, {
      token: member.token,
    });
    const unknownPath = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/moderation/nothing-here',
      headers: { authorization: `Bearer ${member.token}` },
    });
    expect(missing.json()).toEqual(unknownPath.json());
    // Nothing changed.
    expect((await callEndpoint(ctx.app, ROUTES.about)).json().name).toBe(DEFAULT_SERVER_NAME);
    expect(await ctx.db.selectFrom('audit_log').selectAll().execute()).toEqual([]);
  });

  it("a moderator gets 404 on the admin's calls and in on the moderators' ones", async () => {
    const moderator = await buildUser(ctx, { role: 'moderator' });
    const target = await buildUser(ctx);
    for (const name of ADMIN_ONLY) {
      const res = await send(ctx, name, moderator.token, target.user.id);
      expect(res.statusCode, name).toBe(404);
    }
    for (const name of [
      'moderationMembers',
      'memberRecord',
      'applications',
      'reports',
      'moderationSummary',
    ] as const) {
      expect((await send(ctx, name, moderator.token, target.user.id)).statusCode, name).toBe(200);
    }
    expect((await send(ctx, 'invites', moderator.token, target.user.id)).statusCode).toBe(404);
  });

  it('an admin gets in everywhere', async () => {
    const admin = await buildUser(ctx, { role: 'admin' });
    const other = await buildUser(ctx, { role: 'admin' });
    for (const name of [
      'moderationSettings',
      'moderationMembers',
      'applications',
      'invites',
      'reports',
      'moderationSummary',
      'moderationLog',
      'memberRecord',
      'emailBlocks',
    ]) {
      const res = await send(ctx, name as EndpointName, admin.token, other.user.id);
      expect(res.statusCode, name).toBe(200);
    }
    expect((await send(ctx, 'setRole', admin.token, other.user.id)).statusCode).toBe(200);
  });

  it('a role taken away stops working at the next request, with the same session', async () => {
    const admin = await buildUser(ctx, { role: 'admin' });
    const moderator = await buildUser(ctx, { role: 'moderator' });
    const before = await callEndpoint(ctx.app, ROUTES.applications, { token: moderator.token });
    expect(before.statusCode).toBe(200);
    const revoke = await callEndpoint(ctx.app, ROUTES.setRole, {
      params: { userId: moderator.user.id },
      body: { role: 'member' },
      token: admin.token,
    });
    expect(revoke.json()).toEqual({ _id: moderator.user.id, role: 'member' });
    const after = await callEndpoint(ctx.app, ROUTES.applications, { token: moderator.token });
    expect(after.statusCode).toBe(404);
  });

  it('members use the invite calls only while the admin lets them', async () => {
    const admin = await buildUser(ctx, { role: 'admin' });
    const member: BuiltUser = await buildUser(ctx);
    expect((await send(ctx, 'invites', member.token, '')).statusCode).toBe(404);
    await changeSettings(ctx.app, admin.token, { membersMayInvite: true });
    expect((await send(ctx, 'invites', member.token, '')).statusCode).toBe(200);
    expect((await send(ctx, 'createInvite', member.token, '')).statusCode).toBe(201);
  });

  it('grantRole (test helper) and the session user agree on the role', async () => {
    const member = await buildUser(ctx);
    await grantRole(ctx, member, 'moderator');
    const res = await callEndpoint(ctx.app, ROUTES.login, {
      body: { email: member.user.email, password: member.password },
    });
    expect(res.json().role).toBe('moderator');
  });
});

describe('GET /about', () => {
  const ctx = useTestApp();

  it('answers anyone, signed in or not, with the defaults until the admin writes', async () => {
    const expected = {
      name: DEFAULT_SERVER_NAME,
      description: '',
      rules: [],
      privacyPolicy: DEFAULT_PRIVACY_POLICY,
      signupMode: 'open',
      membersMayInvite: false,
    };
    const anonymous = await callEndpoint(ctx.app, ROUTES.about);
    expect(anonymous.statusCode).toBe(200);
    expect(anonymous.json()).toEqual(expected);
    const member = await buildUser(ctx);
    expect((await callEndpoint(ctx.app, ROUTES.about, { token: member.token })).json()).toEqual(
      expected,
    );
  });

  it('shows what the admin wrote, never the refused domains', async () => {
    const admin = await buildUser(ctx, { role: 'admin' });
    await changeSettings(ctx.app, admin.token, {
      name: 'Riverside',
      description: 'Neighbours by the river.',
      rules: ['Be kind.', 'No ads.'],
      privacyPolicy: 'We keep little.',
      signupMode: 'approval',
      blockedEmailDomains: ['spam.example'],
    });
    expect((await callEndpoint(ctx.app, ROUTES.about)).json()).toEqual({
      name: 'Riverside',
      description: 'Neighbours by the river.',
      rules: ['Be kind.', 'No ads.'],
      privacyPolicy: 'We keep little.',
      signupMode: 'approval',
      membersMayInvite: false,
    });
  });
});

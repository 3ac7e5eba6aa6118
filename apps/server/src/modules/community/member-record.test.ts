import {
  type MemberRecord,
  type ModerationMember,
  ROUTES,
  SERVER_MESSAGES,
} from '@hearth/contract';
import { describe, expect, it } from 'vitest';
import type { App } from '../../app.js';
import { register, setSignupMode } from '../../test-support/community-api.js';
import {
  type BuiltUser,
  buildComment,
  buildPost,
  buildUser,
  signupForm,
} from '../../test-support/factories.js';
import { removePost, report, warnMember } from '../../test-support/moderation-api.js';
import { callEndpoint, useTestApp } from '../../test-support/test-app.js';

// A member's record (API.md, Hosts in charge): what moderators read before they act.

const nameOf = (member: BuiltUser) => `${member.user.first_name} ${member.user.last_name}`;

function recordRequest(app: App, token: string, userId: string) {
  return callEndpoint(app, ROUTES.memberRecord, { params: { userId }, token });
}

async function recordOf(app: App, token: string, userId: string): Promise<MemberRecord> {
  const res = await recordRequest(app, token, userId);
  if (res.statusCode !== 200) throw new Error(`memberRecord: ${res.statusCode} ${res.body}`);
  return res.json();
}

/** The member as the moderation area's members list shows them. */
async function listed(app: App, token: string, member: BuiltUser): Promise<ModerationMember> {
  const res = await callEndpoint(app, ROUTES.moderationMembers, {
    query: { q: member.user.email },
    token,
  });
  if (res.statusCode !== 200) throw new Error(`moderationMembers: ${res.statusCode} ${res.body}`);
  const found = (res.json() as ModerationMember[]).find((m) => m._id === member.user.id);
  if (!found) throw new Error('not in the members list');
  return found;
}

describe("a member's record", () => {
  const ctx = useTestApp();

  it('moderators and admins read the member as the members list shows them, the reports naming them and the actions about them, newest first', async () => {
    const moderator = await buildUser(ctx, { role: 'moderator' });
    const admin = await buildUser(ctx, { role: 'admin' });
    const member = await buildUser(ctx, { first_name: 'Mallory', last_name: 'Troll' });
    const [first, second, third] = [
      await buildUser(ctx),
      await buildUser(ctx),
      await buildUser(ctx),
    ];
    const post = await buildPost(ctx, member, { text: 'You are all idiots' });
    const onPost = await report(ctx.app, first.token, {
      target: { postId: post.id },
      reason: 'harassment',
      details: 'Third time today.',
    });
    ctx.clock.advance(1000);
    const onMember = await report(ctx.app, second.token, {
      target: { userId: member.user.id },
      reason: 'spam',
    });
    ctx.clock.advance(1000);
    const commentId = await buildComment(ctx, await buildPost(ctx, third), member);
    const onComment = await report(ctx.app, third.token, {
      target: { commentId },
      reason: 'hate',
    });
    // Someone else's report is not theirs.
    await report(ctx.app, first.token, { target: { userId: third.user.id }, reason: 'other' });

    ctx.clock.advance(1000);
    const removedAt = ctx.clock.now().toISOString();
    expect((await removePost(ctx.app, moderator.token, post.id, 'Breaks rule 2.')).statusCode).toBe(
      200,
    );
    ctx.clock.advance(1000);
    const warnedAt = ctx.clock.now().toISOString();
    expect(
      (await warnMember(ctx.app, admin.token, member.user.id, 'Last warning.')).statusCode,
    ).toBe(200);

    for (const reader of [moderator, admin]) {
      const record = await recordOf(ctx.app, reader.token, member.user.id);
      expect(record.member).toEqual(await listed(ctx.app, reader.token, member));
      expect(record.member).toMatchObject({
        _id: member.user.id,
        first_name: 'Mallory',
        last_name: 'Troll',
        email: member.user.email,
        role: 'member',
        status: 'active',
        suspension: null,
      });
      expect(record.reports).toEqual([
        {
          _id: onComment._id,
          target: { type: 'comment', _id: commentId },
          reason: 'hate',
          details: '',
          status: 'open',
          outcome: null,
          createdAt: onComment.createdAt,
        },
        {
          _id: onMember._id,
          target: { type: 'member', _id: member.user.id },
          reason: 'spam',
          details: '',
          status: 'resolved',
          outcome: 'warn',
          createdAt: onMember.createdAt,
        },
        {
          _id: onPost._id,
          target: { type: 'post', _id: post.id },
          reason: 'harassment',
          details: 'Third time today.',
          status: 'resolved',
          outcome: 'remove',
          createdAt: onPost.createdAt,
        },
      ]);
      expect(record.actions).toEqual([
        { action: 'member.warn', reason: 'Last warning.', by: nameOf(admin), at: warnedAt },
        { action: 'post.remove', reason: 'Breaks rule 2.', by: nameOf(moderator), at: removedAt },
      ]);
    }
  });

  it('a suspended member shows as suspended, with the reason and since when', async () => {
    const moderator = await buildUser(ctx, { role: 'moderator' });
    const member = await buildUser(ctx);
    const at = ctx.clock.now().toISOString();
    // The suspension as the suspension call stores it (its own tests suspend through the API).
    await ctx.db
      .insertInto('suspensions')
      .values({
        user_id: member.user.id,
        reason: 'Spam after a warning.',
        by_id: moderator.user.id,
        by_name: nameOf(moderator),
        created_at: at,
      })
      .execute();
    const record = await recordOf(ctx.app, moderator.token, member.user.id);
    expect(record.member).toMatchObject({
      status: 'suspended',
      suspension: { reason: 'Spam after a warning.', at },
    });
    expect(record.member).toEqual(await listed(ctx.app, moderator.token, member));
  });

  it('shows at most 50 reports and 50 actions, the newest', async () => {
    const admin = await buildUser(ctx, { role: 'admin' });
    const member = await buildUser(ctx);
    const reporters = [await buildUser(ctx), await buildUser(ctx), await buildUser(ctx)];
    const reportIds: string[] = [];
    for (let i = 0; i < 51; i++) {
      const reporter = reporters[i % reporters.length] as BuiltUser;
      const post = await buildPost(ctx, member, { text: `Post ${i}` });
      reportIds.push(
        (await report(ctx.app, reporter.token, { target: { postId: post.id }, reason: 'spam' }))
          ._id,
      );
    }
    for (let i = 0; i < 51; i++) {
      const res = await warnMember(ctx.app, admin.token, member.user.id, `Warning ${i}.`);
      expect(res.statusCode).toBe(200);
    }
    const record = await recordOf(ctx.app, admin.token, member.user.id);
    expect(record.reports.map((r) => r._id)).toEqual(reportIds.slice(1).reverse());
    expect(record.actions.map((a) => a.reason)).toEqual(
      Array.from({ length: 50 }, (_, i) => `Warning ${50 - i}.`),
    );
  });

  it('an unknown member, an applicant and a deleted member are 404; members get 404 even for themselves', async () => {
    const moderator = await buildUser(ctx, { role: 'moderator' });
    const admin = await buildUser(ctx, { role: 'admin' });
    const member = await buildUser(ctx);
    const other = await buildUser(ctx);
    const gone = await buildUser(ctx);
    await setSignupMode(ctx.app, admin.token, 'approval');
    const applied = await register(ctx.app, signupForm({ reason: 'My neighbours are here.' }));
    expect(applied.statusCode).toBe(201);
    const deleted = await callEndpoint(ctx.app, ROUTES.deleteMember, {
      params: { userId: gone.user.id },
      body: { reason: 'Spam.' },
      token: admin.token,
    });
    expect(deleted.statusCode).toBe(200);

    const notFound = { status: 404, body: { message: SERVER_MESSAGES.notFound } };
    for (const userId of [crypto.randomUUID(), applied.json().id as string, gone.user.id]) {
      const res = await recordRequest(ctx.app, moderator.token, userId);
      expect({ status: res.statusCode, body: res.json() }, userId).toEqual(notFound);
    }
    for (const caller of [member, other]) {
      const res = await recordRequest(ctx.app, caller.token, member.user.id);
      expect({ status: res.statusCode, body: res.json() }, nameOf(caller)).toEqual(notFound);
    }
    // A live member's record is there all along.
    expect((await recordOf(ctx.app, moderator.token, member.user.id)).member._id).toBe(
      member.user.id,
    );
  });
});

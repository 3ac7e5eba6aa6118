import { ROUTES, SIGNUP_MODES, type SignupMode } from '@hearth/contract';
import { describe, expect, it } from 'vitest';
import { buildUser, sessionFor } from '../../test-support/factories.js';
import { mailsTo } from '../../test-support/mail.js';
import { callEndpoint, type TestContext, useTestApp } from '../../test-support/test-app.js';
import { createMailQueue } from '../mail/service.js';
import { SERVER_ACTOR_NAME } from './audit-repo.js';
import {
  defaultCommunitySettings,
  readCommunitySettings,
  writeCommunitySettings,
} from './settings-repo.js';
import { checkStaffActivity } from './staff-activity.js';

const MINUTE_MS = 60_000;
const DAY_MS = 24 * 60 * MINUTE_MS;

/** The settings as an admin left them: `mode` chosen `daysAgo` days ago. */
async function signupModeSet(ctx: TestContext, mode: SignupMode, daysAgo: number): Promise<void> {
  const now = ctx.clock.now();
  const since = new Date(now.getTime() - daysAgo * DAY_MS).toISOString();
  await writeCommunitySettings(
    ctx.db,
    { ...defaultCommunitySettings(since), signupMode: mode },
    now.toISOString(),
  );
}

async function signupMode(ctx: TestContext): Promise<SignupMode> {
  return (await readCommunitySettings(ctx.db, ctx.clock.now().toISOString())).signupMode;
}

function auditLines(ctx: TestContext) {
  return ctx.db.selectFrom('audit_log').selectAll().orderBy('created_at').execute();
}

async function lastActiveAt(ctx: TestContext, id: string): Promise<string | null> {
  const row = await ctx.db
    .selectFrom('users')
    .select('last_active_at')
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  return row.last_active_at;
}

/** Any signed-in request: the bell's unread count. */
async function anyRequest(ctx: TestContext, token: string): Promise<void> {
  const res = await callEndpoint(ctx.app, ROUTES.unreadCount, { token });
  expect(res.statusCode).toBe(200);
}

/** The hourly check, as the server's job runs it (its configured days: 7, and its mail queue). */
function runCheck(ctx: TestContext) {
  return ctx.app.signupGuard.runOnce();
}

describe('open sign-up switches itself to approval when no staff is active', () => {
  const ctx = useTestApp();

  it('stays open while a moderator made a request 6 days ago; 7 days without any staff request switch it to approval, the admins are mailed and the audit log says so', async () => {
    await signupModeSet(ctx, 'open', 30);
    const admin = await buildUser(ctx, { role: 'admin', first_name: 'Ada' });
    const moderator = await buildUser(ctx, { role: 'moderator' });
    const member = await buildUser(ctx);
    await anyRequest(ctx, moderator.token);

    ctx.clock.advance(6 * DAY_MS);
    // Members' requests keep nothing open.
    await anyRequest(ctx, member.token);
    expect((await runCheck(ctx)).outcome).toBe('staffActive');
    expect(await signupMode(ctx)).toBe('open');
    expect(await mailsTo(ctx.db, admin.user.email)).toEqual([]);

    ctx.clock.advance(DAY_MS);
    // Sessions last 7 days: the member logs in again.
    await anyRequest(ctx, await sessionFor(ctx, member.user));
    const report = await runCheck(ctx);
    expect(report).toEqual({ outcome: 'switched', adminsMailed: 1 });
    const settings = await readCommunitySettings(ctx.db, ctx.clock.now().toISOString());
    expect(settings.signupMode).toBe('approval');
    expect(settings.autoApprovalAt).toBe(ctx.clock.now().toISOString());

    const [mail, ...more] = await mailsTo(ctx.db, admin.user.email);
    expect(more).toEqual([]);
    expect(mail?.subject).toBe('Hearth: sign-up on Hearth now needs approval');
    expect(mail?.text_body).toContain('Hello Ada,');
    expect(mail?.text_body).toContain(
      'No moderator or admin has used Hearth for 7 days, so sign-up has switched from open to approval',
    );
    expect(mail?.text_body).toContain(`${ctx.config.appUrl}/admin/settings`);
    expect(await mailsTo(ctx.db, moderator.user.email)).toEqual([]);
    expect(await mailsTo(ctx.db, member.user.email)).toEqual([]);

    const [line, ...otherLines] = await auditLines(ctx);
    expect(otherLines).toEqual([]);
    expect(line).toMatchObject({
      actor_id: null,
      actor_name: SERVER_ACTOR_NAME,
      action: 'signup.autoApproval',
      target_id: null,
      created_at: ctx.clock.now().toISOString(),
    });
    expect(JSON.parse(line?.details ?? '{}')).toMatchObject({ before: 'open', after: 'approval' });

    // Switched once: the next hour's check finds approval and leaves it.
    ctx.clock.advance(60 * MINUTE_MS);
    expect((await runCheck(ctx)).outcome).toBe('notOpen');
    expect(await auditLines(ctx)).toHaveLength(1);
    expect(await mailsTo(ctx.db, admin.user.email)).toHaveLength(1);
  });

  it('a fresh install with no staff at all switches only 7 days after open began', async () => {
    await signupModeSet(ctx, 'open', 0);
    await buildUser(ctx);

    ctx.clock.advance(7 * DAY_MS - MINUTE_MS);
    expect((await runCheck(ctx)).outcome).toBe('tooSoon');
    expect(await signupMode(ctx)).toBe('open');

    ctx.clock.advance(MINUTE_MS);
    expect(await runCheck(ctx)).toEqual({ outcome: 'switched', adminsMailed: 0 });
    expect(await signupMode(ctx)).toBe('approval');
    expect(await auditLines(ctx)).toHaveLength(1);
  });

  it('an admin who chose open again counts anew from then, even with no staff active', async () => {
    // Staff silent for months, but open was chosen 3 days ago.
    await buildUser(ctx, { role: 'admin', last_active_at: new Date(0).toISOString() });
    await signupModeSet(ctx, 'open', 3);
    expect((await runCheck(ctx)).outcome).toBe('tooSoon');
    ctx.clock.advance(4 * DAY_MS);
    expect((await runCheck(ctx)).outcome).toBe('switched');
  });

  it('with 0 days (SIGNUP_AUTO_APPROVAL_DAYS=0) it never switches', async () => {
    await signupModeSet(ctx, 'open', 3650);
    const report = await checkStaffActivity({
      db: ctx.db,
      clock: ctx.clock,
      mail: createMailQueue(ctx.clock, () => {}),
      days: 0,
      appUrl: ctx.config.appUrl,
    });
    expect(report.outcome).toBe('off');
    expect(await signupMode(ctx)).toBe('open');
    expect(await auditLines(ctx)).toEqual([]);
  });

  it('approval, invite and closed are never changed', async () => {
    await buildUser(ctx, { role: 'admin' });
    for (const mode of SIGNUP_MODES.filter((m) => m !== 'open')) {
      await signupModeSet(ctx, mode, 365);
      expect((await runCheck(ctx)).outcome).toBe('notOpen');
      expect(await signupMode(ctx)).toBe(mode);
    }
    expect(await auditLines(ctx)).toEqual([]);
  });

  it('checks at once (several processes) switch once: one audit line, one mail per admin', async () => {
    const admin = await buildUser(ctx, { role: 'admin' });
    // A few rounds: the checks' timing varies from one to the next.
    for (let round = 1; round <= 5; round++) {
      await signupModeSet(ctx, 'open', 30);
      const reports = await Promise.all([runCheck(ctx), runCheck(ctx), runCheck(ctx)]);
      expect(reports.filter((r) => r.outcome === 'switched')).toHaveLength(1);
      expect(await signupMode(ctx)).toBe('approval');
      expect(await auditLines(ctx)).toHaveLength(round);
      expect(await mailsTo(ctx.db, admin.user.email)).toHaveLength(round);
      ctx.clock.advance(MINUTE_MS);
    }
  });
});

describe("a moderator's or admin's requests are noted", () => {
  const ctx = useTestApp();

  it('a staff request sets last_active_at; another a minute later writes nothing; 5 minutes on it writes again; members are never noted', async () => {
    const moderator = await buildUser(ctx, { role: 'moderator' });
    const admin = await buildUser(ctx, { role: 'admin' });
    const member = await buildUser(ctx);
    const first = ctx.clock.now().toISOString();

    await anyRequest(ctx, moderator.token);
    expect(await lastActiveAt(ctx, moderator.user.id)).toBe(first);

    ctx.clock.advance(MINUTE_MS);
    const statements = await ctx.database.statementsOf(() => anyRequest(ctx, moderator.token));
    // The member's row is left alone (the session's own activity, once a minute, is another row).
    expect(statements.filter((s) => /^\s*update\s+"users"/i.test(s.sql))).toEqual([]);
    expect(await lastActiveAt(ctx, moderator.user.id)).toBe(first);

    ctx.clock.advance(5 * MINUTE_MS);
    await anyRequest(ctx, moderator.token);
    expect(await lastActiveAt(ctx, moderator.user.id)).toBe(ctx.clock.now().toISOString());

    await anyRequest(ctx, admin.token);
    expect(await lastActiveAt(ctx, admin.user.id)).toBe(ctx.clock.now().toISOString());

    await anyRequest(ctx, member.token);
    expect(await lastActiveAt(ctx, member.user.id)).toBeNull();
  });
});

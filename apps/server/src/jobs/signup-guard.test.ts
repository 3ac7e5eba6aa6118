import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { SignupMode } from '@hearth/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { type App, buildApp } from '../app.js';
import {
  defaultCommunitySettings,
  readCommunitySettings,
  writeCommunitySettings,
} from '../modules/community/settings-repo.js';
import { buildUser } from '../test-support/factories.js';
import { mailsTo } from '../test-support/mail.js';
import { type TestContext, testConfig, useTestApp } from '../test-support/test-app.js';

const HOUR_MS = 60 * 60_000;
const DAY_MS = 24 * HOUR_MS;

/** `open` chosen `daysAgo` days ago. */
async function openSince(ctx: TestContext, daysAgo: number): Promise<void> {
  const now = ctx.clock.now();
  const since = new Date(now.getTime() - daysAgo * DAY_MS).toISOString();
  await writeCommunitySettings(ctx.db, defaultCommunitySettings(since), now.toISOString());
}

async function signupMode(ctx: TestContext): Promise<SignupMode> {
  return (await readCommunitySettings(ctx.db, ctx.clock.now().toISOString())).signupMode;
}

async function autoApprovalLines(ctx: TestContext): Promise<number> {
  const rows = await ctx.db
    .selectFrom('audit_log')
    .select('id')
    .where('action', '=', 'signup.autoApproval')
    .execute();
  return rows.length;
}

describe('the sign-up guard job', () => {
  const ctx = useTestApp();
  let other: App | undefined;
  afterEach(async () => {
    await other?.close();
    other = undefined;
  });

  it('runs once per hour across processes: two servers on one database check once and switch once', async () => {
    await openSince(ctx, 30);
    const admin = await buildUser(ctx, { role: 'admin' });
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'hearth-test-data-'));
    other = await buildApp({ config: testConfig({ dataDir }), db: ctx.db, clock: ctx.clock });
    other.addHook('onClose', () => rm(dataDir, { recursive: true, force: true }));
    await other.ready();
    const apps = [ctx.app, other];
    let runs = 0;
    for (const app of apps) app.signupGuard.observeRuns('signup_guard', () => (runs += 1));

    await Promise.all(apps.map((app) => app.signupGuard.kick()));
    expect(runs).toBe(1);
    expect(await signupMode(ctx)).toBe('approval');
    expect(await autoApprovalLines(ctx)).toBe(1);
    expect(await mailsTo(ctx.db, admin.user.email)).toHaveLength(1);

    // Within the hour nobody checks again; the next hour one does, and leaves approval alone.
    await Promise.all(apps.map((app) => app.signupGuard.kick()));
    expect(runs).toBe(1);
    ctx.clock.advance(HOUR_MS);
    await Promise.all(apps.map((app) => app.signupGuard.kick()));
    expect(runs).toBe(2);
    expect(await signupMode(ctx)).toBe('approval');
    expect(await autoApprovalLines(ctx)).toBe(1);
  });

  it('on SIGNUP_AUTO_APPROVAL_DAYS days (7 by default), counted on the clock', async () => {
    await openSince(ctx, 6);
    await ctx.app.signupGuard.kick();
    expect(await signupMode(ctx)).toBe('open');
    ctx.clock.advance(DAY_MS);
    await ctx.app.signupGuard.kick();
    expect(await signupMode(ctx)).toBe('approval');
  });
});

describe('the sign-up guard job with SIGNUP_AUTO_APPROVAL_DAYS=0', () => {
  const ctx = useTestApp({ config: { signupAutoApprovalDays: 0 } });

  it('never switches open sign-up, however long the staff is away', async () => {
    await openSince(ctx, 3650);
    await buildUser(ctx, { role: 'admin', last_active_at: new Date(0).toISOString() });
    await ctx.app.signupGuard.kick();
    expect(await signupMode(ctx)).toBe('open');
    expect(await autoApprovalLines(ctx)).toBe(0);
  });
});

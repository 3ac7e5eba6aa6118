import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { TRASH_RETENTION_DAYS } from '@hearth/contract';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type App, buildApp } from '../app.js';
import { Leases } from '../infra/leases.js';
import { createMailQueue } from '../modules/mail/service.js';
import { buildPost, buildUser } from '../test-support/factories.js';
import { TestSmtpServer } from '../test-support/smtp-server.js';
import { type TestContext, testConfig, useTestApp } from '../test-support/test-app.js';

const HOUR_MS = 60 * 60_000;
const DAY_MS = 24 * HOUR_MS;

/** A second server process on the same database and clock: an app of its own (its own leases). */
async function secondApp(ctx: TestContext, overrides = {}): Promise<App> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'hearth-test-data-'));
  const app = await buildApp({
    config: testConfig({ dataDir, ...overrides }),
    db: ctx.db,
    clock: ctx.clock,
  });
  app.addHook('onClose', () => rm(dataDir, { recursive: true, force: true }));
  await app.ready();
  return app;
}

/** How many scheduled runs of `job` each app made, as the metrics hear of them. */
function countRuns(apps: App[], job: 'purges' | 'imageVariants'): () => number {
  let runs = 0;
  for (const app of apps) app[job].observeRuns(job, () => (runs += 1));
  return () => runs;
}

async function rowCount(ctx: TestContext, table: 'posts'): Promise<number> {
  const row = await ctx.db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

describe('scheduled jobs share one lease per period across processes', () => {
  const ctx = useTestApp();
  let other: App | undefined;
  afterEach(async () => {
    await other?.close();
    other = undefined;
  });

  it("a period's purge runs on one app only; the next period runs again", async () => {
    other = await secondApp(ctx);
    const apps = [ctx.app, other];
    const runs = countRuns(apps, 'purges');
    await Promise.all(apps.map((app) => app.purges.kick()));
    expect(runs()).toBe(1);
    await Promise.all(apps.map((app) => app.purges.kick()));
    expect(runs()).toBe(1);
    ctx.clock.advance(HOUR_MS - 1000);
    await Promise.all(apps.map((app) => app.purges.kick()));
    expect(runs()).toBe(1);
    ctx.clock.advance(1000);
    await Promise.all(apps.map((app) => app.purges.kick()));
    expect(runs()).toBe(2);
  });

  it('the image-variants backfill is leased the same way', async () => {
    other = await secondApp(ctx);
    const apps = [ctx.app, other];
    const runs = countRuns(apps, 'imageVariants');
    await Promise.all(apps.map((app) => app.imageVariants.kick()));
    await Promise.all(apps.map((app) => app.imageVariants.kick()));
    expect(runs()).toBe(1);
    ctx.clock.advance(HOUR_MS);
    await Promise.all(apps.map((app) => app.imageVariants.kick()));
    expect(runs()).toBe(2);
  });

  it('a lease left by a holder that died is taken over once its time is up', async () => {
    const now = ctx.clock.now();
    await ctx.db
      .insertInto('job_leases')
      .values({
        name: 'purges',
        holder: 'gone-host:4242:dead',
        held_until: new Date(now.getTime() + 10 * 60_000).toISOString(),
        started_at: now.toISOString(),
      })
      .execute();
    const runs = countRuns([ctx.app], 'purges');
    await ctx.app.purges.kick();
    expect(runs()).toBe(0);
    ctx.clock.advance(10 * 60_000);
    await ctx.app.purges.kick();
    expect(runs()).toBe(1);
    const row = await ctx.db
      .selectFrom('job_leases')
      .selectAll()
      .where('name', '=', 'purges')
      .executeTakeFirstOrThrow();
    expect(row.holder).not.toBe('gone-host:4242:dead');
  });

  it('of many takers at once, exactly one wins', async () => {
    const takers = Array.from({ length: 8 }, () => new Leases(ctx.db, ctx.clock));
    const won = await Promise.all(takers.map((leases) => leases.take('contested', HOUR_MS)));
    expect(won.filter(Boolean)).toHaveLength(1);
  });

  it('the orphan sweep runs once a day across apps', async () => {
    other = await secondApp(ctx);
    const first = await ctx.app.purges.runOnce();
    const second = await other.purges.runOnce();
    const leases = await ctx.db
      .selectFrom('job_leases')
      .select(['name', 'held_until'])
      .where('name', '=', 'orphan-files')
      .execute();
    expect(leases).toHaveLength(1);
    expect(new Date(leases[0]!.held_until).getTime()).toBe(ctx.clock.now().getTime() + DAY_MS);
    expect([first.orphanFiles, second.orphanFiles]).toEqual([0, 0]);
  });

  it('purges on every app pause while a backup holds its lease, and resume after', async () => {
    other = await secondApp(ctx);
    const ada = await buildUser(ctx);
    await buildPost(ctx, ada, { deletedAt: ctx.clock.now().toISOString() });
    await buildPost(ctx, ada, { deletedAt: ctx.clock.now().toISOString() });
    ctx.clock.advance((TRASH_RETENTION_DAYS + 1) * DAY_MS);

    const backup = new Leases(ctx.db, ctx.clock);
    const release = await backup.holdBackup();
    expect(await ctx.app.purges.runOnce()).toMatchObject({ posts: 0 });
    expect(await other.purges.runOnce()).toMatchObject({ posts: 0 });
    expect(await rowCount(ctx, 'posts')).toBe(2);
    await release();
    const reports = [await ctx.app.purges.runOnce(), await other.purges.runOnce()];
    expect(reports[0]!.posts + reports[1]!.posts).toBe(2);
    expect(await rowCount(ctx, 'posts')).toBe(0);
  });

  it('the lease of a backup that died expires: purges resume after its two minutes', async () => {
    const ada = await buildUser(ctx);
    await buildPost(ctx, ada, { deletedAt: ctx.clock.now().toISOString() });
    ctx.clock.advance((TRASH_RETENTION_DAYS + 1) * DAY_MS);
    const now = ctx.clock.now();
    await ctx.db
      .insertInto('job_leases')
      .values({
        name: 'backup:gone-host:4242:dead',
        holder: 'gone-host:4242:dead',
        held_until: new Date(now.getTime() + 2 * 60_000).toISOString(),
        started_at: now.toISOString(),
      })
      .execute();
    expect(await ctx.app.purges.runOnce()).toMatchObject({ posts: 0 });
    ctx.clock.advance(2 * 60_000);
    expect(await ctx.app.purges.runOnce()).toMatchObject({ posts: 1 });
    // The next backup clears the dead one's row.
    const release = await new Leases(ctx.db, ctx.clock).holdBackup();
    await release();
    expect(await ctx.db.selectFrom('job_leases').select('name').execute()).not.toContainEqual({
      name: 'backup:gone-host:4242:dead',
    });
  });
});

describe('mail delivery from two apps over one real SMTP server', () => {
  const smtp = new TestSmtpServer();
  beforeAll(() => smtp.start());
  afterAll(() => smtp.stop());
  const ctx = useTestApp({ config: () => ({ smtpUrl: smtp.url }) });

  it('every mail is delivered exactly once', async () => {
    const other = await secondApp(ctx, { smtpUrl: smtp.url });
    try {
      const apps = [ctx.app, other];
      const count = 40;
      const recipients = Array.from(
        { length: count },
        (_, i) => `once-${i}-${ctx.clock.now().getTime()}@example.test`,
      );
      // Each app queues half and is told to deliver at once, as a sign-up on it would.
      await Promise.all(
        recipients.map(async (to, i) => {
          const app = apps[i % 2]!;
          const queue = createMailQueue(ctx.clock, () => app.mailDelivery.kick());
          await queue.enqueue(ctx.db, { to, subject: `Mail ${i}`, text: 't', html: '<p>h</p>' });
        }),
      );
      for (const app of apps) app.mailDelivery.kick();
      await Promise.all(apps.map((app) => app.mailDelivery.idle()));
      for (const app of apps) app.mailDelivery.kick();
      await Promise.all(apps.map((app) => app.mailDelivery.idle()));

      for (const to of recipients) expect(smtp.mailsTo(to)).toHaveLength(1);
      const pending = await ctx.db
        .selectFrom('mail_outbox')
        .select('id')
        .where('status', '!=', 'sent')
        .execute();
      expect(pending).toEqual([]);
    } finally {
      await other.close();
    }
  });
});

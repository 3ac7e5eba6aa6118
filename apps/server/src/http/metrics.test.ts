import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { PeriodicJob } from '../jobs/periodic-job.js';
import { createMailQueue } from '../modules/mail/service.js';
import { buildPost, buildUser } from '../test-support/factories.js';
import { LiveClient, listenForLive } from '../test-support/live-client.js';
import { savePost } from '../test-support/posts-api.js';
import { useTestApp } from '../test-support/test-app.js';
import { createMetrics } from './metrics.js';

const TOKEN = 'metrics-token-for-tests-0123456789';

async function scrape(ctx: ReturnType<typeof useTestApp>, authorization?: string) {
  return ctx.app.inject({
    method: 'GET',
    url: '/metrics',
    headers: authorization === undefined ? {} : { authorization },
  });
}

describe('GET /metrics without METRICS_TOKEN', () => {
  const ctx = useTestApp();

  it('does not exist', async () => {
    const res = await scrape(ctx, `Bearer ${TOKEN}`);
    expect(res.statusCode).toBe(404);
  });
});

describe('GET /metrics with METRICS_TOKEN', () => {
  const ctx = useTestApp({ config: { metricsToken: TOKEN } });

  it('refuses a missing or wrong bearer with 401 and a message', async () => {
    for (const authorization of [undefined, 'Bearer wrong', `Bearer ${TOKEN}x`, TOKEN]) {
      const res = await scrape(ctx, authorization);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ message: expect.any(String) });
    }
  });

  it('answers Prometheus text: request durations by route pattern, event-loop lag', async () => {
    const { token } = await buildUser(ctx);
    const feed = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/posts?limit=5',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(feed.statusCode).toBe(200);
    const missing = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/no/such/call/unlisted-path-xq',
    });
    expect(missing.statusCode).toBe(404);

    const res = await scrape(ctx, `Bearer ${TOKEN}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    expect(res.body).toMatch(
      /hearth_http_request_duration_seconds_count\{route="\/api\/v1\/posts",method="GET",status_code="200"\} 1/,
    );
    expect(res.body).toMatch(
      /hearth_http_request_duration_seconds_count\{route="unmatched",method="GET",status_code="404"\} 1/,
    );
    // A path the table does not know never becomes a label (a word no metric holds: a number
    // such as 12345 could turn up in a float's digits, as it once did in a histogram's sum).
    expect(res.body).not.toContain('unlisted-path-xq');
    expect(res.body).toMatch(/^nodejs_eventloop_lag_seconds /m);
  });

  it('counts the first feed pages served from memory', async () => {
    const ada = await buildUser(ctx);
    const { token } = ada;
    // An empty feed is kept by no one: a post to show.
    const post = await buildPost(ctx, ada);
    const read = async () => {
      const feed = await ctx.app.inject({
        method: 'GET',
        url: '/api/v1/posts?limit=5',
        headers: { authorization: `Bearer ${token}` },
      });
      expect(feed.statusCode).toBe(200);
    };
    const figures = async () => {
      const body = (await scrape(ctx, `Bearer ${TOKEN}`)).body;
      const value = (name: string) => Number(new RegExp(`^${name} (\\d+)$`, 'm').exec(body)?.[1]);
      return {
        hits: value('hearth_feed_cache_hits_total'),
        misses: value('hearth_feed_cache_misses_total'),
        members: value('hearth_feed_cache_members'),
        stateHits: value('hearth_feed_cache_state_hits_total'),
        stateMisses: value('hearth_feed_cache_state_misses_total'),
      };
    };
    const before = await figures();
    // Ids, card and her state read; all kept; saved: her state read again.
    await read();
    await read();
    expect((await savePost(ctx.app, token, post.id)).statusCode).toBe(200);
    await read();
    const after = await figures();
    expect(after.misses - before.misses).toBe(1);
    expect(after.hits - before.hits).toBe(2);
    expect(after.stateMisses - before.stateMisses).toBe(1);
    expect(after.stateHits - before.stateHits).toBe(1);
    expect(after.members).toBeGreaterThanOrEqual(1);
  });

  it('times the database statements requests make', async () => {
    const count = async () => {
      const res = await scrape(ctx, `Bearer ${TOKEN}`);
      const match = /^hearth_db_statement_duration_seconds_count (\d+)$/m.exec(res.body);
      return Number(match?.[1]);
    };
    const { token } = await buildUser(ctx);
    const before = await count();
    const feed = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/posts?limit=5',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(feed.statusCode).toBe(200);
    // The member's lookup and the feed's page at least; the scrape's own outbox query too.
    expect((await count()) - before).toBeGreaterThanOrEqual(3);
  });

  it('reports the mail outbox depth and the age of its oldest mail', async () => {
    const before = await scrape(ctx, `Bearer ${TOKEN}`);
    expect(before.body).toMatch(/^hearth_mail_outbox_pending 0$/m);
    const queue = createMailQueue(ctx.clock, () => {});
    await queue.enqueue(ctx.db, {
      to: 'ada@example.org',
      subject: 'Hi',
      text: 'Hi',
      html: '<p>Hi</p>',
    });
    ctx.clock.advance(90_000);
    const after = await scrape(ctx, `Bearer ${TOKEN}`);
    expect(after.body).toMatch(/^hearth_mail_outbox_pending 1$/m);
    expect(after.body).toMatch(/^hearth_mail_outbox_oldest_age_seconds 90$/m);
  });

  it('counts job runs by job', async () => {
    ctx.app.purges.kick();
    await ctx.app.purges.stop();
    const res = await scrape(ctx, `Bearer ${TOKEN}`);
    expect(res.body).toMatch(/^hearth_job_runs_total\{job="purges"\} 1$/m);
    expect(res.body).toMatch(/^hearth_job_failures_total\{job="purges"\} 0$/m);
    ctx.app.mailDelivery.kick();
    await ctx.app.mailDelivery.idle();
    const after = await scrape(ctx, `Bearer ${TOKEN}`);
    expect(after.body).toMatch(/^hearth_job_runs_total\{job="mail_delivery"\} 1$/m);
  });

  it('reports the live sockets open on this process', async () => {
    const { token } = await buildUser(ctx);
    const client = await LiveClient.ready(await listenForLive(ctx.app), token);
    const res = await scrape(ctx, `Bearer ${TOKEN}`);
    expect(res.body).toMatch(/^hearth_live_sockets 1$/m);
    client.ws.close();
  });
});

describe('job failures', () => {
  class FailingJob extends PeriodicJob<object> {
    async runOnce(): Promise<object> {
      throw new Error('the storage is gone');
    }
    protected worthLogging(): boolean {
      return false;
    }
  }

  it('counts a failed run under its job', async () => {
    const metrics = createMetrics({
      mailBacklog: async () => ({ pending: 0, oldestCreatedAt: null }),
      openSockets: () => 0,
      cardCache: () => ({ hits: 0, misses: 0, invalidations: 0, cards: 0, bytes: 0 }),
      feedHeads: () => ({ hits: 0, misses: 0, stale: 0, stateHits: 0, stateMisses: 0, members: 0 }),
      now: () => new Date(),
    });
    const job = new FailingJob(pino({ level: 'silent' }), { done: 'done', failed: 'failed' });
    job.observeRuns('purges', metrics.jobRuns);
    job.kick();
    await job.stop();
    const text = await metrics.registry.metrics();
    expect(text).toMatch(/^hearth_job_runs_total\{job="purges"\} 1$/m);
    expect(text).toMatch(/^hearth_job_failures_total\{job="purges"\} 1$/m);
  });
});

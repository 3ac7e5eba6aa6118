import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type {
  KyselyPlugin,
  PluginTransformQueryArgs,
  PluginTransformResultArgs,
  QueryId,
} from 'kysely';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { JobRunObserver } from '../jobs/periodic-job.js';
import type { CardCacheStats } from '../modules/posts/card-cache.js';
import type { FeedHeadCacheStats } from '../modules/posts/feed-head-cache.js';

/** What the scrape reads at that moment. */
export interface MetricsSources {
  /** Pending mail and when the oldest was queued (ISO), from one query. */
  mailBacklog(): Promise<{ pending: number; oldestCreatedAt: string | null }>;
  /** Live sockets open on this process. */
  openSockets(): number;
  /** The post-card cache of this process: counts since start, and what it holds now. */
  cardCache(): CardCacheStats;
  /** The members' kept first feed pages in this process: counts since start, members held. */
  feedHeads(): FeedHeadCacheStats;
  now(): Date;
}

/** The label of a request no route matched: never the raw URL (unbounded label values). */
export const UNMATCHED_ROUTE = 'unmatched';

/**
 * Prometheus metrics of this app, in a registry of its own (several apps in one process do not
 * collide): request durations by route pattern, Node's defaults (event-loop lag among them), the
 * mail outbox, job runs and live sockets. `jobRuns` is handed to the periodic jobs.
 */
export interface Metrics {
  registry: Registry;
  durations: Histogram;
  jobRuns: JobRunObserver;
  /**
   * Times every statement of the database it is plugged into (`db.withPlugin`): from the moment
   * it is built until its rows are back, so a wait for a pooled connection (PostgreSQL) or for
   * SQLite's write lock counts. A statement that fails is not timed.
   */
  databaseTiming: KyselyPlugin;
}

export function createMetrics(sources: MetricsSources): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const durations = new Histogram({
    name: 'hearth_http_request_duration_seconds',
    help: 'HTTP request durations by route pattern, method and status code',
    labelNames: ['route', 'method', 'status_code'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const runs = new Counter({
    name: 'hearth_job_runs_total',
    help: 'Periodic job runs, by job',
    labelNames: ['job'],
    registers: [registry],
  });
  const failures = new Counter({
    name: 'hearth_job_failures_total',
    help: 'Periodic job runs that failed, by job',
    labelNames: ['job'],
    registers: [registry],
  });
  new Gauge({
    name: 'hearth_live_sockets',
    help: 'Live-update sockets open on this process',
    registers: [registry],
    collect() {
      this.set(sources.openSockets());
    },
  });
  cardCacheMetrics(registry, sources);
  feedHeadMetrics(registry, sources);
  // One query feeds both gauges: the first collect of a scrape runs it, the second reuses it.
  let backlog: ReturnType<MetricsSources['mailBacklog']> | undefined;
  const readBacklog = () => {
    const current = backlog ?? sources.mailBacklog();
    backlog = backlog ? undefined : current;
    return current;
  };
  new Gauge({
    name: 'hearth_mail_outbox_pending',
    help: 'Mail queued and not yet delivered',
    registers: [registry],
    async collect() {
      this.set((await readBacklog()).pending);
    },
  });
  new Gauge({
    name: 'hearth_mail_outbox_oldest_age_seconds',
    help: 'Age of the oldest undelivered mail in seconds (0 when none)',
    registers: [registry],
    async collect() {
      const { oldestCreatedAt } = await readBacklog();
      const ms = oldestCreatedAt ? sources.now().getTime() - Date.parse(oldestCreatedAt) : 0;
      this.set(Math.max(0, ms / 1000));
    },
  });
  const statements = new Histogram({
    name: 'hearth_db_statement_duration_seconds',
    help: 'Database statements from build to rows, waits for a connection or lock included',
    buckets: [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
    registers: [registry],
  });
  // Keyed by Kysely's own query id objects: a statement that fails never comes back, and its
  // entry goes with the id.
  const started = new WeakMap<QueryId, number>();
  const databaseTiming: KyselyPlugin = {
    transformQuery({ node, queryId }: PluginTransformQueryArgs) {
      started.set(queryId, performance.now());
      return node;
    },
    async transformResult({ result, queryId }: PluginTransformResultArgs) {
      const start = started.get(queryId);
      if (start !== undefined) statements.observe((performance.now() - start) / 1000);
      return result;
    },
  };
  return {
    registry,
    durations,
    databaseTiming,
    jobRuns: (job, outcome) => {
      runs.inc({ job });
      failures.inc({ job }, outcome === 'failed' ? 1 : 0);
    },
  };
}

/** Counters that follow counts kept since start by a cache (read at scrape time). */
function countersOf<Stats>(
  registry: Registry,
  prefix: string,
  read: () => Stats,
  counted: ReadonlyArray<readonly [keyof Stats & string, string]>,
): void {
  for (const [field, help] of counted) {
    let reported = 0;
    new Counter({
      // camelCase fields become snake_case names, as Prometheus names go.
      name: `${prefix}_${field.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`)}_total`,
      help,
      registers: [registry],
      collect() {
        const now = Number(read()[field]);
        this.inc(Math.max(0, now - reported));
        reported = now;
      },
    });
  }
}

/** The card cache's counts (counters, read from the cache at scrape time) and size (gauges). */
function cardCacheMetrics(registry: Registry, sources: MetricsSources): void {
  countersOf(registry, 'hearth_card_cache', sources.cardCache, [
    ['hits', 'Post cards served from the card cache'],
    ['misses', 'Post cards the card cache lacked (built from the database)'],
    ['invalidations', 'Post cards (or members, or the whole card cache) dropped as changed'],
  ]);
  new Gauge({
    name: 'hearth_card_cache_cards',
    help: 'Post cards held in the card cache',
    registers: [registry],
    collect() {
      this.set(sources.cardCache().cards);
    },
  });
  new Gauge({
    name: 'hearth_card_cache_bytes',
    help: 'What the card cache holds, in bytes as CARD_CACHE_MB counts them',
    registers: [registry],
    collect() {
      this.set(sources.cardCache().bytes);
    },
  });
}

/** The members' kept first feed pages: counts (counters) and members held (a gauge). */
function feedHeadMetrics(registry: Registry, sources: MetricsSources): void {
  countersOf(registry, 'hearth_feed_cache', sources.feedHeads, [
    ['hits', 'First feed pages served from a member’s kept ids'],
    ['misses', 'First feed pages read from the database (no kept ids, too few, or stale)'],
    ['stale', 'Kept first pages refused because an event changed them'],
    ['stateHits', 'Pages whose viewer’s reactions, saves and switches were kept'],
    ['stateMisses', 'Pages of kept cards whose viewer’s state was read from the database'],
  ]);
  new Gauge({
    name: 'hearth_feed_cache_members',
    help: 'Members whose first feed page this process keeps',
    registers: [registry],
    collect() {
      this.set(sources.feedHeads().members);
    },
  });
}

/**
 * Times every request (onResponse) and serves `GET /metrics` with the bearer token; without a
 * token the route does not exist (404), a wrong or missing bearer answers 401.
 */
export function registerMetrics(
  app: FastifyInstance,
  { registry, durations }: Metrics,
  token: string | undefined,
): void {
  app.addHook('onResponse', async (request, reply) => {
    const route = request.is404 ? undefined : request.routeOptions.url;
    durations.observe(
      {
        route: route ?? UNMATCHED_ROUTE,
        method: request.method,
        status_code: String(reply.statusCode),
      },
      reply.elapsedTime / 1000,
    );
  });
  if (!token) return;
  const expected = Buffer.from(`Bearer ${token}`);
  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    const given = Buffer.from(request.headers.authorization ?? '');
    const ok = given.length === expected.length && timingSafeEqual(given, expected);
    if (!ok) return reply.code(401).send({ message: 'A valid metrics token is required.' });
    const text = await registry.metrics();
    return reply.type(registry.contentType).send(text);
  });
}

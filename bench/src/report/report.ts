import type { EngineRunResult } from '../run/engine-run.js';
import type { PartFailure } from '../run/resilience.js';
import type { SqlCount } from '../run/sql-count.js';
import type { LighthouseCell } from '../web/lighthouse.js';
import type { PageWeight } from '../web/page-weight.js';

export interface GrowthRow {
  engine: string;
  scenario: string;
  /** The larger network compared with small (medium or large); `medium*` fields are its. */
  size: string;
  smallP50: number;
  mediumP50: number;
  ratio: number;
  /** The ceiling's req/s at each size, measured beside: how steady the machine was. */
  smallCeiling: number | undefined;
  mediumCeiling: number | undefined;
}

export interface Target {
  name: string;
  target: string;
  measured: string;
  /** undefined: not measured in this run. */
  met: boolean | undefined;
  /** The part that measures it failed in this run. */
  failed?: boolean;
}

export interface BenchReport {
  startedAt: string;
  seconds: number;
  machine: {
    cpus: number;
    model: string;
    loadAverageAtStart: number[];
    loadAverageAtEnd: number[];
    node: string;
  };
  options: Record<string, unknown>;
  seeding: Array<{ engine: string; size: string; seededSeconds: number; fromCache: boolean }>;
  runs: EngineRunResult[];
  growth: GrowthRow[];
  sqlPerRequest: Array<{ engine: string; counts: SqlCount[] }>;
  pageWeight?: PageWeight;
  lighthouse?: LighthouseCell[];
  /** Where Lighthouse ran and how. */
  lighthouseNote?: string;
  targets: Target[];
  /** Parts of the run that failed; the run went on without them. */
  failures: PartFailure[];
}

const TARGET_P99_MS = 25;
const TARGET_CEILING_SHARE = 0.2;
const POSTGRES_SLACK = 2;
const GROWTH_MAX = 1.5;
const MIXED_CEILING_SHARE = 0.15;
/** The feed's p99 just after a start may be at most this multiple of its warm p99. */
const COLD_P99_MAX_RATIO = 2;
const LARGE_MEMORY_MAX_MB = 512;
const FEED_SQL_MAX = 6;
const JS_BEFORE_RENDER_MAX_BYTES: Record<string, number> = {
  '/': 150 * 1024,
  '/login': 100 * 1024,
};
const FIRST_SCREEN_IMAGES_MAX_BYTES = 300 * 1024;
const COMPRESSION_CPU_MAX_MS = 0.3;
/** The live-network issue: idle live sockets may cost the feed at most this share of its throughput. */
const IDLE_SOCKETS_DROP_MAX_PERCENT = 10;
const LIGHTHOUSE_MIN: Record<string, number> = { mobile: 90, desktop: 95 };
const LCP_MAX_MS = 2500;
const CLS_MAX = 0.02;

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

function resultOf(report: BenchReport, engine: string, size: string, scenario: string) {
  const run = report.runs.find((r) => r.engine === engine && r.size === size);
  return run?.results.find((r) => r.scenario === scenario);
}

/** Throughput as a share of the same run's health-check ceiling. */
export function ceilingShare(run: EngineRunResult, rps: number): number | undefined {
  const ceiling = run.results.find((r) => r.scenario === 'health');
  return ceiling ? rps / ceiling.rps : undefined;
}

export function growthRows(runs: EngineRunResult[]): GrowthRow[] {
  const rows: GrowthRow[] = [];
  for (const engine of ['sqlite', 'postgres']) {
    const find = (size: string, name: string) =>
      runs
        .find((r) => r.engine === engine && r.size === size)
        ?.results.find((r) => r.scenario === name);
    for (const size of ['medium', 'large']) {
      for (const scenario of ['feed', 'search']) {
        const small = find('small', scenario);
        const larger = find(size, scenario);
        if (small && larger) {
          rows.push({
            engine,
            scenario,
            size,
            smallP50: small.latencyMs.p50,
            mediumP50: larger.latencyMs.p50,
            ratio: larger.latencyMs.p50 / Math.max(small.latencyMs.p50, 1),
            smallCeiling: find('small', 'health')?.rps,
            mediumCeiling: find(size, 'health')?.rps,
          });
        }
      }
    }
  }
  return rows;
}

/** The issue's targets, each met, missed, or not measured by this run. */
export function evaluateTargets(report: BenchReport): Target[] {
  const targets: Target[] = [];
  for (const engine of ['sqlite', 'postgres']) {
    const slack = engine === 'postgres' ? POSTGRES_SLACK : 1;
    const label = engine === 'postgres' ? 'PostgreSQL' : 'SQLite';
    const run = report.runs.find((r) => r.engine === engine && r.size === 'medium');
    const feed = resultOf(report, engine, 'medium', 'feed');
    targets.push({
      name: `${label} medium: feed p99 at 16 connections`,
      target: `≤ ${TARGET_P99_MS * slack} ms`,
      measured: feed ? `${feed.latencyMs.p99} ms` : 'not run',
      met: feed ? feed.latencyMs.p99 <= TARGET_P99_MS * slack : undefined,
    });
    const share = feed && run ? ceilingShare(run, feed.rps) : undefined;
    targets.push({
      name: `${label} medium: feed throughput / ceiling`,
      target: `≥ ${Math.round((TARGET_CEILING_SHARE / slack) * 100)} %`,
      measured: share === undefined ? 'not run' : `${(share * 100).toFixed(1)} %`,
      met: share === undefined ? undefined : share >= TARGET_CEILING_SHARE / slack,
    });
    for (const write of ['react', 'comment', 'message']) {
      const result = resultOf(report, engine, 'medium', write);
      targets.push({
        name: `${label} medium: ${write} p99 at 16 connections`,
        target: `≤ ${TARGET_P99_MS * slack} ms`,
        measured: result ? `${result.latencyMs.p99} ms` : 'not run',
        met: result ? result.latencyMs.p99 <= TARGET_P99_MS * slack : undefined,
      });
    }
  }
  const mixed = resultOf(report, 'sqlite', 'medium', 'mixed');
  const mixedRun = report.runs.find((r) => r.engine === 'sqlite' && r.size === 'medium');
  const mixedShare = mixed && mixedRun ? ceilingShare(mixedRun, mixed.rps) : undefined;
  targets.push({
    name: 'SQLite medium: mixed 90/10 throughput / ceiling',
    target: `≥ ${MIXED_CEILING_SHARE * 100} %`,
    measured: mixedShare === undefined ? 'not run' : `${(mixedShare * 100).toFixed(1)} %`,
    met: mixedShare === undefined ? undefined : mixedShare >= MIXED_CEILING_SHARE,
  });
  // Right after a start: the load's feed run comes first after the ceiling, seconds after the
  // server is ready; the idle-socket rounds without sockets run the same feed minutes later.
  for (const run of report.runs) {
    const first = run.results.find((r) => r.scenario === 'feed');
    const later = run.idleSockets?.without;
    if (!first || !later) continue;
    const label = run.engine === 'postgres' ? 'PostgreSQL' : 'SQLite';
    targets.push({
      name: `${label} ${run.size}: feed p99 just after a start / warm`,
      target: `≤ ${COLD_P99_MAX_RATIO}`,
      measured: `${(first.latencyMs.p99 / Math.max(later.p99, 1)).toFixed(2)} (${first.latencyMs.p99} ms, warm ${later.p99} ms)`,
      met: first.latencyMs.p99 <= COLD_P99_MAX_RATIO * later.p99,
    });
  }
  for (const run of report.runs.filter((r) => r.size === 'large')) {
    const peak = Math.max(0, ...run.results.map((r) => r.serverPeakMb));
    targets.push({
      name: `${run.engine === 'postgres' ? 'PostgreSQL' : 'SQLite'} large: server memory`,
      target: `≤ ${LARGE_MEMORY_MAX_MB} MB`,
      measured: `${peak.toFixed(0)} MB`,
      met: peak <= LARGE_MEMORY_MAX_MB,
    });
  }
  for (const { engine, counts } of report.sqlPerRequest) {
    // Every viewer's feed: the demo member's, and a member's who blocked others when the seed has one.
    const feeds = counts.filter((c) => c.call.startsWith('feed'));
    if (feeds.length === 0) continue;
    const most = Math.max(...feeds.flatMap((feed) => Object.values(feed.statements)));
    targets.push({
      name: `${engine === 'postgres' ? 'PostgreSQL' : 'SQLite'}: SQL statements per feed page`,
      target: `constant, ≤ ${FEED_SQL_MAX}`,
      measured: feeds
        .map(
          (feed) =>
            `${Object.values(feed.statements).join(', ')}${feed.constant ? '' : ' (not constant)'}`,
        )
        .join('; '),
      met: feeds.every((feed) => feed.constant) && most <= FEED_SQL_MAX,
    });
  }
  const all = report.runs.flatMap((run) => run.results);
  const errors = all.reduce(
    (sum, r) => sum + r.errors.non2xx + r.errors.socket + r.errors.timeouts,
    0,
  );
  targets.push({
    name: 'errors in every scenario',
    target: '0',
    measured: all.length === 0 ? 'not run' : String(errors),
    met: all.length === 0 ? undefined : errors === 0,
  });
  for (const row of report.growth) {
    targets.push({
      name: `${row.engine === 'postgres' ? 'PostgreSQL' : 'SQLite'} ${row.scenario} p50 ${row.size} / small`,
      target: `≤ ${GROWTH_MAX}`,
      measured: `${row.ratio.toFixed(2)} (${row.smallP50} → ${row.mediumP50} ms)`,
      met: row.ratio <= GROWTH_MAX,
    });
  }
  /** A target with no figure: failed if the part measuring it (or the sign-in it needs) failed. */
  const notMeasured = (part: 'page weight' | 'lighthouse' | 'compression' | 'idle sockets') =>
    report.failures.some(
      (f) =>
        f.part === part ||
        ((part === 'compression' || part === 'idle sockets') && f.part.startsWith(`${part} `)) ||
        (part !== 'compression' && part !== 'idle sockets' && f.part.startsWith('sign in')),
    )
      ? { measured: 'failed', met: undefined, failed: true }
      : { measured: 'not run', met: undefined };

  // Each route in English and in every other language measured (the catalogue of one is lazy).
  const measuredLanguages = [
    ...new Set(['en', ...(report.pageWeight?.routes.map((r) => r.language) ?? [])]),
  ];
  for (const [route, language] of ['/', '/login'].flatMap((route) =>
    measuredLanguages.map((language) => [route, language] as const),
  )) {
    const max = JS_BEFORE_RENDER_MAX_BYTES[route]!;
    const weight = report.pageWeight?.routes.find(
      (r) => r.route === route && r.language === language,
    );
    targets.push({
      name: `JavaScript before first render, ${route} (transferred${language === 'en' ? '' : `, ${language}`})`,
      target: `≤ ${max / 1024} KB`,
      ...(weight
        ? {
            measured: kb(weight.jsBeforeRender.transferred),
            met: weight.jsBeforeRender.transferred <= max,
          }
        : notMeasured('page weight')),
    });
  }
  const images = report.pageWeight?.firstScreenImages;
  targets.push({
    name: 'images on the first screen of / at 375 px (transferred)',
    target: `≤ ${FIRST_SCREEN_IMAGES_MAX_BYTES / 1024} KB`,
    ...(images
      ? {
          measured: `${kb(images.total.transferred)} (${images.total.files} images)`,
          met: images.total.transferred <= FIRST_SCREEN_IMAGES_MAX_BYTES,
        }
      : notMeasured('page weight')),
  });

  const compressed = report.runs.find((r) => r.compression);
  const cost = compressed?.compression;
  targets.push({
    name: 'compression CPU per feed page (on − off)',
    target: `≤ ${COMPRESSION_CPU_MAX_MS} ms`,
    ...(cost && compressed
      ? {
          measured: `${cost.cpuMsPerRequestDelta.toFixed(2)} ms (${compressed.engine} ${compressed.size}, ${cost.encoding || 'not compressed'})`,
          met: cost.cpuMsPerRequestDelta <= COMPRESSION_CPU_MAX_MS,
        }
      : notMeasured('compression')),
  });

  const withSockets = report.runs.filter((r) => r.idleSockets);
  if (withSockets.length === 0) {
    targets.push({
      name: 'feed throughput lost to 1 000 idle live sockets',
      target: `≤ ${IDLE_SOCKETS_DROP_MAX_PERCENT} %`,
      ...notMeasured('idle sockets'),
    });
  }
  for (const run of withSockets) {
    const idle = run.idleSockets!;
    targets.push({
      name: `${run.engine === 'postgres' ? 'PostgreSQL' : 'SQLite'} ${run.size}: feed throughput lost to ${idle.sockets} idle live sockets`,
      target: `≤ ${IDLE_SOCKETS_DROP_MAX_PERCENT} %`,
      measured: `${idle.dropPercent.toFixed(1)} % (${Math.round(idle.without.rps)} → ${Math.round(idle.with.rps)} req/s)`,
      met: idle.dropPercent <= IDLE_SOCKETS_DROP_MAX_PERCENT && idle.with.errors === 0,
    });
  }

  for (const preset of ['mobile', 'desktop'] as const) {
    for (const route of ['/login', '/']) {
      const cell = report.lighthouse?.find((c) => c.preset === preset && c.route === route);
      const lh = cell?.result;
      const missing = cell?.error
        ? { measured: `failed: ${cell.error}`, met: undefined, failed: true }
        : notMeasured('lighthouse');
      const min = LIGHTHOUSE_MIN[preset]!;
      targets.push({
        name: `Lighthouse ${preset} performance ${route}`,
        target: `≥ ${min}`,
        ...(lh ? { measured: String(lh.performance), met: lh.performance >= min } : missing),
      });
      if (preset === 'mobile') {
        targets.push({
          name: `Lighthouse ${preset} LCP ${route}`,
          target: `≤ ${LCP_MAX_MS / 1000} s`,
          ...(lh
            ? { measured: `${(lh.lcpMs / 1000).toFixed(2)} s`, met: lh.lcpMs <= LCP_MAX_MS }
            : missing),
        });
      }
      targets.push({
        name: `Lighthouse ${preset} CLS ${route}`,
        target: `≤ ${CLS_MAX}`,
        ...(lh ? { measured: lh.cls.toFixed(3), met: lh.cls <= CLS_MAX } : missing),
      });
    }
  }
  targets.push({
    name: 'every part of the run completed',
    target: '0 failed',
    measured: `${report.failures.length} failed`,
    met: report.failures.length === 0,
  });
  return targets;
}

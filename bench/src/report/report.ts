import type { EngineRunResult } from '../run/engine-run.js';
import type { SqlCount } from '../run/sql-count.js';
import type { LighthouseResult } from '../web/lighthouse.js';
import type { PageWeight } from '../web/page-weight.js';

export interface GrowthRow {
  engine: string;
  scenario: string;
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
  lighthouse?: LighthouseResult[];
  /** Lighthouse's preset and why. */
  lighthouseNote?: string;
  targets: Target[];
}

const TARGET_P99_MS = 25;
const TARGET_CEILING_SHARE = 0.2;
const POSTGRES_SLACK = 2;
const GROWTH_MAX = 1.5;
const INITIAL_JS_MAX_BYTES = 150 * 1024;
const LIGHTHOUSE_MIN = 95;
const CLS_MAX = 0.02;

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
    for (const scenario of ['feed', 'search']) {
      const small = find('small', scenario);
      const medium = find('medium', scenario);
      if (small && medium) {
        rows.push({
          engine,
          scenario,
          smallP50: small.latencyMs.p50,
          mediumP50: medium.latencyMs.p50,
          ratio: medium.latencyMs.p50 / Math.max(small.latencyMs.p50, 1),
          smallCeiling: find('small', 'health')?.rps,
          mediumCeiling: find('medium', 'health')?.rps,
        });
      }
    }
  }
  return rows;
}

/** The targets, each met, missed, or not measured by this run. */
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
    for (const write of ['react', 'comment']) {
      const result = resultOf(report, engine, 'medium', write);
      targets.push({
        name: `${label} medium: ${write} p99 at 16 connections`,
        target: `≤ ${TARGET_P99_MS * slack} ms`,
        measured: result ? `${result.latencyMs.p99} ms` : 'not run',
        met: result ? result.latencyMs.p99 <= TARGET_P99_MS * slack : undefined,
      });
    }
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
      name: `${row.engine === 'postgres' ? 'PostgreSQL' : 'SQLite'} ${row.scenario} p50 medium / small`,
      target: `≤ ${GROWTH_MAX}`,
      measured: `${row.ratio.toFixed(2)} (${row.smallP50} → ${row.mediumP50} ms)`,
      met: row.ratio <= GROWTH_MAX,
    });
  }
  const home = report.pageWeight?.routes.find((r) => r.route === '/');
  targets.push({
    name: 'initial JavaScript for / (gzip)',
    target: '≤ 150 KB',
    measured: home ? `${(home.jsGzipBytes / 1024).toFixed(1)} KB` : 'not run',
    met: home ? home.jsGzipBytes <= INITIAL_JS_MAX_BYTES : undefined,
  });
  for (const route of ['/login', '/']) {
    const lh = report.lighthouse?.find((r) => r.route === route);
    targets.push({
      name: `Lighthouse performance ${route}`,
      target: `≥ ${LIGHTHOUSE_MIN}`,
      measured: lh ? String(lh.performance) : 'not run',
      met: lh ? lh.performance >= LIGHTHOUSE_MIN : undefined,
    });
    targets.push({
      name: `CLS ${route}`,
      target: `≤ ${CLS_MAX}`,
      measured: lh ? lh.cls.toFixed(3) : 'not run',
      met: lh ? lh.cls <= CLS_MAX : undefined,
    });
  }
  return targets;
}

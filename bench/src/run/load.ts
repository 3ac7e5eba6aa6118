import autocannon from 'autocannon';
import pg from 'pg';
import type { Failures, Scenario } from './scenarios.js';
import { ProcessStats, type RunningServer } from './server-process.js';

export interface LoadOptions {
  connections: number;
  seconds: number;
  warmupSeconds: number;
  /** PostgreSQL: the database whose server processes' CPU is measured too. */
  pg?: { adminUrl: string; database: string };
}

export interface LoadResult {
  scenario: string;
  title: string;
  connections: number;
  seconds: number;
  requests: number;
  rps: number;
  latencyMs: { p50: number; p90: number; p99: number; max: number };
  /** Non-2xx answers, socket errors and timeouts: every one is an error here. */
  errors: { non2xx: number; socket: number; timeouts: number; examples: string[] };
  /** The Node server process: CPU used during the run (100 = one core), its peak memory. */
  serverCpuPercent: number;
  serverPeakMb: number;
  /** PostgreSQL's processes serving this database, when the engine is PostgreSQL. */
  databaseCpuPercent?: number;
}

async function databaseProcesses(options: LoadOptions['pg']): Promise<ProcessStats[]> {
  if (!options) return [];
  const client = new pg.Client({ connectionString: options.adminUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ pid: number }>(
      'select pid from pg_stat_activity where datname = $1',
      [options.database],
    );
    return rows.map((row) => new ProcessStats(row.pid));
  } finally {
    await client.end();
  }
}

async function cpuOf(processes: ProcessStats[]): Promise<Map<number, number>> {
  const seconds = new Map<number, number>();
  for (const p of processes) {
    const cpu = await p.cpuSeconds().catch(() => undefined);
    if (cpu !== undefined) seconds.set(p.pid, cpu);
  }
  return seconds;
}

function fire(url: string, scenario: Scenario, connections: number, seconds: number) {
  return autocannon({
    url,
    connections,
    duration: seconds,
    requests: scenario.requests(),
    timeout: 10,
  });
}

/** One scenario: a warm-up whose figures are dropped, then the measured run. */
export async function runScenario(
  server: RunningServer,
  scenario: Scenario,
  failures: Failures,
  options: LoadOptions,
): Promise<LoadResult> {
  if (options.warmupSeconds > 0) {
    await fire(server.baseUrl, scenario, options.connections, options.warmupSeconds);
  }
  failures.examples.length = 0;
  const dbBefore = await cpuOf(await databaseProcesses(options.pg));
  const peakReset = await server.stats.resetPeak();
  const cpuBefore = await server.stats.cpuSeconds();
  let sampledPeak = (await server.stats.memory()).rssMb;
  const sampler = setInterval(() => {
    void server.stats.memory().then(({ rssMb }) => {
      sampledPeak = Math.max(sampledPeak, rssMb);
    });
  }, 250);
  const started = performance.now();
  const result = await fire(server.baseUrl, scenario, options.connections, options.seconds);
  const elapsed = (performance.now() - started) / 1000;
  clearInterval(sampler);
  const cpuAfter = await server.stats.cpuSeconds();
  const { peakMb } = await server.stats.memory();
  let databaseCpuPercent: number | undefined;
  if (options.pg) {
    const after = await cpuOf(await databaseProcesses(options.pg));
    let used = 0;
    // A connection opened during the run counts from zero.
    for (const [pid, cpu] of after) used += cpu - (dbBefore.get(pid) ?? 0);
    databaseCpuPercent = (used / elapsed) * 100;
  }
  return {
    scenario: scenario.name,
    title: scenario.title,
    connections: options.connections,
    seconds: options.seconds,
    requests: result.requests.total,
    rps: result.requests.average,
    latencyMs: {
      p50: result.latency.p50,
      p90: result.latency.p90,
      p99: result.latency.p99,
      max: result.latency.max,
    },
    errors: {
      non2xx: result.non2xx,
      socket: result.errors - result.timeouts,
      timeouts: result.timeouts,
      examples: [...failures.examples],
    },
    serverCpuPercent: ((cpuAfter - cpuBefore) / elapsed) * 100,
    // Without a reset, VmHWM is the whole life's peak: the samples are all there is then.
    serverPeakMb: peakReset ? Math.max(peakMb, sampledPeak) : sampledPeak,
    ...(databaseCpuPercent === undefined ? {} : { databaseCpuPercent }),
  };
}

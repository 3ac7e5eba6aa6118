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
  /** Bytes received per answer, headers included (compressed when the server compresses). */
  bytesPerRequest: number;
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
    bytesPerRequest:
      result.requests.total > 0 ? result.throughput.total / result.requests.total : 0,
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

/** One mode of the compression comparison, summed over its rounds. */
export interface CompressionSide {
  requests: number;
  /** The server process's CPU (user + system) per answer. */
  cpuMsPerRequest: number;
  /** Bytes received per answer, headers included. */
  bytesPerRequest: number;
  rps: number;
  errors: number;
}

export interface CompressionCost {
  scenario: string;
  rounds: number;
  roundSeconds: number;
  /** The Content-Encoding of an answer to the request with the header ('' when none). */
  encoding: string;
  on: CompressionSide;
  off: CompressionSide;
  /** on − off: the CPU compression costs per answer, in ms. */
  cpuMsPerRequestDelta: number;
  /** The same difference, round by round (a pair of neighbouring rounds): how steady it was. */
  roundDeltasMs: number[];
}

/**
 * The server's CPU per answer with and without `Accept-Encoding`, on one server process:
 * `rounds` rounds of each, interleaved (on off, off on, …) so the machine's drift falls on both.
 */
export async function compressionCost(
  server: RunningServer,
  withHeader: Scenario,
  withoutHeader: Scenario,
  failures: Failures,
  options: LoadOptions & { rounds: number; probe: { path: string; token: string } },
): Promise<CompressionCost> {
  const probe = await fetch(`${server.baseUrl}${options.probe.path}`, {
    headers: { authorization: `Bearer ${options.probe.token}`, 'accept-encoding': 'br, gzip' },
  });
  await probe.arrayBuffer();
  const encoding = probe.headers.get('content-encoding') ?? '';
  if (options.warmupSeconds > 0) {
    await fire(server.baseUrl, withHeader, options.connections, options.warmupSeconds);
    await fire(server.baseUrl, withoutHeader, options.connections, options.warmupSeconds);
  }
  const sides = {
    on: { cpu: 0, requests: 0, bytes: 0, seconds: 0, errors: 0, perRound: [] as number[] },
    off: { cpu: 0, requests: 0, bytes: 0, seconds: 0, errors: 0, perRound: [] as number[] },
  };
  for (let round = 0; round < options.rounds; round++) {
    const order: Array<'on' | 'off'> = round % 2 === 0 ? ['on', 'off'] : ['off', 'on'];
    for (const mode of order) {
      failures.examples.length = 0;
      const scenario = mode === 'on' ? withHeader : withoutHeader;
      const cpuBefore = await server.stats.cpuSeconds();
      const started = performance.now();
      const result = await fire(server.baseUrl, scenario, options.connections, options.seconds);
      const elapsed = (performance.now() - started) / 1000;
      const cpu = (await server.stats.cpuSeconds()) - cpuBefore;
      const side = sides[mode];
      side.cpu += cpu;
      side.requests += result.requests.total;
      side.bytes += result.throughput.total;
      side.seconds += elapsed;
      side.errors += result.non2xx + result.errors;
      side.perRound.push(result.requests.total > 0 ? (cpu * 1000) / result.requests.total : 0);
    }
  }
  const summary = (side: typeof sides.on): CompressionSide => ({
    requests: side.requests,
    cpuMsPerRequest: side.requests > 0 ? (side.cpu * 1000) / side.requests : 0,
    bytesPerRequest: side.requests > 0 ? side.bytes / side.requests : 0,
    rps: side.seconds > 0 ? side.requests / side.seconds : 0,
    errors: side.errors,
  });
  const on = summary(sides.on);
  const off = summary(sides.off);
  return {
    scenario: withHeader.name,
    rounds: options.rounds,
    roundSeconds: options.seconds,
    encoding,
    on,
    off,
    cpuMsPerRequestDelta: on.cpuMsPerRequest - off.cpuMsPerRequest,
    roundDeltasMs: sides.on.perRound.map((v, i) => v - (sides.off.perRound[i] ?? 0)),
  };
}

import { type Engine, openDatabase } from '@hearth/server/seeding';
import type { SizeName } from '../seed/sizes.js';
import { type Fixtures, loadFixtures } from './fixtures.js';
import { type IdleSocketsCost, idleSocketsCost } from './idle-sockets.js';
import {
  type CompressionCost,
  compressionCost,
  type LoadOptions,
  type LoadResult,
  runScenario,
} from './load.js';
import { describeError } from './resilience.js';
import { type Failures, type Scenario, type ScenarioName, scenarios } from './scenarios.js';
import { PG_ADMIN_URL, type SeededDatabase, workingCopy } from './seeded-databases.js';
import { type RunningServer, startServer } from './server-process.js';

export interface TargetOptions {
  connections: number;
  seconds: number;
  warmupSeconds: number;
  log: (line: string) => void;
  cpuProfileDir?: string;
}

export interface EngineRunResult {
  engine: Engine;
  size: SizeName;
  seededSeconds: number;
  copySeconds: number;
  searchAvailable: boolean;
  results: LoadResult[];
  /** Scenarios asked for but not run, and why. */
  skipped: Array<{ scenario: ScenarioName; reason: string }>;
  /** Scenarios that failed (the run went on without them). */
  failed: Array<{ scenario: string; error: string }>;
  /** The feed with and without Accept-Encoding, when this target measured it. */
  compression?: CompressionCost;
  /** The feed with and without idle live sockets open, when this target measured it. */
  idleSockets?: IdleSocketsCost;
}

/** One seeded network served by the real server, ready to take load scenario by scenario. */
export interface LoadTarget {
  result: EngineRunResult;
  server: RunningServer;
  fixtures: Fixtures;
  run(name: ScenarioName): Promise<void>;
  /** The feed's cost of compression: `rounds` rounds with the header and as many without. */
  compression(rounds: number): Promise<CompressionCost>;
  /** The feed's throughput with and without `count` idle authenticated live sockets open. */
  idleSockets(count: number, rounds: number): Promise<IdleSocketsCost>;
  close(): Promise<void>;
}

/** Whether this build answers member search. */
async function searchAnswers(baseUrl: string, token: string): Promise<boolean> {
  const res = await fetch(`${baseUrl}/api/v1/users/search/a`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
  });
  await res.arrayBuffer();
  return res.ok;
}

/** A fresh copy of the seeded database, the built server on it, and what the load needs. */
export async function openTarget(
  seeded: SeededDatabase,
  options: TargetOptions,
): Promise<LoadTarget> {
  const { engine, size } = seeded;
  const copy = await workingCopy(seeded);
  const server = await startServer({
    databaseUrl: copy.databaseUrl,
    dataDir: copy.dataDir,
    ...(options.cpuProfileDir ? { cpuProfileDir: options.cpuProfileDir } : {}),
  });
  const close = async () => {
    await server.stop();
    await copy.drop();
  };
  try {
    const handle = openDatabase(copy.databaseUrl);
    let fixtures: Fixtures;
    try {
      fixtures = await loadFixtures(handle.db, server.baseUrl);
    } finally {
      await handle.close();
    }
    const searchAvailable = await searchAnswers(server.baseUrl, fixtures.actors[0]!.token);
    const failures: Failures = { examples: [] };
    const all: Map<ScenarioName, Scenario> = scenarios(fixtures, failures, { searchAvailable });
    const uncompressed = scenarios(fixtures, failures, { searchAvailable, acceptEncoding: null });
    const load: LoadOptions = {
      connections: options.connections,
      seconds: options.seconds,
      warmupSeconds: options.warmupSeconds,
      ...(engine === 'postgres'
        ? { pg: { adminUrl: PG_ADMIN_URL, database: new URL(copy.databaseUrl).pathname.slice(1) } }
        : {}),
    };
    const result: EngineRunResult = {
      engine,
      size,
      seededSeconds: seeded.seededSeconds,
      copySeconds: copy.copySeconds,
      searchAvailable,
      results: [],
      skipped: [],
      failed: [],
    };
    return {
      result,
      server,
      fixtures,
      async run(name) {
        if (name === 'search' && !searchAvailable) {
          result.skipped.push({ scenario: name, reason: 'this build has no member search' });
          return;
        }
        let measured: LoadResult;
        try {
          measured = await runScenario(server, all.get(name)!, failures, load);
        } catch (error) {
          result.failed.push({ scenario: name, error: describeError(error) });
          throw error;
        }
        const errors = measured.errors.non2xx + measured.errors.socket + measured.errors.timeouts;
        options.log(
          `${engine} ${size} ${name}: ${Math.round(measured.rps)} req/s, p50 ${measured.latencyMs.p50} ms, ` +
            `p99 ${measured.latencyMs.p99} ms${errors > 0 ? `, ${errors} errors: ${measured.errors.examples.join(' | ')}` : ''}`,
        );
        result.results.push(measured);
      },
      async compression(rounds) {
        const cost = await compressionCost(
          server,
          all.get('feed')!,
          uncompressed.get('feed')!,
          failures,
          {
            ...load,
            rounds,
            probe: { path: '/api/v1/posts?limit=20', token: fixtures.actors[0]!.token },
          },
        );
        options.log(
          `${engine} ${size} feed compression (${cost.encoding || 'no encoding'}): CPU ${cost.on.cpuMsPerRequest.toFixed(2)} ms on, ` +
            `${cost.off.cpuMsPerRequest.toFixed(2)} ms off per answer; ` +
            `${Math.round(cost.on.bytesPerRequest)} B on, ${Math.round(cost.off.bytesPerRequest)} B off`,
        );
        result.compression = cost;
        return cost;
      },
      async idleSockets(count, rounds) {
        const tokens = fixtures.actors.slice(0, count).map((actor) => actor.token);
        const cost = await idleSocketsCost(server, all.get('feed')!, tokens, failures, {
          ...load,
          rounds,
        });
        options.log(
          `${engine} ${size} feed with ${cost.sockets} idle live sockets: ${Math.round(cost.with.rps)} req/s ` +
            `(${Math.round(cost.without.rps)} without, ${cost.dropPercent.toFixed(1)} % less); ` +
            `${cost.kbPerSocket.toFixed(1)} KB of server memory per socket`,
        );
        result.idleSockets = cost;
        return cost;
      },
      async close() {
        const output = server.output().trim();
        if (output) options.log(`${engine} ${size} server said:\n${output.slice(0, 2000)}`);
        await close();
      },
    };
  } catch (error) {
    await close();
    throw error;
  }
}

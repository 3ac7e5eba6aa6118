import { type ChildProcess, spawn } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { RATE_LIMIT_VARIABLES } from '@hearth/server/seeding';
import { REPO_ROOT, SERVER_MAIN } from '../paths.js';

/** Fixed, so the bench signs sessions for any member as the server would after a login. */
export const BENCH_JWT_SECRET = 'hearth-bench-secret-not-for-production-0123456789';
// Linux's USER_HZ: /proc counts CPU time in these.
const TICKS_PER_SECOND = 100;

/** CPU and memory of a process as /proc shows them. */
export class ProcessStats {
  constructor(readonly pid: number) {}

  /** User plus system CPU time so far, in seconds. */
  async cpuSeconds(): Promise<number> {
    const stat = await readFile(`/proc/${this.pid}/stat`, 'utf8');
    // Fields after the command name (which may hold spaces), counted from 3.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
  }

  /** Resident memory now and its peak since the last reset, in MB. */
  async memory(): Promise<{ rssMb: number; peakMb: number }> {
    const status = await readFile(`/proc/${this.pid}/status`, 'utf8');
    const kb = (name: string) =>
      Number(new RegExp(`^${name}:\\s+(\\d+)`, 'm').exec(status)?.[1] ?? 0);
    return { rssMb: kb('VmRSS') / 1024, peakMb: kb('VmHWM') / 1024 };
  }

  /** Restarts the peak (VmHWM) from the current size (Linux's clear_refs, value 5); false if not allowed. */
  async resetPeak(): Promise<boolean> {
    return writeFile(`/proc/${this.pid}/clear_refs`, '5').then(
      () => true,
      () => false,
    );
  }
}

export interface RunningServer {
  baseUrl: string;
  stats: ProcessStats;
  /** What the server printed (warnings and errors only, at LOG_LEVEL=warn). */
  output(): string;
  stop(): Promise<void>;
}

/** A port nothing listens on (the system's pick, released at once). */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(),
      );
    });
  });
}

/** Prefix of the bench's environment variables passed on to the server without it. */
export const SERVER_SETTING_PREFIX = 'BENCH_SERVER_';

/**
 * The server settings given to the bench as `BENCH_SERVER_<NAME>` (one run with a setting
 * changed, e.g. `BENCH_SERVER_FEED_CACHE_MEMBERS=0`), by their own names.
 */
export function serverSettingsFromEnv(env: NodeJS.ProcessEnv): Record<string, string> {
  const settings: Record<string, string> = {};
  for (const [name, value] of Object.entries(env)) {
    if (
      name.startsWith(SERVER_SETTING_PREFIX) &&
      name.length > SERVER_SETTING_PREFIX.length &&
      value !== undefined
    ) {
      settings[name.slice(SERVER_SETTING_PREFIX.length)] = value;
    }
  }
  return settings;
}

/**
 * The built server (apps/server/dist/main.js) as its own process on 127.0.0.1, as an operator
 * runs it: production mode, quiet logs, and every rate limit out of the way of the load.
 */
export async function startServer(options: {
  databaseUrl: string;
  dataDir: string;
  /** Writes a V8 CPU profile of the whole server run there (node --cpu-prof). */
  cpuProfileDir?: string;
}): Promise<RunningServer> {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const limits = Object.fromEntries(RATE_LIMIT_VARIABLES.map((name) => [name, '1000000000']));
  const profile = options.cpuProfileDir
    ? ['--cpu-prof', `--cpu-prof-dir=${options.cpuProfileDir}`]
    : [];
  const child: ChildProcess = spawn(process.execPath, [...profile, SERVER_MAIN], {
    cwd: REPO_ROOT,
    env: {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: baseUrl,
      DATA_DIR: options.dataDir,
      DATABASE_URL: options.databaseUrl,
      JWT_SECRET: BENCH_JWT_SECRET,
      ...limits,
      ...serverSettingsFromEnv(process.env),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await Promise.race([exited, sleep(10_000)]);
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  };
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null)
      throw new Error(`the server exited with ${child.exitCode}:\n${output}`);
    // Ready, not only alive: the server has built its card cache's first cards (CARD_CACHE_WARM_POSTS).
    const healthy = await fetch(`${baseUrl}/ready`)
      .then((res) => res.ok)
      .catch(() => false);
    if (healthy) break;
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`the server did not answer within a minute:\n${output}`);
    }
    await sleep(200);
  }
  if (child.pid === undefined) throw new Error('the server has no process id');
  return { baseUrl, stats: new ProcessStats(child.pid), output: () => output, stop };
}

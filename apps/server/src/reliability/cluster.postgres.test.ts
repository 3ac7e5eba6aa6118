import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { API_PREFIX } from '@hearth/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prepareServerGround, type ServerGround } from './server-ground.js';
import { runServerToExit, type ServerProcess, startServerProcess } from './server-process.js';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/** The pids whose parent is `pid` (Linux: each process's /proc/<pid>/stat). */
function childrenOf(pid: number): number[] {
  const children: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      // pid (comm) state ppid …: comm may hold spaces or parentheses, so read after the last ')'.
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (ppid === pid) children.push(Number(entry));
    } catch {
      // gone meanwhile
    }
  }
  return children.sort((a, b) => a - b);
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function waitFor<T>(what: string, read: () => T, done: (value: T) => boolean): Promise<T> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const value = read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`${what}: still ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** GET on a connection of its own (no keep-alive), so the primary hands each to a worker. */
function getStatus(url: string): Promise<number> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { agent: false }, (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      })
      .on('error', reject);
  });
}

async function allHealthy(server: ServerProcess, requests: number): Promise<number[]> {
  const statuses: number[] = [];
  for (let i = 0; i < requests; i++)
    statuses.push(await getStatus(`${server.url}${API_PREFIX}/health`));
  return statuses;
}

// WORKERS=2: the built server (`dist/main.js`) runs a primary that migrates once and forks two
// workers sharing the port (node:cluster). PostgreSQL and Redis only, as WORKERS > 1 requires.
describe('WORKERS=2: one primary, two worker processes on one port', () => {
  let ground: ServerGround | undefined;
  let server: ServerProcess | undefined;
  let env: Record<string, string>;

  beforeAll(async () => {
    ground = await prepareServerGround('cluster', {
      WORKERS: '2',
      LOG_LEVEL: 'info',
      REDIS_URL,
      REDIS_KEY_PREFIX: `hearth-test:${randomBytes(6).toString('hex')}:`,
    });
    env = ground.env;
  });

  afterAll(async () => {
    await server?.stop();
    await ground?.dispose();
  });

  it('serves from two workers, replaces one killed with SIGKILL, and stops on SIGTERM', async () => {
    server = await startServerProcess(env);
    const primary = server.pid;
    const workers = await waitFor(
      'workers',
      () => childrenOf(primary),
      (pids) => pids.length === 2,
    );
    // Each worker logs its pid once it listens: both share the port from then on.
    await waitFor(
      'both workers listening',
      () => server!.output.join(''),
      (text) => workers.every((pid) => text.includes(`worker pid ${pid}`)),
    );
    expect(server.output.join('')).toContain('2 workers (WORKERS=2)');
    expect(await allHealthy(server, 10)).toEqual(Array(10).fill(200));

    const [killed, kept] = workers as [number, number];
    process.kill(killed, 'SIGKILL');
    await waitFor(
      'the killed worker',
      () => alive(killed),
      (running) => !running,
    );
    // The kept worker answers every new connection while the replacement starts.
    expect(await allHealthy(server, 10)).toEqual(Array(10).fill(200));
    const after = await waitFor(
      'a replacement',
      () => childrenOf(primary),
      (pids) => pids.length === 2 && !pids.includes(killed),
    );
    expect(after).toContain(kept);
    const replacement = after.find((pid) => pid !== kept)!;
    // Once it listens, requests keep succeeding with both.
    await waitFor(
      'the replacement listening',
      () => server!.output.join(''),
      (text) => text.includes(`worker pid ${replacement}`),
    );
    expect(await allHealthy(server, 10)).toEqual(Array(10).fill(200));
    expect(server.output.join('')).toMatch(/exited unexpectedly.*starting a replacement/);

    const started = Date.now();
    const exit = await server.stop();
    expect(exit).toEqual({ code: 0, signal: null });
    expect(Date.now() - started).toBeLessThan(10_000);
    expect([kept, replacement].filter(alive)).toEqual([]);
    expect(server.output.join('')).toContain('SIGTERM: stopping 2 workers');
    server = undefined;
  });

  it('refuses WORKERS=2 on SQLite, saying why and what to set, before listening', async () => {
    const result = await runServerToExit({
      ...env,
      DATABASE_URL: `sqlite:${path.join(env.DATA_DIR ?? '', 'refused.db')}`,
    });
    expect(result.code).toBe(1);
    expect(result.output).toContain('WORKERS=2 needs PostgreSQL');
    expect(result.output).toContain('or WORKERS=1');
    expect(result.output).not.toContain('Hearth on Node');
  });

  it('refuses WORKERS=2 without REDIS_URL, saying why and what to set', async () => {
    const result = await runServerToExit({ ...env, REDIS_URL: '' });
    expect(result.code).toBe(1);
    expect(result.output).toContain('WORKERS=2 needs REDIS_URL');
    expect(result.output).toContain('Set REDIS_URL=redis://');
    expect(result.output).not.toContain('Hearth on Node');
  });
});

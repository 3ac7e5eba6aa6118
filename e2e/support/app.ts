import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { API_PREFIX } from '@hearth/contract';

const repoRoot = resolve(import.meta.dirname, '..', '..');

async function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const probe = createServer();
    probe.once('error', fail);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => done(port));
    });
  });
}

/** Starts the built product (apps/server/dist, serving apps/web/dist) on a fresh data folder. */
export async function startApp(env: Record<string, string> = {}) {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'hearth-e2e-'));
  const url = `http://127.0.0.1:${port}`;
  const output: string[] = [];
  const child: ChildProcess = spawn(process.execPath, ['apps/server/dist/main.js'], {
    cwd: repoRoot,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: url,
      DATA_DIR: dataDir,
      DATABASE_URL: `sqlite:${join(dataDir, 'app.db')}`,
      // The in-process tests' scrypt cost: the browser tests sign up and log in hundreds of
      // members, and measure nothing of the hashing (README's default, 15, costs ~32x more).
      PASSWORD_HASH_LOG_N: '10',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => output.push(chunk.toString()));

  // Generous: on a machine shared with other test runs a start can take half a minute.
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) {
      throw new Error(`The server exited early:\n${output.join('')}`);
    }
    try {
      // The liveness check sits beside the calls of the table, not in it.
      const res = await fetch(`${url}${API_PREFIX}/health`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      // Not left running behind the failed file.
      child.kill('SIGKILL');
      rmSync(dataDir, { recursive: true, force: true });
      throw new Error(`The server did not start:\n${output.join('')}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }

  return {
    url,
    output,
    /** The server's own settings, for a host command run beside it (`npm run admin`). */
    env: { DATA_DIR: dataDir, DATABASE_URL: `sqlite:${join(dataDir, 'app.db')}`, ...env },
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await exited;
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

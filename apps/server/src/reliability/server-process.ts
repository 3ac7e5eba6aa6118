import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';
import { API_PREFIX } from '@hearth/contract';

/** The built server, as `npm start` runs it (npm test builds before the suites run). */
const SERVER_MAIN = path.resolve(import.meta.dirname, '..', '..', 'dist', 'main.js');

/** How long `stop()` lets the server shut down (SIGTERM) before it kills it (SIGKILL). */
const STOP_GRACE_MS = 10_000;

export async function freePort(): Promise<number> {
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

/** How a server process ended. */
export interface ProcessExit {
  code: number | null;
  signal: NodeJS.Signals | null;
}

export interface ServerProcess {
  url: string;
  output: string[];
  /** The process started (with WORKERS > 1: the cluster's primary). */
  pid: number;
  /** kill -9: no shutdown hook runs, nothing is flushed by the server. */
  crash(): Promise<void>;
  /** SIGTERM, the server's own shutdown; SIGKILL if it has not exited within 10 s. */
  stop(): Promise<ProcessExit>;
}

function spawnServer(env: Record<string, string>, port: number, url: string) {
  const output: string[] = [];
  const child: ChildProcess = spawn(process.execPath, [SERVER_MAIN], {
    env: {
      ...process.env,
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: url,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  const exited = new Promise<ProcessExit>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  return { child, output, exited };
}

/**
 * The built server started with `env` when it is expected to refuse to start: its exit and
 * everything it wrote. Killed (and failing) if it is still running after `timeoutMs`.
 */
export async function runServerToExit(
  env: Record<string, string>,
  timeoutMs = 15_000,
): Promise<ProcessExit & { output: string }> {
  const port = await freePort();
  const { child, output, exited } = spawnServer(env, port, `http://127.0.0.1:${port}`);
  const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
  const exit = await exited;
  clearTimeout(timer);
  return { ...exit, output: output.join('') };
}

/**
 * One real server process on 127.0.0.1 with the given environment (DATABASE_URL, DATA_DIR…),
 * answered once its health check says so.
 */
export async function startServerProcess(env: Record<string, string>): Promise<ServerProcess> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const { child, output, exited } = spawnServer(env, port, url);

  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`The server exited early:\n${output.join('')}`);
    }
    try {
      if ((await fetch(`${url}${API_PREFIX}/health`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      // Not left behind: the caller never gets a handle to stop it.
      child.kill('SIGKILL');
      await exited;
      throw new Error(`The server did not start:\n${output.join('')}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }

  return {
    url,
    output,
    pid: child.pid ?? 0,
    async crash() {
      child.kill('SIGKILL');
      await exited;
    },
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM');
        // A shutdown that hangs does not hold the suite: kill -9 after the grace period.
        const grace = setTimeout(() => child.kill('SIGKILL'), STOP_GRACE_MS);
        await exited;
        clearTimeout(grace);
      }
      return exited;
    },
  };
}

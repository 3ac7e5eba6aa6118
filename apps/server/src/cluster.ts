import cluster, { type Worker } from 'node:cluster';
import type { FastifyBaseLogger } from 'fastify';

/** Restarts of one worker slot within this window count towards its back-off. */
const CRASH_WINDOW_MS = 60_000;
const RESTART_BASE_MS = 250;
const RESTART_MAX_MS = 30_000;
/** How long the workers get to close on SIGTERM before they are killed. */
const SHUTDOWN_GRACE_MS = 8_000;

/** Wait before restarting a slot whose worker died `recentCrashes` times within the window. */
export function restartDelayMs(recentCrashes: number): number {
  return Math.min(RESTART_BASE_MS * 2 ** Math.max(0, recentCrashes - 1), RESTART_MAX_MS);
}

/**
 * The primary of WORKERS=N (main.ts): the database is migrated already; it forks N workers, each
 * running main.js as a worker (building the app and listening on HOST:PORT, which node:cluster
 * shares), replaces a worker that dies unexpectedly after a back-off that grows with its recent
 * crashes, and on SIGTERM/SIGINT tells every worker to shut down (their own shutdown), waits for
 * them, then exits 0.
 */
export function runPrimary(workers: number, log: FastifyBaseLogger): void {
  let stopping = false;
  /** Which slot (0..N-1) each live worker fills, and when each slot's workers died recently. */
  const slots = new Map<Worker, number>();
  const crashes: number[][] = Array.from({ length: workers }, () => []);
  const pendingRestarts = new Set<NodeJS.Timeout>();

  const fork = (slot: number): void => {
    const worker = cluster.fork();
    slots.set(worker, slot);
  };

  cluster.on('exit', (worker, code, signal) => {
    const slot = slots.get(worker);
    slots.delete(worker);
    if (stopping || slot === undefined) {
      if (stopping && slots.size === 0) finish();
      return;
    }
    const now = Date.now();
    const recent = (crashes[slot] ?? []).filter((at) => now - at < CRASH_WINDOW_MS);
    recent.push(now);
    crashes[slot] = recent;
    const delay = restartDelayMs(recent.length);
    log.warn(
      { pid: worker.process.pid, code, signal, restartInMs: delay },
      `worker ${worker.process.pid} exited unexpectedly (${signal ?? `code ${code}`}); starting a replacement`,
    );
    const timer = setTimeout(() => {
      pendingRestarts.delete(timer);
      if (!stopping) fork(slot);
    }, delay);
    pendingRestarts.add(timer);
  });

  let forceTimer: NodeJS.Timeout | undefined;
  const finish = (): void => {
    if (forceTimer) clearTimeout(forceTimer);
    log.info('every worker has stopped');
    process.exit(0);
  };

  const shutDown = (signal: string): void => {
    if (stopping) return;
    stopping = true;
    for (const timer of pendingRestarts) clearTimeout(timer);
    log.info(`${signal}: stopping ${slots.size} workers`);
    if (slots.size === 0) finish();
    for (const worker of slots.keys()) worker.process.kill('SIGTERM');
    forceTimer = setTimeout(() => {
      log.warn(`workers still running after ${SHUTDOWN_GRACE_MS} ms: killing them`);
      for (const worker of slots.keys()) worker.process.kill('SIGKILL');
    }, SHUTDOWN_GRACE_MS);
  };
  process.once('SIGINT', () => shutDown('SIGINT'));
  process.once('SIGTERM', () => shutDown('SIGTERM'));

  log.info(
    `Hearth: ${workers} workers (WORKERS=${workers}) on one port; primary pid ${process.pid}`,
  );
  for (let slot = 0; slot < workers; slot++) fork(slot);
}

import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import type SQLite from 'better-sqlite3';
import {
  type QueryCompiler,
  type SqliteDatabase,
  SqliteDialect,
  SqliteQueryCompiler,
} from 'kysely';

/**
 * Kysely's SQLite compiler with every parameter written `+?` instead of `?` (unary plus is a
 * no-op in SQLite: the same value, no affinity and no collation, as a bare parameter has).
 *
 * Why: SQLite's planner looks at the values bound to some bare parameters (a `limit ?`, and in
 * better-sqlite3's SQLite 3.54 those of a statement of two or more tables, by a path not pinned
 * down) and marks them so that binding a new value re-prepares the statement on its next step.
 * Each run of such a statement with new values then costs a full prepare: the session
 * lookup every API call makes (a join of users and sessions) took 85 µs, of which 78 were the
 * prepare, and 6.6 µs with `+?`, on a copy of the bench's medium network. An expression is
 * still a constant for the planner, so it uses the same indexes: the plans do not change (the
 * SQL snapshots' tests and db/__sql__/sqlite.sql show each statement as sent).
 */
class PlainParameterCompiler extends SqliteQueryCompiler {
  protected override getCurrentParameterPlaceholder(): string {
    return '+?';
  }
}

/** SQLite through better-sqlite3, its parameters written `+?` (PlainParameterCompiler). */
export class HearthSqliteDialect extends SqliteDialect {
  override createQueryCompiler(): QueryCompiler {
    return new PlainParameterCompiler();
  }
}

/**
 * better-sqlite3 with its prepared statements kept, most recently used first: Kysely prepares
 * every query it runs, and preparing the feed's larger statements costs as much as running them.
 * A statement still being iterated is never handed out twice.
 */
export function withStatementCache(sqlite: SQLite.Database, capacity = 256): SqliteDatabase {
  const statements = new Map<string, SQLite.Statement>();
  return {
    close: () => sqlite.close(),
    prepare(sql) {
      const cached = statements.get(sql);
      if (cached && !cached.busy) {
        statements.delete(sql);
        statements.set(sql, cached);
        return cached;
      }
      const statement = sqlite.prepare(sql);
      if (!cached) {
        statements.set(sql, statement);
        const oldest = statements.keys().next().value;
        if (statements.size > capacity && oldest !== undefined) statements.delete(oldest);
      }
      return statement;
    },
  };
}

// Runs in the worker: its own connection copies the WAL back into the database now and then.
const CHECKPOINTER = `
const { workerData, parentPort } = require('node:worker_threads');
const Database = require(workerData.driver);
const db = new Database(workerData.file);
db.pragma('busy_timeout = 5000');
const timer = setInterval(() => {
  try { db.pragma('wal_checkpoint(PASSIVE)'); } catch {}
}, workerData.intervalMs);
parentPort.once('message', () => {
  clearInterval(timer);
  db.close();
  parentPort.postMessage('closed');
});
`;

/** How often the worker checkpoints (see startWalCheckpointer). */
export const CHECKPOINT_INTERVAL_MS = 50;

/** The server's own connection still checkpoints if the WAL grows past this (pages of 4 KiB). */
export const FALLBACK_AUTOCHECKPOINT_PAGES = 10_000;

/**
 * Checkpoints the WAL from a worker thread every 50 ms. SQLite otherwise checkpoints inside the
 * commit that crosses 1 000 pages, writing pages back into a large file and syncing it while the
 * event loop waits: the benchmark saw single writes stall for over half a second. A passive
 * checkpoint never blocks readers or the writer, but its sync of the database file holds up the
 * commits' own syncs on the same disk: once a second, that was a 30 ms stall for every write in
 * flight, and the writes' p99 (64 ms) was those stalls. Small checkpoints often keep each sync
 * short (react p99 29 ms at medium). Answers how to stop it.
 */
export function startWalCheckpointer(
  file: string,
  intervalMs = CHECKPOINT_INTERVAL_MS,
): () => Promise<void> {
  const worker = new Worker(CHECKPOINTER, {
    eval: true,
    workerData: {
      file,
      intervalMs,
      driver: createRequire(import.meta.url).resolve('better-sqlite3'),
    },
  });
  worker.unref();
  return async () => {
    const closed = new Promise<void>((resolve) => {
      worker.once('message', () => resolve());
      worker.once('exit', () => resolve());
      worker.once('error', () => resolve());
    });
    worker.postMessage('close');
    await closed;
    await worker.terminate();
  };
}

import { sql } from 'kysely';
import { type Db, engineOf } from './database.js';

/** Runs a member's write in a transaction; the promise settles once that transaction committed. */
export interface Writer {
  write<T>(work: (trx: Db) => Promise<T>): Promise<T>;
}

/** At most this many writes share one transaction. */
const MAX_BATCH = 64;

/**
 * The writer for this database. SQLite syncs its log on every commit (`synchronous = FULL`), and
 * that sync is most of a small write's cost: writes that arrive together therefore share one
 * transaction and one sync (group commit, `GroupCommitWriter`). PostgreSQL's own server groups
 * the commits of concurrent connections, so each write keeps its own transaction there.
 */
export function writerFor(db: Db): Writer {
  if (engineOf(db) === 'sqlite') return new GroupCommitWriter(db);
  return { write: (work) => db.transaction().execute(work) };
}

interface Pending {
  work: (trx: Db) => Promise<unknown>;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

type Outcome = { ok: true; value: unknown } | { ok: false; error: unknown };

/**
 * Group commit on one SQLite connection. The writes queued while the event loop was busy run one
 * after the other in one transaction, each inside its own savepoint: a write that fails is rolled
 * back alone and its caller gets its error, the others go on. One COMMIT (one sync) then makes
 * them all durable, and only then is any of their callers answered, so an acknowledged write is
 * never lost, as with a transaction of its own. If the commit fails, every write of the batch
 * fails with it and none of them is kept.
 */
export class GroupCommitWriter implements Writer {
  private queue: Pending[] = [];
  private scheduled = false;
  private running = false;
  /** How many transactions and writes went through (tests and the benchmark read them). */
  readonly counts = { batches: 0, writes: 0 };

  constructor(private readonly db: Db) {}

  write<T>(work: (trx: Db) => Promise<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.queue.push({ work, resolve: resolve as (value: unknown) => void, reject });
      this.schedule();
    });
  }

  /** After the requests already read from the sockets have queued their writes too. */
  private schedule(): void {
    if (this.scheduled || this.running) return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      void this.flush();
    });
  }

  private async flush(): Promise<void> {
    const batch = this.queue.splice(0, MAX_BATCH);
    if (batch.length === 0) return;
    this.running = true;
    try {
      const outcomes = await this.db.transaction().execute(async (trx) => {
        const done: Outcome[] = [];
        for (const item of batch) done.push(await inSavepoint(trx, item.work));
        return done;
      });
      this.counts.batches += 1;
      this.counts.writes += batch.length;
      batch.forEach((item, index) => {
        const outcome = outcomes[index] as Outcome;
        if (outcome.ok) item.resolve(outcome.value);
        else item.reject(outcome.error);
      });
    } catch (error) {
      for (const item of batch) item.reject(error);
    } finally {
      this.running = false;
      if (this.queue.length > 0) this.schedule();
    }
  }
}

async function inSavepoint(trx: Db, work: (trx: Db) => Promise<unknown>): Promise<Outcome> {
  await sql`savepoint one_write`.execute(trx);
  try {
    const value = await work(trx);
    await sql`release one_write`.execute(trx);
    return { ok: true, value };
  } catch (error) {
    // If this fails too (the transaction itself is gone), the whole batch fails.
    await sql`rollback to one_write`.execute(trx);
    await sql`release one_write`.execute(trx);
    return { ok: false, error };
  }
}

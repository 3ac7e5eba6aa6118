import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { Db } from '../db/database.js';
import { addMs, type Clock, systemClock } from './clock.js';

/** Rows of job_leases naming a running backup start with this. */
export const BACKUP_LEASE_PREFIX = 'backup:';

/** Who a process or a backup is in job_leases: host, pid and a random id (several per pid in tests). */
export function leaseHolderName(): string {
  return `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
}

/**
 * Leases in the database (the job_leases table), shared by every process and machine on it. A
 * lease is taken with one atomic statement (INSERT … ON CONFLICT DO UPDATE … WHERE the current
 * lease has ended), so of any number of processes trying at once exactly one wins, and a holder
 * that died stops holding once its held_until has passed.
 */
export class Leases {
  readonly holder: string;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock = systemClock,
    holder: string = leaseHolderName(),
  ) {
    this.holder = holder;
  }

  /**
   * Takes `name` for `forMs` if nobody holds it now (missing, or its time is up); false when
   * someone does, this holder included: a period taken is not taken again before it ends.
   */
  async take(name: string, forMs: number): Promise<boolean> {
    const now = this.clock.now();
    const nowIso = now.toISOString();
    const until = addMs(now, forMs).toISOString();
    const result = await this.db
      .insertInto('job_leases')
      .values({ name, holder: this.holder, held_until: until, started_at: nowIso })
      .onConflict((oc) =>
        oc
          .column('name')
          .doUpdateSet({ holder: this.holder, held_until: until, started_at: nowIso })
          .where('job_leases.held_until', '<=', nowIso),
      )
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
  }

  /** Holds `name` until `forMs` from now if this holder still has it; false when it lost it. */
  async renew(name: string, forMs: number): Promise<boolean> {
    const until = addMs(this.clock.now(), forMs).toISOString();
    const result = await this.db
      .updateTable('job_leases')
      .set({ held_until: until })
      .where('name', '=', name)
      .where('holder', '=', this.holder)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /** Gives `name` up at once if this holder has it. */
  async release(name: string): Promise<void> {
    await this.db
      .deleteFrom('job_leases')
      .where('name', '=', name)
      .where('holder', '=', this.holder)
      .execute();
  }

  /** Whether a backup (any process, any machine) holds a lease now. */
  async backupRunning(): Promise<boolean> {
    const row = await this.db
      .selectFrom('job_leases')
      .select('name')
      .where('name', 'like', `${BACKUP_LEASE_PREFIX}%`)
      .where('held_until', '>', this.clock.now().toISOString())
      .limit(1)
      .executeTakeFirst();
    return row !== undefined;
  }

  /**
   * Holds a backup lease of its own, renewed every `renewMs` for `forMs` until the returned
   * release is called (it deletes the row). Leases of backups that died (ended) are cleared first.
   */
  async holdBackup(forMs = 2 * 60_000, renewMs = 20_000): Promise<() => Promise<void>> {
    const name = `${BACKUP_LEASE_PREFIX}${this.holder}`;
    await this.db
      .deleteFrom('job_leases')
      .where('name', 'like', `${BACKUP_LEASE_PREFIX}%`)
      .where('held_until', '<=', this.clock.now().toISOString())
      .execute();
    await this.take(name, forMs);
    let renewing: Promise<unknown> = Promise.resolve();
    const timer = setInterval(() => {
      renewing = this.renew(name, forMs).catch(() => false);
    }, renewMs);
    timer.unref();
    return async () => {
      clearInterval(timer);
      await renewing;
      await this.release(name);
    };
  }
}

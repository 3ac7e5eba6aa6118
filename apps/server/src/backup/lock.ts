import { setTimeout as sleep } from 'node:timers/promises';
import { type DatabaseHandle, openDatabase } from '../db/database.js';
import { Leases } from '../infra/leases.js';
import { PAUSE_CHECK_MS } from '../jobs/purges.js';

/**
 * While a backup runs it holds a lease of its own in the database's job_leases table
 * ('backup:<holder>', infra/leases.ts), renewed every 20 s for two minutes: the purge jobs of
 * every server process on that database, on any machine, skip their runs while one is held, so
 * no media file a snapshotted row names is deleted before the copy. A backup killed midway stops
 * holding within two minutes.
 */
export const BACKUP_LEASE_MS = 2 * 60_000;
const RENEW_MS = 20_000;
/**
 * A purge run already under way notices the lease within PAUSE_CHECK_MS and stops after the batch
 * it is in: the backup lets that pass before its snapshot, so no batch straddles it.
 */
const PURGES_NOTICE_MS = 2 * PAUSE_CHECK_MS;

/**
 * Takes the backup lease on DATABASE_URL; the answer releases it and closes the connection. A
 * database without the table (not migrated by this version yet: no server of this version runs
 * purges on it) is backed up without one.
 */
export async function takeBackupLease(databaseUrl: string): Promise<() => Promise<void>> {
  const database: DatabaseHandle = openDatabase(databaseUrl, {
    walCheckpointer: false,
    pgPoolSize: 1,
  });
  try {
    const release = await new Leases(database.db).holdBackup(BACKUP_LEASE_MS, RENEW_MS);
    await sleep(PURGES_NOTICE_MS);
    return async () => {
      try {
        await release();
      } finally {
        await database.close();
      }
    };
  } catch (error) {
    await database.close();
    if (isMissingTable(error)) return async () => {};
    throw error;
  }
}

/** SQLite's "no such table", PostgreSQL's undefined_table (42P01). */
function isMissingTable(error: unknown): boolean {
  const { code, message } = error as { code?: string; message?: string };
  return code === '42P01' || /no such table/i.test(message ?? '');
}

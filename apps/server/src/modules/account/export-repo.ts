import type { DataExportRow, NewDataExport } from '../../db/data-exports.js';
import { type Db, engineOf } from '../../db/database.js';

// The 'Download your information' zips (API.md, One's own account; migration 0018): a row per
// request, `queued` until a process claims it with a lease, `building` while that lease lasts,
// then `ready` (until `expires_at`) or `failed`.

/** Statuses of an export still to come: one at a time per member. */
const UNDER_WAY = ['queued', 'building'] as const;

/**
 * Queues `row` unless the member has an export queued or being built; false then. The member's
 * row is locked first on PostgreSQL, so two requests at once queue one export between them
 * (SQLite runs one writer at a time anyway); call it inside a transaction.
 */
export async function insertExportUnlessUnderWay(trx: Db, row: NewDataExport): Promise<boolean> {
  let member = trx.selectFrom('users').select('id').where('id', '=', row.user_id);
  if (engineOf(trx) === 'postgres') member = member.forUpdate();
  if (!(await member.executeTakeFirst())) return false;
  const underWay = await trx
    .selectFrom('data_exports')
    .select('id')
    .where('user_id', '=', row.user_id)
    .where('status', 'in', UNDER_WAY)
    .executeTakeFirst();
  if (underWay) return false;
  await trx.insertInto('data_exports').values(row).execute();
  return true;
}

/** The member's exports, newest first (a member has a handful: the purge keeps it so). */
export function exportsOf(db: Db, userId: string): Promise<DataExportRow[]> {
  return db
    .selectFrom('data_exports')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('requested_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

/** One export with its member's username (the download's file name). */
export function findExport(
  db: Db,
  id: string,
): Promise<(DataExportRow & { username: string }) | undefined> {
  return db
    .selectFrom('data_exports')
    .innerJoin('users', 'users.id', 'data_exports.user_id')
    .selectAll('data_exports')
    .select('users.username')
    .where('data_exports.id', '=', id)
    .executeTakeFirst();
}

/** Whom the ready mail goes to. */
export function memberToTell(db: Db, userId: string) {
  return db
    .selectFrom('users')
    .select(['email', 'first_name', 'language'])
    .where('id', '=', userId)
    .executeTakeFirst();
}

/**
 * Ids of exports a process may take now, oldest request first: queued ones whose retry time (in
 * `lease_until`, null for a new one) has come, and ones being built whose builder's lease ran out
 * (its process died).
 */
export async function claimableExportIds(db: Db, nowIso: string, limit: number): Promise<string[]> {
  const rows = await db
    .selectFrom('data_exports')
    .select('id')
    .where('status', 'in', UNDER_WAY)
    .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<=', nowIso)]))
    .orderBy('requested_at')
    .orderBy('id')
    .limit(limit)
    .execute();
  return rows.map((row) => row.id);
}

/**
 * Takes the export for `owner` until `leaseUntilIso`, counting an attempt: a compare-and-set on
 * the conditions claimableExportIds read, so of any number of processes trying at once one wins.
 * Undefined when another got it first.
 */
export async function claimExport(
  db: Db,
  id: string,
  owner: string,
  nowIso: string,
  leaseUntilIso: string,
): Promise<DataExportRow | undefined> {
  const result = await db
    .updateTable('data_exports')
    .set((eb) => ({
      status: 'building',
      lease_owner: owner,
      lease_until: leaseUntilIso,
      attempts: eb('attempts', '+', 1),
    }))
    .where('id', '=', id)
    .where('status', 'in', UNDER_WAY)
    .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<=', nowIso)]))
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) return undefined;
  return db.selectFrom('data_exports').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Holds the export until `leaseUntilIso` if `owner` still does; false when it lost it. */
export async function renewExportLease(
  db: Db,
  id: string,
  owner: string,
  leaseUntilIso: string,
): Promise<boolean> {
  const result = await db
    .updateTable('data_exports')
    .set({ lease_until: leaseUntilIso })
    .where('id', '=', id)
    .where('status', '=', 'building')
    .where('lease_owner', '=', owner)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** The zip is stored: ready to download until `expiresAtIso`. False when `owner` lost the lease. */
export async function markExportReady(
  db: Db,
  id: string,
  owner: string,
  done: { storageKey: string; bytes: number; readyAtIso: string; expiresAtIso: string },
): Promise<boolean> {
  const result = await db
    .updateTable('data_exports')
    .set({
      status: 'ready',
      storage_key: done.storageKey,
      bytes: done.bytes,
      ready_at: done.readyAtIso,
      expires_at: done.expiresAtIso,
      lease_owner: null,
      lease_until: null,
      error: null,
    })
    .where('id', '=', id)
    .where('status', '=', 'building')
    .where('lease_owner', '=', owner)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * An attempt failed: queued again, not before `retryAtIso` (kept in `lease_until`), or `failed`
 * for good when `retryAtIso` is null. Only while `owner` holds it.
 */
export async function markExportAttemptFailed(
  db: Db,
  id: string,
  owner: string,
  error: string,
  retryAtIso: string | null,
): Promise<boolean> {
  const result = await db
    .updateTable('data_exports')
    .set({
      status: retryAtIso === null ? 'failed' : 'queued',
      lease_owner: null,
      lease_until: retryAtIso,
      error,
    })
    .where('id', '=', id)
    .where('status', '=', 'building')
    .where('lease_owner', '=', owner)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Gives the export back unbuilt (the process is stopping): any process may take it at once. */
export async function releaseExport(db: Db, id: string, owner: string): Promise<void> {
  await db
    .updateTable('data_exports')
    .set((eb) => ({
      status: 'queued',
      lease_owner: null,
      lease_until: null,
      // Stopping is no fault of the export's: the attempt is not counted.
      attempts: eb('attempts', '-', 1),
    }))
    .where('id', '=', id)
    .where('status', '=', 'building')
    .where('lease_owner', '=', owner)
    .execute();
}

/**
 * Exports the purge removes now: ready ones past `expires_at`, and failed ones requested before
 * `failedBeforeIso`; with their files' keys.
 */
export async function purgeableExports(
  db: Db,
  nowIso: string,
  failedBeforeIso: string,
  limit: number,
): Promise<Array<{ id: string; storage_key: string | null }>> {
  return db
    .selectFrom('data_exports')
    .select(['id', 'storage_key'])
    .where((eb) =>
      eb.or([
        eb.and([eb('status', '=', 'ready'), eb('expires_at', '<=', nowIso)]),
        eb.and([eb('status', '=', 'failed'), eb('requested_at', '<', failedBeforeIso)]),
      ]),
    )
    .orderBy('id')
    .limit(limit)
    .execute();
}

export async function deleteExports(db: Db, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  await db.deleteFrom('data_exports').where('id', 'in', ids).execute();
}

/** Which of these storage keys an export row still names. */
export async function exportKeysAmong(db: Db, keys: string[]): Promise<Set<string>> {
  if (keys.length === 0) return new Set();
  const rows = await db
    .selectFrom('data_exports')
    .select('storage_key')
    .where('storage_key', 'in', keys)
    .execute();
  return new Set(rows.flatMap((row) => (row.storage_key === null ? [] : [row.storage_key])));
}

import { ACCOUNT_DELETION_GRACE_MS } from '@hearth/contract';
import { type Db, engineOf } from '../../db/database.js';
import { addMs } from '../../infra/clock.js';

// Accounts their members are deleting (API.md, One's own account): a `suspensions` row of kind
// 'deletion' hides the member everywhere, as a suspension does (migration 0018), until a login
// cancels it or the purge takes everything ACCOUNT_DELETION_GRACE_MS after `created_at`.

/** When the member's account is purged, if they are deleting it. */
export async function findDeletion(
  db: Db,
  userId: string,
): Promise<{ requestedAt: string; purgeAt: string } | undefined> {
  const row = await db
    .selectFrom('suspensions')
    .select('created_at')
    .where('user_id', '=', userId)
    .where('kind', '=', 'deletion')
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    requestedAt: row.created_at,
    purgeAt: addMs(new Date(row.created_at), ACCOUNT_DELETION_GRACE_MS).toISOString(),
  };
}

/** Cancels a deletion; false when none was under way (a second cancel raced this one). */
export async function deleteDeletion(db: Db, userId: string): Promise<boolean> {
  const result = await db
    .deleteFrom('suspensions')
    .where('user_id', '=', userId)
    .where('kind', '=', 'deletion')
    .executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

/**
 * Starts the deletion: the member is hidden from now on (a `suspensions` row of kind
 * 'deletion', by the member themselves). False when a row stands already: a moderator
 * suspended them, or another request of theirs began the deletion, meanwhile.
 */
export async function insertDeletion(
  db: Db,
  member: { id: string; name: string },
  nowIso: string,
): Promise<boolean> {
  const result = await db
    .insertInto('suspensions')
    .values({
      user_id: member.id,
      kind: 'deletion',
      reason: '',
      by_id: member.id,
      by_name: member.name,
      created_at: nowIso,
    })
    .onConflict((oc) => oc.column('user_id').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0n) === 1;
}

/** Members whose deletion was asked for at or before the cutoff, oldest first. */
export async function deletionsDueBefore(
  db: Db,
  cutoffIso: string,
  limit: number,
): Promise<string[]> {
  const rows = await db
    .selectFrom('suspensions')
    .select('user_id')
    .where('kind', '=', 'deletion')
    .where('created_at', '<=', cutoffIso)
    .orderBy('created_at')
    .limit(limit)
    .execute();
  return rows.map((r) => r.user_id);
}

/**
 * Of these members, those still deleting since the cutoff, with their names as they asked. On
 * PostgreSQL their rows stay locked until the purge commits, so a login cancelling meanwhile
 * waits and then finds nothing to cancel (SQLite runs one writer at a time anyway).
 */
export async function lockDeletionsDue(
  db: Db,
  ids: string[],
  cutoffIso: string,
): Promise<Array<{ id: string; name: string }>> {
  if (ids.length === 0) return [];
  let query = db
    .selectFrom('suspensions')
    .select(['user_id', 'by_name'])
    .where('user_id', 'in', ids)
    .where('kind', '=', 'deletion')
    .where('created_at', '<=', cutoffIso);
  if (engineOf(db) === 'postgres') query = query.forUpdate();
  const rows = await query.execute();
  return rows.map((r) => ({ id: r.user_id, name: r.by_name }));
}

/**
 * Deletes those accounts if their deletion still stands since the cutoff (a login may have
 * cancelled it at the last moment); everything they made goes with them through the foreign
 * keys. Answers the ids deleted.
 */
export async function deleteAccountsDue(
  db: Db,
  ids: string[],
  cutoffIso: string,
): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .deleteFrom('users')
    .where('id', 'in', ids)
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('suspensions as d')
          .select('d.user_id')
          .whereRef('d.user_id', '=', 'users.id')
          .where('d.kind', '=', 'deletion')
          .where('d.created_at', '<=', cutoffIso),
      ),
    )
    .returning('id')
    .execute();
  return rows.map((r) => r.id);
}

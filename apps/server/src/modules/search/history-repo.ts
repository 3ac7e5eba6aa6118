import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import type { UserRow } from '../../db/users.js';
import { type Viewer, visibleMember } from '../access/visibility.js';

/** One entry of a member's recent searches, with the searched member's public fields. */
export interface HistoryEntryRow
  extends Pick<UserRow, 'id' | 'username' | 'picture' | 'first_name' | 'last_name'> {
  entry_id: string;
  created_at: string;
}

/**
 * Puts `searchedId` at the top of the member's history: a new entry, or the existing one with
 * its time raised (one statement, so two adds at once leave one entry). False when no member
 * has that id; the insert reads it from `users`, so a member removed meanwhile is never added.
 */
export async function upsertHistoryEntry(
  db: Db,
  entry: { id: string; viewer: Viewer; searchedId: string; nowIso: string },
): Promise<boolean> {
  const result = await db
    .insertInto('search_history')
    .columns(['id', 'user_id', 'searched_id', 'created_at'])
    .expression(
      db
        .selectFrom('users')
        .select([
          sql.val(entry.id).as('id'),
          sql.val(entry.viewer.id).as('user_id'),
          'users.id as searched_id',
          sql.val(entry.nowIso).as('created_at'),
        ])
        .where('users.id', '=', entry.searchedId)
        // A member hidden from the viewer (a block) is missing here too.
        .where(visibleMember(entry.viewer, 'users.id')),
    )
    .onConflict((oc) =>
      oc
        .columns(['user_id', 'searched_id'])
        .doUpdateSet((eb) => ({ created_at: eb.ref('excluded.created_at') })),
    )
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0n) > 0;
}

/** Forgets all but the member's `keep` newest entries. */
export async function pruneHistory(db: Db, memberId: string, keep: number): Promise<void> {
  await db
    .deleteFrom('search_history')
    .where('user_id', '=', memberId)
    .where(
      'id',
      'not in',
      db
        .selectFrom('search_history')
        .select('id')
        .where('user_id', '=', memberId)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(keep),
    )
    .execute();
}

/** The member's history, newest first (ties: the entry created later first). */
export function historyQuery(db: Db, viewer: Viewer, limit: number) {
  return db
    .selectFrom('search_history as h')
    .innerJoin('users', 'users.id', 'h.searched_id')
    .select([
      'h.id as entry_id',
      'h.created_at',
      'users.id',
      'users.username',
      'users.picture',
      'users.first_name',
      'users.last_name',
    ])
    .where('h.user_id', '=', viewer.id)
    .where(visibleMember(viewer, 'users.id'))
    .orderBy('h.created_at', 'desc')
    .orderBy('h.id', 'desc')
    .limit(limit);
}

export function historyOf(db: Db, viewer: Viewer, limit: number): Promise<HistoryEntryRow[]> {
  return historyQuery(db, viewer, limit).execute();
}

export async function deleteHistoryEntry(
  db: Db,
  memberId: string,
  searchedId: string,
): Promise<void> {
  await db
    .deleteFrom('search_history')
    .where('user_id', '=', memberId)
    .where('searched_id', '=', searchedId)
    .execute();
}

import { sql } from 'kysely';
import { insertRows } from '../db/batches.js';
import type { Db } from '../db/database.js';
import type { NewFollow } from '../db/follows.js';
import type { NewFriendship } from '../db/friendships.js';
import type { NewSavedPost } from '../db/saved-posts.js';
import type { NewSearchHistoryRow } from '../db/search-history.js';

// Bulk loads only the demo and benchmark seed makes; the server itself writes these rows one at
// a time through its repos.

/**
 * Many relations at once, each keyed by its ordered pair as the friendships repo's pairOf makes
 * it.
 */
export async function insertRelations(db: Db, rows: readonly NewFriendship[]): Promise<void> {
  await insertRows(db, 'friendships', rows);
}

/**
 * Many follows at once. Their `friend` flags are left to `markFriendFollows`, run once both the
 * relations and the follows are in.
 */
export async function insertFollows(db: Db, rows: readonly NewFollow[]): Promise<void> {
  await insertRows(db, 'follows', rows);
}

/** Sets every follow row's `friend` flag from the relations, as the friendship calls keep it. */
export async function markFriendFollows(db: Db): Promise<void> {
  // One statement per direction of the pair: each a semi-join on equal columns, which
  // PostgreSQL hashes even on tables it has no statistics for yet (an `or` of the two directions
  // made it probe every friendship for every follow).
  for (const pair of [sql`(follower_id, followee_id)`, sql`(followee_id, follower_id)`]) {
    await sql`update follows set friend = 1 where ${pair} in (
        select low_id, high_id from friendships where status = 'friends')`.execute(db);
  }
}

/** Saved items of many members at once. */
export async function insertSavedPosts(db: Db, rows: readonly NewSavedPost[]): Promise<void> {
  await insertRows(db, 'saved_posts', rows);
}

/**
 * Many history entries at once: each (member, searched member) once, and no more per member than
 * the history keeps.
 */
export async function insertHistoryEntries(
  db: Db,
  rows: readonly NewSearchHistoryRow[],
): Promise<void> {
  await insertRows(db, 'search_history', rows);
}

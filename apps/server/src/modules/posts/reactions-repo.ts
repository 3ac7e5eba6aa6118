import { type Db, engineOf } from '../../db/database.js';

/** Adds the member's reaction; false when the member already has one on this post. */
export async function insertReactionIfAbsent(
  db: Db,
  row: { post_id: string; user_id: string; react: string; created_at: string },
): Promise<boolean> {
  const result = await db
    .insertInto('reactions')
    .values(row)
    .onConflict((oc) => oc.columns(['post_id', 'user_id']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0n) === 1;
}

/**
 * The member's reaction, locked until the transaction ends on PostgreSQL so concurrent changes
 * by the same member queue up (SQLite runs one writer at a time anyway).
 */
export async function lockReaction(
  db: Db,
  postId: string,
  userId: string,
): Promise<string | undefined> {
  let query = db
    .selectFrom('reactions')
    .select('react')
    .where('post_id', '=', postId)
    .where('user_id', '=', userId);
  if (engineOf(db) === 'postgres') query = query.forUpdate();
  return (await query.executeTakeFirst())?.react;
}

export async function deleteReaction(db: Db, postId: string, userId: string): Promise<void> {
  await db
    .deleteFrom('reactions')
    .where('post_id', '=', postId)
    .where('user_id', '=', userId)
    .execute();
}

export async function changeReaction(
  db: Db,
  postId: string,
  userId: string,
  react: string,
  nowIso: string,
): Promise<void> {
  await db
    .updateTable('reactions')
    .set({ react, created_at: nowIso })
    .where('post_id', '=', postId)
    .where('user_id', '=', userId)
    .execute();
}

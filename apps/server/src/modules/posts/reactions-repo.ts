import { insertRows } from '../../db/batches.js';
import { type Db, engineOf } from '../../db/database.js';
import type { NewReaction } from '../../db/reactions.js';
import { notSuspended } from '../access/visibility.js';

/** Many reactions at once (the demo and benchmark seed); each (post, member) at most once. */
export async function insertReactions(db: Db, rows: readonly NewReaction[]): Promise<void> {
  await insertRows(db, 'reactions', rows);
}

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

/**
 * Moves the post's count of one reaction by one, in the reaction's transaction. Callers that
 * move two counts take them in name order, so two transactions never wait on each other.
 */
export async function addToReactionCount(
  db: Db,
  postId: string,
  react: string,
  delta: 1 | -1,
): Promise<void> {
  if (delta === 1) {
    await db
      .insertInto('reaction_counts')
      .values({ post_id: postId, react, count: 1 })
      .onConflict((oc) =>
        oc
          .columns(['post_id', 'react'])
          .doUpdateSet((eb) => ({ count: eb('reaction_counts.count', '+', 1) })),
      )
      .execute();
    return;
  }
  await db
    .updateTable('reaction_counts')
    .set((eb) => ({ count: eb('count', '-', 1) }))
    .where('post_id', '=', postId)
    .where('react', '=', react)
    .execute();
}

/** The posts these members reacted to (their counts change when the members go). */
export async function postsReactedBy(db: Db, userIds: string[]): Promise<string[]> {
  if (userIds.length === 0) return [];
  const rows = await db
    .selectFrom('reactions')
    .select('post_id')
    .distinct()
    .where('user_id', 'in', userIds)
    .execute();
  return rows.map((r) => r.post_id);
}

/** Posts recounted per statement: a member may have reacted to more posts than one statement binds. */
const RECOUNT_CHUNK = 500;

/** Counts these posts' reactions again from the reactions themselves. */
export async function recountReactions(db: Db, postIds: string[]): Promise<void> {
  for (let start = 0; start < postIds.length; start += RECOUNT_CHUNK) {
    const chunk = postIds.slice(start, start + RECOUNT_CHUNK);
    await db.deleteFrom('reaction_counts').where('post_id', 'in', chunk).execute();
    await insertCounts(db, chunk);
  }
}

/** Counts every post's reactions again (after a bulk load of reactions: the seed). */
export async function recountAllReactions(db: Db): Promise<void> {
  await db.deleteFrom('reaction_counts').execute();
  await insertCounts(db, undefined);
}

/**
 * Writes the counts of these posts' reactions (of every post's, without a list). A suspended
 * member's reactions count nowhere while the suspension lasts (the visibility rule): suspending
 * and lifting it recount the posts they reacted to, and any other recount agrees.
 */
async function insertCounts(db: Db, postIds: string[] | undefined): Promise<void> {
  let counts = db
    .selectFrom('reactions')
    .select(['post_id', 'react', (eb) => eb.fn.countAll<number>().as('count')])
    .where(notSuspended('reactions.user_id'))
    .groupBy(['post_id', 'react']);
  if (postIds) counts = counts.where('post_id', 'in', postIds);
  await db
    .insertInto('reaction_counts')
    .columns(['post_id', 'react', 'count'])
    .expression(counts)
    .execute();
}

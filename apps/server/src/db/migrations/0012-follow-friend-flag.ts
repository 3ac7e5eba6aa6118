import { type Kysely, sql } from 'kysely';

// The feed reads each followee's friends-only posts when the viewer is their friend. Kept on the
// follow row itself (`friend`, 1 while the two are friends), the feed tests a column of its author
// list instead of probing `friendships` for every friends-only post it considers. The friendships
// repo keeps it true in the transactions that change a pair (docs/architecture.md, Who sees what).

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('follows')
    .addColumn('friend', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  // One statement per direction of the pair: each a semi-join on equal columns, which
  // PostgreSQL hashes even on tables it has no statistics for yet (an `or` of the two directions
  // made it probe every friendship for every follow).
  for (const pair of [sql`(follower_id, followee_id)`, sql`(followee_id, follower_id)`]) {
    await sql`update follows set friend = 1 where ${pair} in (
        select low_id, high_id from friendships where status = 'friends')`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('follows').dropColumn('friend').execute();
}

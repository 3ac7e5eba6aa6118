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
  await sql`update follows set friend = 1 where exists (
      select 1 from friendships as fr where fr.status = 'friends'
        and ((fr.low_id = follows.follower_id and fr.high_id = follows.followee_id)
          or (fr.low_id = follows.followee_id and fr.high_id = follows.follower_id)))`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('follows').dropColumn('friend').execute();
}

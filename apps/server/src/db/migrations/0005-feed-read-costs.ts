import { type Kysely, sql } from 'kysely';

// Found by the benchmark (bench/RESULTS.md): a feed page's reads no longer grow with the size of
// the network nor with how popular its posts are.

export async function up(db: Kysely<unknown>): Promise<void> {
  // The feed and profiles pick live posts of some authors, newest first: with deleted_at between
  // author and id, that is one ordered range per author read from the index, no table row.
  await db.schema
    .createIndex('posts_user_id_deleted_at_id')
    .on('posts')
    .columns(['user_id', 'deleted_at', 'id'])
    .execute();
  await db.schema.dropIndex('posts_user_id_id').execute();

  // Reaction counts per post and name, instead of counting a post's reactions on every read
  // (which the (post_id, react) index served); the primary key (post_id, user_id) finds the
  // viewer's own reaction.
  await db.schema
    .createTable('reaction_counts')
    .addColumn('post_id', 'text', (c) => c.notNull().references('posts.id').onDelete('cascade'))
    .addColumn('react', 'text', (c) => c.notNull())
    .addColumn('count', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('reaction_counts_pk', ['post_id', 'react'])
    .execute();
  await sql`
    insert into reaction_counts (post_id, react, count)
    select post_id, react, count(*) from reactions group by post_id, react
  `.execute(db);
  await db.schema.dropIndex('reactions_post_id_react').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('reactions_post_id_react')
    .on('reactions')
    .columns(['post_id', 'react'])
    .execute();
  await db.schema.dropTable('reaction_counts').execute();
  await db.schema.createIndex('posts_user_id_id').on('posts').columns(['user_id', 'id']).execute();
  await db.schema.dropIndex('posts_user_id_deleted_at_id').execute();
}

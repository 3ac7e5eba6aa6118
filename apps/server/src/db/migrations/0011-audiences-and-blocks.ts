import type { Kysely } from 'kysely';

// Who sees what (API.md): each post's audience, and blocks between members. Existing posts
// become 'members', what every member could see before. A block is one row per direction
// (blocker, blocked); the visibility rule asks for one either way with two primary-key probes.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('posts')
    .addColumn('audience', 'text', (c) => c.notNull().defaultTo('members'))
    .execute();
  // The feed and profiles read live posts of some authors newest first, and now their audience:
  // kept in the index, so a page is still read from the index alone.
  await db.schema
    .createIndex('posts_user_id_deleted_at_id_audience')
    .on('posts')
    .columns(['user_id', 'deleted_at', 'id', 'audience'])
    .execute();
  await db.schema.dropIndex('posts_user_id_deleted_at_id').execute();
  await db.schema
    .createTable('blocks')
    .addColumn('blocker_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('blocked_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('blocks_pk', ['blocker_id', 'blocked_id'])
    .execute();
  // The other direction (who blocked me) and the cascade from a blocked member's account.
  await db.schema
    .createIndex('blocks_blocked_id_blocker_id')
    .on('blocks')
    .columns(['blocked_id', 'blocker_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('blocks').execute();
  await db.schema
    .createIndex('posts_user_id_deleted_at_id')
    .on('posts')
    .columns(['user_id', 'deleted_at', 'id'])
    .execute();
  await db.schema.dropIndex('posts_user_id_deleted_at_id_audience').execute();
  await db.schema.alterTable('posts').dropColumn('audience').execute();
}

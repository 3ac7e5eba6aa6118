import { type Kysely, sql } from 'kysely';

// What members are told about others' actions (API.md, Notifications). A row names its post and
// comment, never copies their text: answers read it, so a trashed post hides its notifications
// by a join, and a purged post or account takes them with it through the foreign keys.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('notifications')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('actor_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('post_id', 'text', (c) => c.references('posts.id').onDelete('cascade'))
    .addColumn('react', 'text')
    .addColumn('comment_id', 'text', (c) => c.references('comments.id').onDelete('cascade'))
    .addColumn('read', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  // The list: a member's notifications newest first, by (created_at, id) from the cursor down.
  await db.schema
    .createIndex('notifications_user_id_created_at_id')
    .on('notifications')
    .columns(['user_id', 'created_at', 'id'])
    .execute();
  // The bell's badge counts only unread rows.
  await sql`create index notifications_unread on notifications (user_id) where read = 0`.execute(
    db,
  );
  // One reaction notification per reacting member and post, one per pair for the friend ones.
  await sql`create unique index notifications_react_unique
    on notifications (user_id, actor_id, post_id) where type = 'react'`.execute(db);
  await sql`create unique index notifications_friend_unique
    on notifications (user_id, actor_id, type) where type in ('friendRequest', 'friendAccepted')`.execute(
    db,
  );
  // The cascades from posts, comments and an actor's account find their rows by these.
  await db.schema
    .createIndex('notifications_post_id')
    .on('notifications')
    .column('post_id')
    .execute();
  await db.schema
    .createIndex('notifications_comment_id')
    .on('notifications')
    .column('comment_id')
    .execute();
  await db.schema
    .createIndex('notifications_actor_id')
    .on('notifications')
    .column('actor_id')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('notifications').execute();
}

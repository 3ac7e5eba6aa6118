import type { Kysely } from 'kysely';

// Who sees what, second part (API.md): a post's earlier versions, mutes, a member's switch for
// a post's notifications, and each member's privacy settings (defaults: what everyone had).

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('posts').addColumn('edited_at', 'text').execute();
  // One row per earlier version: what the post showed from `created_at` until the next edit.
  await db.schema
    .createTable('post_edits')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('post_id', 'text', (c) => c.notNull().references('posts.id').onDelete('cascade'))
    .addColumn('text', 'text')
    .addColumn('background', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('post_edits_post_id_id')
    .on('post_edits')
    .columns(['post_id', 'id'])
    .execute();
  // An earlier version's photos: they keep their uploads referenced until the post is purged.
  await db.schema
    .createTable('post_edit_images')
    .addColumn('edit_id', 'text', (c) =>
      c.notNull().references('post_edits.id').onDelete('cascade'),
    )
    .addColumn('post_id', 'text', (c) => c.notNull().references('posts.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('storage_key', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('post_edit_images_pk', ['edit_id', 'position'])
    .execute();
  await db.schema
    .createIndex('post_edit_images_storage_key')
    .on('post_edit_images')
    .column('storage_key')
    .execute();
  await db.schema
    .createIndex('post_edit_images_post_id')
    .on('post_edit_images')
    .column('post_id')
    .execute();
  // A mute, one row per (muter, muted); the muted member's id second for the cascade.
  await db.schema
    .createTable('mutes')
    .addColumn('muter_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('muted_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('mutes_pk', ['muter_id', 'muted_id'])
    .execute();
  await db.schema
    .createIndex('mutes_muted_id_muter_id')
    .on('mutes')
    .columns(['muted_id', 'muter_id'])
    .execute();
  // A member's switch for one post's notifications: the author's off (0), anyone else's on (1).
  await db.schema
    .createTable('post_notification_settings')
    .addColumn('post_id', 'text', (c) => c.notNull().references('posts.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('notify', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('post_notification_settings_pk', ['post_id', 'user_id'])
    .execute();
  await db.schema
    .createIndex('post_notification_settings_user_id')
    .on('post_notification_settings')
    .column('user_id')
    .execute();
  await db.schema
    .alterTable('users')
    .addColumn('default_audience', 'text', (c) => c.notNull().defaultTo('members'))
    .execute();
  await db.schema
    .alterTable('users')
    .addColumn('friend_requests_from', 'text', (c) => c.notNull().defaultTo('everyone'))
    .execute();
  await db.schema
    .alterTable('users')
    .addColumn('friends_list_visible_to', 'text', (c) => c.notNull().defaultTo('public'))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const column of ['friends_list_visible_to', 'friend_requests_from', 'default_audience']) {
    await db.schema.alterTable('users').dropColumn(column).execute();
  }
  await db.schema.dropTable('post_notification_settings').execute();
  await db.schema.dropTable('mutes').execute();
  await db.schema.dropTable('post_edit_images').execute();
  await db.schema.dropTable('post_edits').execute();
  await db.schema.alterTable('posts').dropColumn('edited_at').execute();
}

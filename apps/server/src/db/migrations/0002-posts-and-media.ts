import type { Kysely } from 'kysely';

// Same conventions as 0001: text ids (UUIDv7), ISO-8601 UTC text times, one migration for both engines.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('media')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('owner_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('folder', 'text', (c) => c.notNull())
    .addColumn('storage_key', 'text', (c) => c.notNull())
    .addColumn('url', 'text', (c) => c.notNull())
    .addColumn('content_type', 'text', (c) => c.notNull())
    .addColumn('width', 'integer', (c) => c.notNull())
    .addColumn('height', 'integer', (c) => c.notNull())
    .addColumn('bytes', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('media_storage_key_unique', ['storage_key'])
    .addUniqueConstraint('media_url_unique', ['url'])
    .execute();
  // listImages pages through one member's uploads by id; "is this url mine" looks up by url.
  await db.schema
    .createIndex('media_owner_id_id')
    .on('media')
    .columns(['owner_id', 'id'])
    .execute();
  // Before an upload's file is purged, the purge checks no member still shows it as picture or cover.
  await db.schema.createIndex('users_picture').on('users').column('picture').execute();
  await db.schema.createIndex('users_cover').on('users').column('cover').execute();

  await db.schema
    .createTable('posts')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('type', 'text')
    .addColumn('text', 'text')
    .addColumn('background', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('deleted_at', 'text')
    .execute();
  // The feed walks each author's posts newest first; the trash purge scans by deletion time.
  await db.schema.createIndex('posts_user_id_id').on('posts').columns(['user_id', 'id']).execute();
  // Partial: only trash is indexed, so the feed's planner never mistakes it for a way to live posts.
  await db.schema
    .createIndex('posts_deleted_at')
    .on('posts')
    .column('deleted_at')
    .where('deleted_at', 'is not', null)
    .execute();

  await db.schema
    .createTable('post_images')
    .addColumn('post_id', 'text', (c) => c.notNull().references('posts.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('url', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('post_images_pk', ['post_id', 'position'])
    .execute();
  // The purge asks whether an image is still shown by another post.
  await db.schema.createIndex('post_images_url').on('post_images').column('url').execute();

  await db.schema
    .createTable('comments')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('post_id', 'text', (c) => c.notNull().references('posts.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('comment', 'text', (c) => c.notNull())
    .addColumn('image', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  // A post's comments newest first (feed and paging); a member's comments when the account goes.
  await db.schema
    .createIndex('comments_post_id_id')
    .on('comments')
    .columns(['post_id', 'id'])
    .execute();
  await db.schema.createIndex('comments_user_id').on('comments').column('user_id').execute();
  await db.schema.createIndex('comments_image').on('comments').column('image').execute();

  await db.schema
    .createTable('reactions')
    .addColumn('post_id', 'text', (c) => c.notNull().references('posts.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('react', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('reactions_pk', ['post_id', 'user_id'])
    .execute();
  // Counting a post's reactions by name reads this index alone.
  await db.schema
    .createIndex('reactions_post_id_react')
    .on('reactions')
    .columns(['post_id', 'react'])
    .execute();
  await db.schema.createIndex('reactions_user_id').on('reactions').column('user_id').execute();

  await db.schema
    .createTable('saved_posts')
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('post_id', 'text', (c) => c.notNull().references('posts.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('saved_posts_pk', ['user_id', 'post_id'])
    .execute();
  await db.schema.createIndex('saved_posts_post_id').on('saved_posts').column('post_id').execute();

  await db.schema
    .createTable('follows')
    .addColumn('follower_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('followee_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('follows_pk', ['follower_id', 'followee_id'])
    .execute();
  // The primary key serves "whom do I follow"; this one serves "who follows me".
  await db.schema.createIndex('follows_followee_id').on('follows').column('followee_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('follows').execute();
  await db.schema.dropTable('saved_posts').execute();
  await db.schema.dropTable('reactions').execute();
  await db.schema.dropTable('comments').execute();
  await db.schema.dropTable('post_images').execute();
  await db.schema.dropTable('posts').execute();
  await db.schema.dropTable('media').execute();
  await db.schema.dropIndex('users_cover').execute();
  await db.schema.dropIndex('users_picture').execute();
}

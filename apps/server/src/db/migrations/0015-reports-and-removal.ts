import { type Kysely, sql } from 'kysely';

// Reports and moderation actions (API.md, Hosts in charge): reports with the content as it was
// reported, posts and comments removed by a moderator, and the reason a notification carries.

export async function up(db: Kysely<unknown>): Promise<void> {
  // A removed post is also in trash (deleted_at): every read path hides it already, and the
  // purge takes it later; removed_at says a moderator did it.
  await db.schema.alterTable('posts').addColumn('removed_at', 'text').execute();
  await db.schema.alterTable('comments').addColumn('removed_at', 'text').execute();
  // A moderator's reason, shown with a `postRemoved`, `commentRemoved` or `warning` notification.
  await db.schema.alterTable('notifications').addColumn('note', 'text').execute();

  await db.schema
    .createTable('reports')
    .addColumn('id', 'text', (c) => c.primaryKey())
    // The report outlives its reporter's and its member's accounts (set null), and the content
    // it names (its snapshot stays).
    .addColumn('reporter_id', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('member_id', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('target_type', 'text', (c) => c.notNull())
    .addColumn('target_id', 'text', (c) => c.notNull())
    .addColumn('post_id', 'text', (c) => c.references('posts.id').onDelete('set null'))
    .addColumn('comment_id', 'text', (c) => c.references('comments.id').onDelete('set null'))
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('details', 'text', (c) => c.notNull())
    // JSON: the post's or comment's text, background, images and time when it was reported.
    .addColumn('snapshot', 'text')
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('action', 'text')
    .addColumn('resolution_reason', 'text')
    .addColumn('resolved_by_id', 'text')
    .addColumn('resolved_by_name', 'text')
    .addColumn('resolved_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  // One open report per member and target.
  await db.schema
    .createIndex('reports_open_reporter_target')
    .on('reports')
    .columns(['reporter_id', 'target_type', 'target_id'])
    .unique()
    .where(sql.ref('status'), '=', 'open')
    .execute();
  await db.schema
    .createIndex('reports_status_id')
    .on('reports')
    .columns(['status', 'id'])
    .execute();
  await db.schema
    .createIndex('reports_target')
    .on('reports')
    .columns(['target_type', 'target_id', 'status'])
    .execute();
  await db.schema
    .createIndex('reports_member_id_id')
    .on('reports')
    .columns(['member_id', 'id'])
    .execute();
  await db.schema
    .createIndex('reports_reporter_id_id')
    .on('reports')
    .columns(['reporter_id', 'id'])
    .execute();
  await db.schema.createIndex('reports_post_id').on('reports').column('post_id').execute();
  await db.schema.createIndex('reports_comment_id').on('reports').column('comment_id').execute();
  // The audit log read by member (the reported member's history) and newest first.
  await db.schema
    .createIndex('audit_log_target_id_id')
    .on('audit_log')
    .columns(['target_id', 'id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('audit_log_target_id_id').execute();
  await db.schema.dropTable('reports').execute();
  await db.schema.alterTable('notifications').dropColumn('note').execute();
  await db.schema.alterTable('comments').dropColumn('removed_at').execute();
  await db.schema.alterTable('posts').dropColumn('removed_at').execute();
}

import type { Kysely } from 'kysely';

// The photos a report keeps (API.md, Hosts in charge): a reported post's or comment's images,
// which moderators must still see once the author trashed the post, a moderator removed it or
// its author is suspended (the visibility rule hides them from everyone else then).

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('report_images')
    .addColumn('report_id', 'text', (c) => c.notNull().references('reports.id').onDelete('cascade'))
    .addColumn('storage_key', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('report_images_pkey', ['report_id', 'storage_key'])
    .execute();
  // The media route asks by key (media/references.ts).
  await db.schema
    .createIndex('report_images_storage_key')
    .on('report_images')
    .column('storage_key')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('report_images').execute();
}

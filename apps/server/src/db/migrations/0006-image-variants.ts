import { type Kysely, sql } from 'kysely';

// Every upload is also stored as right-sized WebP variants (the contract's image-variants.ts).
// Uploads from before this migration have none until the image-variants job makes them; the
// flag tells it which. New uploads store their variants at once and set it.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('media')
    .addColumn('variants_ready', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  // The job's only question, "which uploads still lack variants, by id": once it has caught up,
  // this index is empty, so asking costs nothing however large the table.
  await sql`create index media_variants_pending on media (id) where variants_ready = 0`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('media_variants_pending').execute();
  await db.schema.alterTable('media').dropColumn('variants_ready').execute();
}

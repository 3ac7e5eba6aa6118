import { type Kysely, sql } from 'kysely';

// Same conventions as 0001: text ids, ISO-8601 UTC text times, one migration for both engines.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('friendships')
    .addColumn('low_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('high_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('requester_id', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    // One relation per pair: the ordered pair is the key, so A->B and B->A are the same row.
    .addPrimaryKeyConstraint('friendships_pk', ['low_id', 'high_id'])
    .addCheckConstraint('friendships_ordered_pair', sql`low_id < high_id`)
    .addCheckConstraint(
      'friendships_requester_in_pair',
      sql`requester_id = low_id or requester_id = high_id`,
    )
    .addCheckConstraint('friendships_status', sql`status in ('requested', 'friends')`)
    .execute();
  // The primary key serves a member's relations as the low side; this one the high side.
  await db.schema
    .createIndex('friendships_high_id')
    .on('friendships')
    .columns(['high_id', 'status'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('friendships').execute();
}

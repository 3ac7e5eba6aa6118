import type { Kysely } from 'kysely';

// Suspension and deletion (API.md, Hosts in charge): who is suspended, and the addresses of
// accounts an admin deleted, kept as hashes so that they cannot sign up again.

export async function up(db: Kysely<unknown>): Promise<void> {
  // One row per suspended member. The visibility rule asks it for every author it shows
  // (`not exists`, a primary-key probe into a table that is nearly always tiny), so nothing
  // they made is rewritten: lifting the suspension deletes the row and everything shows again.
  await db.schema
    .createTable('suspensions')
    .addColumn('user_id', 'text', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('by_id', 'text')
    .addColumn('by_name', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('email_blocks')
    .addColumn('id', 'text', (c) => c.primaryKey())
    // SHA-256 of the lower-cased address, hex: the address itself is not kept.
    .addColumn('email_hash', 'text', (c) => c.notNull().unique())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('by_id', 'text')
    .addColumn('by_name', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('email_blocks').execute();
  await db.schema.dropTable('suspensions').execute();
}

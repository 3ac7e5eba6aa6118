import type { Kysely } from 'kysely';

// Sessions the server knows, so a logout or a password reset ends them at once on every process.
// They replace users.token_version: a reset ends a member's sessions by deleting their rows.
// Tokens issued before this migration name no session and are refused: members log in again.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('sessions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .execute();
  // 'Log out of all devices' and a reset end a member's sessions; the purge scans by expiry.
  await db.schema.createIndex('sessions_user_id').on('sessions').column('user_id').execute();
  await db.schema.createIndex('sessions_expires_at').on('sessions').column('expires_at').execute();
  await db.schema.alterTable('users').dropColumn('token_version').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('token_version', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.dropTable('sessions').execute();
}

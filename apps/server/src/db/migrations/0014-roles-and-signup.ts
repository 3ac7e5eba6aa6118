import { type Kysely, sql } from 'kysely';

// Who may join (API.md, Hosts in charge): members' roles, applicants waiting for approval, the
// server's settings (one row, its value JSON), invite links, and the audit log.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('role', 'text', (c) => c.notNull().defaultTo('member'))
    .execute();
  // 1 while an applicant waits for approval (approval mode); they cannot log in until then.
  await db.schema
    .alterTable('users')
    .addColumn('pending', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('users').addColumn('join_reason', 'text').execute();
  // When a moderator approved the applicant: the unverified-account purge counts from there.
  await db.schema.alterTable('users').addColumn('approved_at', 'text').execute();
  // A moderator's or admin's last request (members' activity is not kept).
  await db.schema.alterTable('users').addColumn('last_active_at', 'text').execute();
  // Staff and applicants are few: these find them without reading every member.
  await db.schema.createIndex('users_role').on('users').column('role').execute();
  await db.schema.createIndex('users_pending_id').on('users').columns(['pending', 'id']).execute();

  await db.schema
    .createTable('server_settings')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  // The defaults, written now: `open` since this migration, the start of the inactivity count.
  const now = new Date().toISOString();
  await sql`insert into server_settings (key, value, updated_at) values (${'community'}, ${JSON.stringify({ signupModeSince: now })}, ${now})`.execute(
    db,
  );

  await db.schema
    .createTable('invites')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('code', 'text', (c) => c.notNull().unique())
    // The invite outlives its maker's account (it is the admin's to revoke then).
    .addColumn('created_by', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('uses', 'integer', (c) => c.notNull())
    .addColumn('used', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('revoked_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('invites_created_by_id')
    .on('invites')
    .columns(['created_by', 'id'])
    .execute();

  // No foreign keys: a row stays when the member it names is purged.
  await db.schema
    .createTable('audit_log')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('actor_id', 'text')
    .addColumn('actor_name', 'text', (c) => c.notNull())
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('target_id', 'text')
    .addColumn('target_name', 'text')
    .addColumn('details', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('audit_log').execute();
  await db.schema.dropTable('invites').execute();
  await db.schema.dropTable('server_settings').execute();
  await db.schema.dropIndex('users_pending_id').execute();
  await db.schema.dropIndex('users_role').execute();
  for (const column of ['last_active_at', 'approved_at', 'join_reason', 'pending', 'role']) {
    await db.schema.alterTable('users').dropColumn(column).execute();
  }
}

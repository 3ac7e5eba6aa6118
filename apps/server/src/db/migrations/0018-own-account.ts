import { type Kysely, sql } from 'kysely';

// One's own account (API.md, One's own account): where each session was last used, e-mail
// changes waiting for their link, two-factor sign-in, accounts their members are deleting
// (hidden like a suspension, so the visibility rule still pays one probe), and usernames that
// are never given out again.

export async function up(db: Kysely<unknown>): Promise<void> {
  // Where you're logged in: written at login, then at most once a minute per session.
  await db.schema.alterTable('sessions').addColumn('user_agent', 'text').execute();
  await db.schema.alterTable('sessions').addColumn('ip', 'text').execute();
  await db.schema.alterTable('sessions').addColumn('last_active_at', 'text').execute();
  await sql`update sessions set last_active_at = created_at`.execute(db);

  // A new address waits here until the link sent to it is opened (24 h, once).
  await db.schema
    .createTable('email_changes')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('new_email', 'text', (c) => c.notNull())
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('email_changes_user_id')
    .on('email_changes')
    .column('user_id')
    .execute();

  // Two-factor sign-in: the secret encrypted with a key derived from the server's secret;
  // `enabled_at` null while a setup waits for its first code; `last_step` the newest TOTP
  // time step used, so a code is taken once.
  await db.schema
    .createTable('two_factor')
    .addColumn('user_id', 'text', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('secret', 'text', (c) => c.notNull())
    .addColumn('enabled_at', 'text')
    .addColumn('last_step', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  // Hashes only: the codes are shown once.
  await db.schema
    .createTable('recovery_codes')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('code_hash', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .execute();
  await db.schema
    .createIndex('recovery_codes_user_id')
    .on('recovery_codes')
    .column('user_id')
    .execute();

  // A member deleting their account is hidden as a suspended one is: one row in `suspensions`,
  // of kind 'deletion' (created_at: when they asked). Moderators' lists show kind 'suspension'.
  await db.schema
    .alterTable('suspensions')
    .addColumn('kind', 'text', (c) => c.notNull().defaultTo('suspension'))
    .execute();
  await db.schema
    .createIndex('suspensions_kind_created_at')
    .on('suspensions')
    .columns(['kind', 'created_at'])
    .execute();

  // Download your information: one row per requested zip. A process builds it under a lease
  // (`lease_owner`, `lease_until`), so a zip whose builder died is taken up again; ready ones are
  // downloadable until `expires_at`, then the purge deletes row and file.
  await db.schema
    .createTable('data_exports')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    // 'queued', 'building', 'ready' or 'failed'.
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('storage_key', 'text')
    .addColumn('bytes', 'bigint')
    .addColumn('lease_owner', 'text')
    .addColumn('lease_until', 'text')
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('error', 'text')
    .addColumn('requested_at', 'text', (c) => c.notNull())
    .addColumn('ready_at', 'text')
    .addColumn('expires_at', 'text')
    .execute();
  await db.schema
    .createIndex('data_exports_user_id')
    .on('data_exports')
    .column('user_id')
    .execute();
  await db.schema
    .createIndex('data_exports_status_lease')
    .on('data_exports')
    .columns(['status', 'lease_until'])
    .execute();

  // Usernames of deleted accounts: sign-up's numbering skips them for good.
  await db.schema
    .createTable('retired_usernames')
    .addColumn('username', 'text', (c) => c.primaryKey())
    .addColumn('retired_at', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('retired_usernames').execute();
  await db.schema.dropTable('data_exports').execute();
  await db.schema.dropIndex('suspensions_kind_created_at').execute();
  await db.schema.alterTable('suspensions').dropColumn('kind').execute();
  await db.schema.dropTable('recovery_codes').execute();
  await db.schema.dropTable('two_factor').execute();
  await db.schema.dropTable('email_changes').execute();
  await db.schema.alterTable('sessions').dropColumn('last_active_at').execute();
  await db.schema.alterTable('sessions').dropColumn('ip').execute();
  await db.schema.alterTable('sessions').dropColumn('user_agent').execute();
}

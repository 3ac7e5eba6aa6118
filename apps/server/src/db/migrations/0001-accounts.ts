import { DEFAULT_PICTURE } from '@hearth/contract';
import type { Kysely } from 'kysely';

// Text ids, ISO-8601 UTC text times and 0/1 integer flags keep one migration valid on both engines.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('users')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('first_name', 'text', (c) => c.notNull())
    .addColumn('last_name', 'text', (c) => c.notNull())
    .addColumn('username', 'text', (c) => c.notNull())
    .addColumn('picture', 'text', (c) => c.notNull().defaultTo(DEFAULT_PICTURE))
    .addColumn('cover', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('gender', 'text', (c) => c.notNull())
    .addColumn('birth_year', 'integer', (c) => c.notNull())
    .addColumn('birth_month', 'integer', (c) => c.notNull())
    .addColumn('birth_day', 'integer', (c) => c.notNull())
    .addColumn('verified', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('token_version', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('details', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('users_email_unique', ['email'])
    .addUniqueConstraint('users_username_unique', ['username'])
    .execute();
  // The purge of unverified accounts scans by these two.
  await db.schema
    .createIndex('users_verified_created_at')
    .on('users')
    .columns(['verified', 'created_at'])
    .execute();

  await db.schema
    .createTable('email_verifications')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('token_hash', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('email_verifications_token_hash_unique', ['token_hash'])
    .execute();
  await db.schema
    .createIndex('email_verifications_user_id')
    .on('email_verifications')
    .column('user_id')
    .execute();

  await db.schema
    .createTable('password_resets')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('code_hash', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('wrong_tries', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('validated_until', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('password_resets_user_id_unique', ['user_id'])
    .execute();

  await db.schema
    .createTable('mail_outbox')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('recipient', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('text_body', 'text', (c) => c.notNull())
    .addColumn('html_body', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('pending'))
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'text', (c) => c.notNull())
    .addColumn('lease_until', 'text')
    .addColumn('lease_owner', 'text')
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('sent_at', 'text')
    .execute();
  // The delivery job looks for due pending mail; the dev mailbox lists newest first.
  await db.schema
    .createIndex('mail_outbox_status_next_attempt_at')
    .on('mail_outbox')
    .columns(['status', 'next_attempt_at'])
    .execute();
  await db.schema
    .createIndex('mail_outbox_created_at')
    .on('mail_outbox')
    .column('created_at')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('mail_outbox').execute();
  await db.schema.dropTable('password_resets').execute();
  await db.schema.dropTable('email_verifications').execute();
  await db.schema.dropTable('users').execute();
}

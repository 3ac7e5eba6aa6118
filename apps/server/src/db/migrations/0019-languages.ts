import type { Kysely } from 'kysely';

// Languages (the languages issue): the language each member's screens and mails are in, one of
// the login footer's codes ('en', 'fr', 'ar', …; English for every existing member), and the
// language each queued mail is written in, sent as its Content-Language header (null for mail
// queued before this migration: no header).

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('language', 'text', (c) => c.notNull().defaultTo('en'))
    .execute();
  await db.schema.alterTable('mail_outbox').addColumn('language', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('mail_outbox').dropColumn('language').execute();
  await db.schema.alterTable('users').dropColumn('language').execute();
}

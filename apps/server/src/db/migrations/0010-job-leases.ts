import type { Kysely } from 'kysely';

// Leases that keep work to one process at a time across every process and machine sharing the
// database (infra/leases.ts): a scheduled job's period ('purges', 'image-variants',
// 'orphan-files'), and a running backup ('backup:<holder>'), which the purges respect. A row is
// taken with one atomic statement when it is missing or its held_until has passed, so a holder
// that died stops holding once its time is up.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('job_leases')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('holder', 'text', (c) => c.notNull())
    .addColumn('held_until', 'text', (c) => c.notNull())
    .addColumn('started_at', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('job_leases').execute();
}

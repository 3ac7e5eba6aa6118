import { setTimeout } from 'node:timers/promises';
import { sql } from 'kysely';
import { type MigrationResultSet, Migrator, NO_MIGRATIONS } from 'kysely/migration';
import type { DatabaseHandle } from './database.js';
import { migrations } from './migrations/index.js';

function migrator(handle: DatabaseHandle, schema: string | undefined): Migrator {
  return new Migrator({
    db: handle.db,
    provider: { getMigrations: async () => Object.fromEntries(migrations) },
    ...(schema ? { migrationTableSchema: schema } : {}),
  });
}

/**
 * On PostgreSQL Kysely looks for its bookkeeping tables in every schema unless told which one;
 * naming the current schema keeps several deployments (or test suites) in one database apart.
 */
async function currentSchema(handle: DatabaseHandle): Promise<string | undefined> {
  if (handle.engine !== 'postgres') return undefined;
  const result = await sql<{ schema: string }>`select current_schema() as schema`.execute(
    handle.db,
  );
  return result.rows[0]?.schema;
}

function unwrap({ error, results }: MigrationResultSet): void {
  // Kysely refuses a database that ran a migration this code does not have: a newer version of
  // Hearth migrated it. Said so in words a host can act on.
  const missing = /previously executed migration (\S+) is missing/.exec(
    (error as Error | undefined)?.message ?? '',
  );
  if (missing) {
    throw new Error(
      `This database was migrated by a newer version of Hearth (migration ${missing[1]}), ` +
        'which this version does not know: start the newer version again, or restore the ' +
        'backup taken before the upgrade (docs/upgrade.md).',
    );
  }
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    const name = failed ? ` (${failed.migrationName})` : '';
    throw new Error(`Database migration failed${name}`, { cause: error });
  }
}

/**
 * Brings the database to the newest schema. Kysely's migrator looks for its own table by
 * listing the tables of every schema of the database; when something else drops a schema in the
 * middle of that listing (other test suites sharing the database, another application),
 * PostgreSQL answers "schema … does not exist" (3F000) about the schema that went. Ours was not
 * touched and nothing was migrated yet (the migrations run in one transaction), so it tries again.
 */
export async function migrateToLatest(handle: DatabaseHandle): Promise<void> {
  await runMigrations(handle, (m) => m.migrateToLatest());
}

/**
 * Runs the migrator, trying again while the failure was another schema changing under Kysely's
 * catalog listing (anotherSchemaChanged); any other failure is thrown as unwrap says it.
 */
async function runMigrations(
  handle: DatabaseHandle,
  run: (m: Migrator) => Promise<MigrationResultSet>,
): Promise<void> {
  const schema = await currentSchema(handle);
  for (let attempt = 1; ; attempt++) {
    const result = await run(migrator(handle, schema));
    const cause = result.error as { code?: string; message?: string } | undefined;
    if (
      schema !== undefined &&
      anotherSchemaChanged(cause, schema) &&
      attempt < MIGRATION_ATTEMPTS
    ) {
      await setTimeout(10 + Math.random() * 40);
      continue;
    }
    unwrap(result);
    return;
  }
}

const MIGRATION_ATTEMPTS = 10;

/**
 * Whether a failed migration run tripped over another schema changing while Kysely listed the
 * catalog of every schema, rather than over our own: then nothing of ours ran (our migrations
 * are one transaction) and trying again is safe; a real failure fails every time.
 * - 3F000 "schema … does not exist" about a schema that is not ours (it was dropped);
 * - 42703 "column … does not exist" (another schema's migration dropped a column);
 * - 42P01 "relation "schema.table" does not exist" about another schema's table (dropped
 *   between the listing and its serial-sequence lookup; seen once in a full CI run).
 */
export function anotherSchemaChanged(
  cause: { code?: string; message?: string } | undefined,
  schema: string,
): boolean {
  const message = cause?.message ?? '';
  if (cause?.code === '3F000') return !message.includes(`"${schema}"`);
  if (cause?.code === '42703') return true;
  if (cause?.code === '42P01')
    return /"[^"]+\.[^"]+"/.test(message) && !message.includes(`"${schema}.`);
  return false;
}

/** Runs or undoes migrations up to and including `name` (tests of one migration's data path). */
export async function migrateTo(handle: DatabaseHandle, name: string): Promise<void> {
  await runMigrations(handle, (m) => m.migrateTo(name));
}

/** Undoes every migration (tests of the down path). */
export async function migrateToNothing(handle: DatabaseHandle): Promise<void> {
  await runMigrations(handle, (m) => m.migrateTo(NO_MIGRATIONS));
}

/** A refused or failed migration in one line, with its cause: what a command prints before exit 1. */
export function migrationFailureLine(error: unknown): string {
  const cause =
    error instanceof Error && error.cause instanceof Error ? `: ${error.cause.message}` : '';
  return `${error instanceof Error ? error.message : String(error)}${cause}`;
}

import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { type CompiledQuery, sql } from 'kysely';
import { DEFAULT_MIGRATION_LOCK_TABLE, DEFAULT_MIGRATION_TABLE } from 'kysely/migration';
import pg from 'pg';
import {
  type DatabaseHandle,
  type Engine,
  type OpenDatabaseOptions,
  openDatabase,
} from '../db/database.js';
import { migrateToLatest } from '../db/migrate.js';

export interface TestDatabase extends DatabaseHandle {
  /** The DATABASE_URL a server process would use to reach this same database. */
  url: string;
  /** For PostgreSQL: the test schema, and the startup options selecting it. */
  schema?: string;
  pgOptions?: string;
  /** Empties every table, keeping the schema. */
  clear(): Promise<void>;
  /** SQL statements run so far on this database (Kysely's query log), to compare costs. */
  queryCount(): number;
  /**
   * The statements Kysely ran while `run` ran, in the order they finished (the SQL snapshots).
   * Anything else running on this database meanwhile is recorded too: run nothing beside it.
   */
  statementsOf(run: () => Promise<unknown>): Promise<CompiledQuery[]>;
  /** Closes connections and removes the database (temp file or schema). */
  destroy(): Promise<void>;
}

const PG_URL = process.env.TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

export function testEngine(): Engine {
  const engine = process.env.TEST_DB ?? 'sqlite';
  if (engine !== 'sqlite' && engine !== 'postgres') throw new Error(`Unknown TEST_DB ${engine}`);
  return engine;
}

/** A fresh, migrated database on the engine TEST_DB names: a temp SQLite file or a new PG schema. */
export async function createTestDatabase(
  options: Pick<OpenDatabaseOptions, 'walCheckpointer'> = {},
): Promise<TestDatabase> {
  const database =
    testEngine() === 'sqlite' ? await sqliteDatabase(options) : await postgresDatabase();
  await migrateToLatest(database);
  return database;
}

/** Counts every statement Kysely runs, failed ones included, and records them on demand. */
function queryLog(): Pick<TestDatabase, 'queryCount' | 'statementsOf'> & {
  log: OpenDatabaseOptions['log'];
} {
  let count = 0;
  let recording: CompiledQuery[] | undefined;
  return {
    log: (event) => {
      if (event.level === 'query' || event.level === 'error') count += 1;
      recording?.push(event.query);
    },
    queryCount: () => count,
    async statementsOf(run) {
      if (recording) throw new Error('statementsOf: already recording');
      const statements: CompiledQuery[] = [];
      recording = statements;
      try {
        await run();
      } finally {
        recording = undefined;
      }
      return statements;
    },
  };
}

/** Kysely's own bookkeeping tables (migrate.ts), which clearing leaves alone. */
const MIGRATION_TABLES: string[] = [DEFAULT_MIGRATION_TABLE, DEFAULT_MIGRATION_LOCK_TABLE];

/**
 * The application's tables as the database itself lists them (so a new migration's table is
 * never forgotten), each after every table whose foreign keys reference it: children before
 * parents, so deleting in this order never trips a foreign key.
 */
export async function tablesChildrenFirst(handle: DatabaseHandle): Promise<string[]> {
  const schema =
    handle.engine === 'sqlite' ? await sqliteTables(handle) : await postgresTables(handle);
  const { tables } = schema;
  const references = schema.references.filter(
    ({ child, parent }) => tables.includes(child) && tables.includes(parent),
  );
  const ordered: string[] = [];
  const placed = new Set<string>();
  // A table goes once every table referencing it (other than itself) is placed.
  const place = (remaining: string[]): void => {
    if (remaining.length === 0) return;
    const ready = remaining.filter((table) =>
      references.every(
        ({ child, parent }) => parent !== table || child === table || placed.has(child),
      ),
    );
    if (ready.length === 0) throw new Error(`Foreign keys form a cycle: ${remaining.join(', ')}`);
    for (const table of ready) {
      ordered.push(table);
      placed.add(table);
    }
    place(remaining.filter((table) => !placed.has(table)));
  };
  place([...tables].sort());
  return ordered;
}

interface SchemaTables {
  tables: string[];
  /** Each foreign key as the table holding it (child) and the table it references (parent). */
  references: { child: string; parent: string }[];
}

async function sqliteTables({ db }: DatabaseHandle): Promise<SchemaTables> {
  const { rows } = await sql<{ name: string }>`
    select name from sqlite_master where type = 'table' and substr(name, 1, 7) != 'sqlite_'
  `.execute(db);
  const tables = rows.map((row) => row.name).filter((name) => !MIGRATION_TABLES.includes(name));
  const references: SchemaTables['references'] = [];
  for (const child of tables) {
    const keys = await sql<{ table: string }>`
      select "table" from pragma_foreign_key_list(${child})
    `.execute(db);
    for (const key of keys.rows) references.push({ child, parent: key.table });
  }
  return { tables, references };
}

async function postgresTables({ db }: DatabaseHandle): Promise<SchemaTables> {
  const { rows } = await sql<{ name: string }>`
    select table_name as name from information_schema.tables
    where table_schema = current_schema() and table_type = 'BASE TABLE'
  `.execute(db);
  const tables = rows.map((row) => row.name).filter((name) => !MIGRATION_TABLES.includes(name));
  const keys = await sql<{ child: string; parent: string }>`
    select child.relname as child, parent.relname as parent
    from pg_constraint as c
    inner join pg_class as child on child.oid = c.conrelid
    inner join pg_class as parent on parent.oid = c.confrelid
    where c.contype = 'f' and child.relnamespace = cast(current_schema() as regnamespace)
  `.execute(db);
  return { tables, references: keys.rows };
}

/**
 * Empties every table of the schema, children first. The order is read from the database at
 * the first clear and kept: tests that change the schema (migrations) do not clear.
 */
function tableClearer(handle: DatabaseHandle): () => Promise<void> {
  let order: Promise<string[]> | undefined;
  return async () => {
    order ??= tablesChildrenFirst(handle);
    for (const table of await order) await sql`delete from ${sql.table(table)}`.execute(handle.db);
  };
}

async function sqliteDatabase(
  options: Pick<OpenDatabaseOptions, 'walCheckpointer'>,
): Promise<TestDatabase> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'hearth-test-'));
  const url = `sqlite:${path.join(dir, 'app.db')}`;
  const { log, ...queries } = queryLog();
  const handle = openDatabase(url, { ...options, log });
  return {
    ...handle,
    ...queries,
    url,
    clear: tableClearer(handle),
    async destroy() {
      await handle.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

async function postgresDatabase(): Promise<TestDatabase> {
  const schema = `test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: PG_URL });
  await admin.connect();
  try {
    await admin.query(`create schema ${schema}`);
  } finally {
    await admin.end();
  }
  const pgOptions = `-c search_path=${schema}`;
  const { log, ...queries } = queryLog();
  const handle = openDatabase(PG_URL, { pgOptions, pgPoolSize: 5, log });
  return {
    ...handle,
    ...queries,
    url: `${PG_URL}?options=${encodeURIComponent(pgOptions)}`,
    schema,
    pgOptions,
    clear: tableClearer(handle),
    async destroy() {
      await handle.close();
      const client = new pg.Client({ connectionString: PG_URL });
      await client.connect();
      try {
        await client.query(`drop schema if exists ${schema} cascade`);
      } finally {
        await client.end();
      }
    },
  };
}

import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { copyFile, mkdtemp, rename, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type CompiledQuery, sql } from 'kysely';
import { DEFAULT_MIGRATION_LOCK_TABLE, DEFAULT_MIGRATION_TABLE } from 'kysely/migration';
import pg from 'pg';
import { inject } from 'vitest';
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

export const PG_URL = process.env.TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The run's prefix for reusable PostgreSQL test schemas (pg-schemas.global.ts). */
    hearthTestSchemaPrefix: string;
  }
}

/**
 * PostgreSQL schemas that finished `useTestApp` blocks handed back, for the next block of this
 * worker: creating and migrating a schema costs about 0.4 s, emptying one about 0.04 s, and the
 * server suites make about 190. Their names carry the run's prefix, and the run's global setup
 * (pg-schemas.global.ts) drops them all when it ends.
 */
const spareSchemas: TestDatabase[] = [];

/** The run's prefix for reusable schemas, or undefined outside a run that drops them after. */
function reusableSchemaPrefix(): string | undefined {
  try {
    return inject('hearthTestSchemaPrefix') || undefined;
  } catch {
    return undefined;
  }
}

export function testEngine(): Engine {
  const engine = process.env.TEST_DB ?? 'sqlite';
  if (engine !== 'sqlite' && engine !== 'postgres') throw new Error(`Unknown TEST_DB ${engine}`);
  return engine;
}

/**
 * A fresh, migrated database on the engine TEST_DB names: a temp SQLite file or a new PG schema.
 * `reusable` (`useTestApp`, which empties the tables before every test and changes no schema):
 * on PostgreSQL, an emptied schema a finished block handed back, when this worker has one, and
 * `destroy` hands this one back in turn.
 */
export async function createTestDatabase(
  options: Pick<OpenDatabaseOptions, 'walCheckpointer'> = {},
  { reusable = false }: { reusable?: boolean } = {},
): Promise<TestDatabase> {
  const prefix = reusable && testEngine() === 'postgres' ? reusableSchemaPrefix() : undefined;
  if (prefix) {
    const spare = spareSchemas.pop();
    if (spare) {
      await spare.clear();
      return spare;
    }
  }
  const database =
    testEngine() === 'sqlite' ? await sqliteDatabase(options) : await postgresDatabase(prefix);
  await migrateToLatest(database);
  if (prefix) {
    database.destroy = async () => {
      spareSchemas.push(database);
    };
  }
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
 * the first clear and kept: tests that change the schema (migrations) do not clear. On
 * PostgreSQL `run` sends every delete in one round trip: a statement each cost a round trip
 * each, about a tenth of a second per test on a loaded machine.
 */
function tableClearer(
  handle: DatabaseHandle,
  run?: (statements: string) => Promise<void>,
): () => Promise<void> {
  let order: Promise<string[]> | undefined;
  return async () => {
    order ??= tablesChildrenFirst(handle);
    const tables = await order;
    if (run) {
      await run(tables.map((table) => `delete from "${table.replaceAll('"', '""')}";`).join('\n'));
      return;
    }
    for (const table of tables) await sql`delete from ${sql.table(table)}`.execute(handle.db);
  };
}

/**
 * What a migrated database depends on: the migrations and what they import (the database
 * folder's modules, the contract's constants).
 */
function templateSources(): string[] {
  const db = fileURLToPath(new URL('../db/', import.meta.url));
  const sources = readdirSync(db, { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts'))
    .map((name) => path.join(db, name));
  return [...sources.sort(), fileURLToPath(CONTRACT_CONSTANTS)];
}

const CONTRACT_CONSTANTS = new URL(
  '../../../../packages/contract/src/constants.ts',
  import.meta.url,
);

/**
 * A migrated SQLite file to copy, made once per set of migrations (named by their hash, so a new
 * or changed migration makes a new one) and kept in the temp folder for every test file after:
 * copying it costs milliseconds where migrating a fresh file cost over half a second. Each test
 * file still runs `migrateToLatest` on its copy, which finds nothing left to do.
 */
async function migratedSqliteTemplate(): Promise<string> {
  templatePath ??= templateFile();
  const template = templatePath;
  if (existsSync(template)) return template;
  // Made beside it and renamed into place: two files starting at once each make their own.
  const making = `${template}.${process.pid}.${randomBytes(4).toString('hex')}`;
  const handle = openDatabase(`sqlite:${making}`, { walCheckpointer: false });
  try {
    await migrateToLatest(handle);
  } finally {
    // The last connection's close folds the WAL into the file and removes it.
    await handle.close();
  }
  await rename(making, template);
  return template;
}

/** The template's path, hashed once per worker (the sources do not change during a run). */
let templatePath: string | undefined;

function templateFile(): string {
  const hash = createHash('sha256');
  for (const file of templateSources()) hash.update(`${file}\0${readFileSync(file)}\0`);
  return path.join(os.tmpdir(), `hearth-test-template-${hash.digest('hex').slice(0, 16)}.db`);
}

async function sqliteDatabase(
  options: Pick<OpenDatabaseOptions, 'walCheckpointer'>,
): Promise<TestDatabase> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'hearth-test-'));
  const file = path.join(dir, 'app.db');
  await copyFile(await migratedSqliteTemplate(), file);
  const url = `sqlite:${file}`;
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

async function postgresDatabase(prefix = 'test_'): Promise<TestDatabase> {
  const schema = `${prefix}${randomBytes(6).toString('hex')}`;
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
  // Its own connection for clearing: several statements in one simple query, one round trip.
  let clearing: pg.Client | undefined;
  const runMany = async (statements: string) => {
    if (!clearing) {
      const client = new pg.Client({ connectionString: PG_URL, options: pgOptions });
      await client.connect();
      clearing = client;
    }
    await clearing.query(statements);
  };
  return {
    ...handle,
    ...queries,
    url: `${PG_URL}?options=${encodeURIComponent(pgOptions)}`,
    schema,
    pgOptions,
    clear: tableClearer(handle, runMany),
    async destroy() {
      await clearing?.end();
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

import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
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

// Children before parents, so the foreign keys never object.
const TABLES = [
  'notifications',
  'search_history',
  'friendships',
  'follows',
  'saved_posts',
  'reactions',
  'comments',
  'post_images',
  'posts',
  'media',
  'mail_outbox',
  'password_resets',
  'email_verifications',
  'sessions',
  'users',
  'job_leases',
] as const;

/** Counts every statement Kysely runs, failed ones included. */
function queryCounter(): { log: OpenDatabaseOptions['log']; count: () => number } {
  let count = 0;
  return {
    log: (event) => {
      if (event.level === 'query' || event.level === 'error') count += 1;
    },
    count: () => count,
  };
}

async function clearTables(handle: DatabaseHandle): Promise<void> {
  for (const table of TABLES) await handle.db.deleteFrom(table).execute();
}

async function sqliteDatabase(
  options: Pick<OpenDatabaseOptions, 'walCheckpointer'>,
): Promise<TestDatabase> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'hearth-test-'));
  const url = `sqlite:${path.join(dir, 'app.db')}`;
  const counter = queryCounter();
  const handle = openDatabase(url, { ...options, log: counter.log });
  return {
    ...handle,
    url,
    clear: () => clearTables(handle),
    queryCount: counter.count,
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
  const counter = queryCounter();
  const handle = openDatabase(PG_URL, { pgOptions, pgPoolSize: 5, log: counter.log });
  return {
    ...handle,
    url: `${PG_URL}?options=${encodeURIComponent(pgOptions)}`,
    schema,
    pgOptions,
    clear: () => clearTables(handle),
    queryCount: counter.count,
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

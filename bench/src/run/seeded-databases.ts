import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { copyFile, mkdir, open, readdir, rename, rm, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import {
  type Engine,
  hashPassword,
  LocalDiskStorage,
  migrateToLatest,
  migrations,
  openDatabase,
} from '@hearth/server/seeding';
import pg from 'pg';
import { CACHE_DIR } from '../paths.js';
import { DEFAULT_SEED, seedNetwork } from '../seed/seed-network.js';
import { DEMO_LOGIN, SIZES, type SizeName } from '../seed/sizes.js';

/** How seed-cache-cli hands its result to the bench: this prefix, then the SeededDatabase as JSON. */
export const SEEDED_PREFIX = 'SEEDED ';

/**
 * Bump whenever the generator's output changes, so cached databases are seeded again.
 * 5: blocks, and posts shared with a mix of audiences (seeds of 4 have neither).
 * 6: follow rows say whether the two are friends (migration 0012's `friend`).
 */
export const GENERATOR_VERSION = 6;
/** Where the benchmark keeps its PostgreSQL databases (trust auth, as the test suite). */
export const PG_ADMIN_URL =
  process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
/** The server's default cost: the seeded hash verifies as a real login would. */
const PASSWORD_HASH_LOG_N = 15;

/** A seeded database kept between runs, never written to by a benchmark run. */
export interface SeededDatabase {
  engine: Engine;
  size: SizeName;
  /** SQLite: the cached file; PostgreSQL: the cached database's name. */
  location: string;
  mediaDir: string;
  /** Seconds spent seeding it now; 0 when it came from the cache. */
  seededSeconds: number;
}

/** A throw-away copy of a seeded database that one benchmark run may write to. */
export interface WorkingCopy {
  databaseUrl: string;
  dataDir: string;
  copySeconds: number;
  drop(): Promise<void>;
}

/** Changes when the generator, the size, the seed or the schema changes. */
export function cacheKey(size: SizeName): string {
  const input = JSON.stringify({
    GENERATOR_VERSION,
    size: SIZES[size],
    seed: DEFAULT_SEED,
    migrations: migrations.map(([name]) => name),
  });
  return createHash('sha256').update(input).digest('hex').slice(0, 10);
}

function pgUrl(database: string): string {
  const url = new URL(PG_ADMIN_URL);
  url.pathname = `/${database}`;
  return url.toString();
}

async function withAdmin<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: PG_ADMIN_URL });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

const quoteIdent = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** Seeds (databaseUrl, mediaDir) from empty: migrations, then the network. */
async function seedInto(
  databaseUrl: string,
  mediaDir: string,
  size: SizeName,
  log: (line: string) => void,
) {
  const handle = openDatabase(databaseUrl, { walCheckpointer: false });
  try {
    await migrateToLatest(handle);
    const summary = await seedNetwork({
      handle,
      storage: new LocalDiskStorage(mediaDir),
      cacheDir: CACHE_DIR,
      size: SIZES[size],
      passwordHash: await hashPassword(DEMO_LOGIN.password, PASSWORD_HASH_LOG_N),
      log,
    });
    return summary.seconds;
  } finally {
    await handle.close();
  }
}

/** The seeded database of this engine and size: from the cache, or seeded now (once). */
export async function ensureSeeded(
  engine: Engine,
  size: SizeName,
  log: (line: string) => void,
): Promise<SeededDatabase> {
  const key = cacheKey(size);
  const dir = path.join(CACHE_DIR, `${engine}-${size}-${key}`);
  const mediaDir = path.join(dir, 'media');
  const done = path.join(dir, 'complete');
  await removeStale(engine, size, path.basename(dir));
  if (engine === 'sqlite') {
    const location = path.join(dir, 'app.db');
    if (existsSync(done)) return { engine, size, location, mediaDir, seededSeconds: 0 };
    const partial = `${dir}.partial`;
    await rm(partial, { recursive: true, force: true });
    await mkdir(partial, { recursive: true });
    log(`seeding ${size} on SQLite (once; kept in ${path.relative(process.cwd(), dir)})`);
    const seconds = await seedInto(
      `sqlite:${path.join(partial, 'app.db')}`,
      path.join(partial, 'media'),
      size,
      log,
    );
    await writeFile(path.join(partial, 'complete'), `${new Date().toISOString()}\n`);
    await rm(dir, { recursive: true, force: true });
    await rename(partial, dir);
    return { engine, size, location, mediaDir, seededSeconds: seconds };
  }

  const database = `hearth_bench_${size}`;
  const marker = `hearth bench ${key}`;
  const cached = await withAdmin(async (client) => {
    const { rows } = await client.query<{ comment: string | null }>(
      'select shobj_description(oid, $1) as comment from pg_database where datname = $2',
      ['pg_database', database],
    );
    return rows[0]?.comment === marker;
  });
  if (cached && existsSync(done))
    return { engine, size, location: database, mediaDir, seededSeconds: 0 };
  const partial = `${database}_partial`;
  await withAdmin(async (client) => {
    await client.query(`drop database if exists ${quoteIdent(partial)} with (force)`);
    await client.query(`create database ${quoteIdent(partial)}`);
  });
  await rm(dir, { recursive: true, force: true });
  await mkdir(dir, { recursive: true });
  log(`seeding ${size} on PostgreSQL (once; kept as database ${database})`);
  const seconds = await seedInto(pgUrl(partial), mediaDir, size, log);
  await withAdmin(async (client) => {
    await client.query(`drop database if exists ${quoteIdent(database)} with (force)`);
    await client.query(`alter database ${quoteIdent(partial)} rename to ${quoteIdent(database)}`);
    await client.query(`comment on database ${quoteIdent(database)} is '${marker}'`);
  });
  await writeFile(done, `${new Date().toISOString()}\n`);
  return { engine, size, location: database, mediaDir, seededSeconds: seconds };
}

/** Cached seeds of the same engine and size made by another generator or schema. */
async function removeStale(engine: Engine, size: SizeName, keep: string): Promise<void> {
  if (!existsSync(CACHE_DIR)) return;
  for (const entry of await readdir(CACHE_DIR)) {
    if (entry.startsWith(`${engine}-${size}-`) && entry !== keep) {
      await rm(path.join(CACHE_DIR, entry), { recursive: true, force: true });
    }
  }
}

/**
 * Waits until the file's bytes are on disk. A fresh copy of the medium network leaves about
 * 1.5 GB for the kernel to write back over the next half minute, the measured runs' half minute:
 * every fsync the server made meanwhile (a session's touch, a job's lease, each commit) waited
 * behind that write-back, up to 0.2 s on the server's one thread. PostgreSQL's file copy syncs
 * its files itself.
 */
async function flushToDisk(file: string): Promise<void> {
  const handle = await open(file, 'r+');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/**
 * A copy for one run, so every run starts from the same data whatever the last one wrote:
 * a file copy on SQLite, a database made from the cached one as template on PostgreSQL.
 */
export async function workingCopy(seeded: SeededDatabase): Promise<WorkingCopy> {
  const started = performance.now();
  const dataDir = path.join(CACHE_DIR, `run-${seeded.engine}-${seeded.size}`);
  await rm(dataDir, { recursive: true, force: true });
  await mkdir(dataDir, { recursive: true });
  // The media files are only read: the run shares the cached ones.
  await symlink(seeded.mediaDir, path.join(dataDir, 'media'), 'dir');
  if (seeded.engine === 'sqlite') {
    const file = path.join(dataDir, 'app.db');
    await copyFile(seeded.location, file);
    await flushToDisk(file);
    return {
      databaseUrl: `sqlite:${file}`,
      dataDir,
      copySeconds: (performance.now() - started) / 1000,
      drop: () => rm(dataDir, { recursive: true, force: true }),
    };
  }
  const copy = `${seeded.location}_run`;
  await withAdmin(async (client) => {
    await client.query(`drop database if exists ${quoteIdent(copy)} with (force)`);
    await client.query(
      `create database ${quoteIdent(copy)} template ${quoteIdent(seeded.location)} strategy file_copy`,
    );
  });
  return {
    databaseUrl: pgUrl(copy),
    dataDir,
    copySeconds: (performance.now() - started) / 1000,
    async drop() {
      await withAdmin((client) =>
        client.query(`drop database if exists ${quoteIdent(copy)} with (force)`),
      );
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

import { spawnSync } from 'node:child_process';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { HEARTH_VERSION } from '../version.js';
import { takeBackupLease } from './lock.js';

/**
 * `backup --out DIR` and `restore DIR`: a consistent copy of a running network (database snapshot,
 * then the media folder) and its way back into an empty data folder or database.
 */
export class BackupError extends Error {}

export interface BackupSettings {
  databaseUrl: string;
  dataDir: string;
  /** S3_BUCKET: media live in this bucket, not in DATA_DIR/media, and are not copied. */
  mediaBucket?: string | undefined;
}

export interface Manifest {
  format: 1;
  engine: 'sqlite' | 'postgres';
  createdAt: string;
  hearthVersion: string;
  migration: string | null;
  /** PostgreSQL: the schema dumped (search_path of DATABASE_URL), else null (whole database). */
  schema: string | null;
  mediaFiles: number;
  mediaBytes: number;
  /** The bucket media lived in (S3_BUCKET), left to the bucket's own backups; absent: copied. */
  mediaBucket?: string;
  databaseFile: string;
}

/** What `npm run backup` says instead of copying media that live in a bucket. */
export function bucketMediaNote(bucket: string): string {
  return (
    `Media live in the bucket ${bucket} and were not copied: back them up with the bucket's ` +
    `own versioning or replication, or copy them elsewhere with \`aws s3 sync s3://${bucket} ` +
    `DIR\` or \`rclone sync\`.`
  );
}

export const MANIFEST = 'manifest.json';
const SQLITE_FILE = 'app.db';
const PG_FILE = 'database.dump';
const MEDIA = 'media';
const JWT_SECRET = 'jwt-secret';

/** The settings the server reads (config.ts), without creating anything. */
export function settingsFromEnv(env: NodeJS.ProcessEnv = process.env): BackupSettings {
  const dataDirRaw = env.DATA_DIR && env.DATA_DIR.length > 0 ? env.DATA_DIR : './data';
  return {
    dataDir: path.resolve(dataDirRaw),
    databaseUrl: env.DATABASE_URL ?? `sqlite:${dataDirRaw.replace(/[/\\]+$/, '')}/app.db`,
    mediaBucket: env.S3_BUCKET || undefined,
  };
}

function engineOf(url: string): 'sqlite' | 'postgres' {
  if (url.startsWith('sqlite:')) return 'sqlite';
  if (/^postgres(ql)?:\/\//.test(url)) return 'postgres';
  throw new BackupError(`Unsupported DATABASE_URL: ${url.split(':')[0]}`);
}

/** The schema a `?options=-c search_path=…` selects, if any. */
export function pgSchemaOf(url: string): string | null {
  const options = new URL(url).searchParams.get('options') ?? '';
  const match = /search_path\s*=\s*([A-Za-z_][A-Za-z0-9_$]*)/.exec(options);
  return match?.[1] ?? null;
}

/** The URL as libpq reads it: its query re-encoded with %20 (libpq reads `+` as a plus). */
function libpqUrl(url: string): string {
  const parsed = new URL(url);
  const query = [...parsed.searchParams]
    .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`)
    .join('&');
  parsed.search = query;
  return parsed.toString();
}

function listFiles(dir: string, base = dir): string[] {
  if (!existsSync(dir)) return [];
  const out: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...listFiles(full, base));
    else if (entry.isFile()) out.push(path.relative(base, full));
  }
  return out;
}

function copyTree(from: string, to: string): { files: number; bytes: number } {
  let files = 0;
  let bytes = 0;
  for (const rel of listFiles(from)) {
    // Unfinished uploads (temp files) may vanish between the listing and the copy.
    try {
      mkdirSync(path.dirname(path.join(to, rel)), { recursive: true });
      copyFileSync(path.join(from, rel), path.join(to, rel));
      bytes += statSync(path.join(to, rel)).size;
      files += 1;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
  }
  return { files, bytes };
}

function runTool(command: string, args: string[]): void {
  const result = spawnSync(command, args, { encoding: 'utf8' });
  if (result.error) {
    throw new BackupError(
      `${command} could not be run (${(result.error as NodeJS.ErrnoException).code}): install the PostgreSQL client tools, version 15 or newer`,
    );
  }
  if (result.status !== 0) {
    throw new BackupError(`${command} failed: ${result.stderr.trim()}`);
  }
}

async function pgQuery<T>(url: string, text: string, values: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(text, values)).rows as T[];
  } finally {
    await client.end();
  }
}

export async function backup(settings: BackupSettings, out: string): Promise<Manifest> {
  const engine = engineOf(settings.databaseUrl);
  const target = path.resolve(out);
  if (existsSync(target) && readdirSync(target).length > 0) {
    throw new BackupError(`The backup folder ${target} is not empty; give a new or empty folder.`);
  }
  if (!existsSync(settings.dataDir)) {
    throw new BackupError(
      `No data folder at ${path.resolve(settings.dataDir)} (DATA_DIR): nothing to back up.`,
    );
  }
  mkdirSync(target, { recursive: true });
  if (engine === 'sqlite') {
    const file = settings.databaseUrl.slice('sqlite:'.length);
    if (!existsSync(file)) throw new BackupError(`No database at ${path.resolve(file)}.`);
  }
  // Purges on every process sharing the database pause while it is held (backup/lock.ts).
  const release = await takeBackupLease(settings.databaseUrl);
  try {
    let migration: string | null = null;
    let schema: string | null = null;
    let databaseFile: string;
    if (engine === 'sqlite') {
      const file = settings.databaseUrl.slice('sqlite:'.length);
      if (!existsSync(file)) throw new BackupError(`No database at ${path.resolve(file)}.`);
      databaseFile = SQLITE_FILE;
      const source = new SQLite(file, { fileMustExist: true });
      try {
        source.pragma('busy_timeout = 5000');
        // The online backup API: a consistent snapshot while the server keeps writing.
        await source.backup(path.join(target, SQLITE_FILE));
      } finally {
        source.close();
      }
      const copy = new SQLite(path.join(target, SQLITE_FILE), { readonly: true });
      try {
        const row = copy
          .prepare('select name from kysely_migration order by name desc limit 1')
          .get() as { name: string } | undefined;
        migration = row?.name ?? null;
      } catch {
        migration = null;
      } finally {
        copy.close();
      }
    } else {
      schema = pgSchemaOf(settings.databaseUrl);
      databaseFile = PG_FILE;
      // pg_dump reads one snapshot (a repeatable-read transaction) of the whole dump.
      runTool('pg_dump', [
        '--format=custom',
        '--no-owner',
        '--file',
        path.join(target, PG_FILE),
        ...(schema ? ['--schema', schema] : []),
        '--dbname',
        libpqUrl(settings.databaseUrl),
      ]);
      const rows = await pgQuery<{ name: string }>(
        settings.databaseUrl,
        'select name from kysely_migration order by name desc limit 1',
      ).catch(() => []);
      migration = rows[0]?.name ?? null;
    }
    // After the snapshot: every file a snapshotted row names is on disk by now, and purges are
    // paused, so none goes before it is copied. Newer files come along too (harmless).
    // Media in a bucket stay there: the bucket is backed up by its own means (bucketMediaNote).
    const media = settings.mediaBucket
      ? { files: 0, bytes: 0 }
      : copyTree(path.join(settings.dataDir, MEDIA), path.join(target, MEDIA));
    const secret = path.join(settings.dataDir, JWT_SECRET);
    if (existsSync(secret)) copyFileSync(secret, path.join(target, JWT_SECRET));
    const manifest: Manifest = {
      format: 1,
      engine,
      createdAt: new Date().toISOString(),
      hearthVersion: HEARTH_VERSION,
      migration,
      schema,
      mediaFiles: media.files,
      mediaBytes: media.bytes,
      ...(settings.mediaBucket ? { mediaBucket: settings.mediaBucket } : {}),
      databaseFile,
    };
    writeFileSync(path.join(target, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);
    return manifest;
  } finally {
    await release();
  }
}

function readManifest(dir: string): Manifest {
  const file = path.join(path.resolve(dir), MANIFEST);
  if (!existsSync(file))
    throw new BackupError(`${path.resolve(dir)} is not a backup: no ${MANIFEST}.`);
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as Manifest;
  } catch {
    throw new BackupError(`${file} is not a readable manifest.`);
  }
}

export async function restore(settings: BackupSettings, dir: string): Promise<Manifest> {
  const source = path.resolve(dir);
  const manifest = readManifest(source);
  const engine = engineOf(settings.databaseUrl);
  if (manifest.engine !== engine) {
    throw new BackupError(
      `This backup is of a ${manifest.engine} database, but DATABASE_URL is ${engine}.`,
    );
  }
  const mediaTarget = path.join(settings.dataDir, MEDIA);
  if (listFiles(mediaTarget).length > 0) {
    throw new BackupError(`Refusing to restore: ${mediaTarget} already has files.`);
  }
  if (engine === 'sqlite') {
    const file = path.resolve(settings.databaseUrl.slice('sqlite:'.length));
    if (existsSync(file)) {
      const db = new SQLite(file, { readonly: true });
      const tables = db
        .prepare("select count(*) as n from sqlite_master where type = 'table'")
        .get() as { n: number };
      db.close();
      if (tables.n > 0) {
        throw new BackupError(`Refusing to restore: the database ${file} already has tables.`);
      }
    }
    mkdirSync(path.dirname(file), { recursive: true });
    copyFileSync(path.join(source, manifest.databaseFile), file);
  } else {
    const schema = pgSchemaOf(settings.databaseUrl) ?? manifest.schema ?? 'public';
    if (manifest.schema && pgSchemaOf(settings.databaseUrl) && schema !== manifest.schema) {
      throw new BackupError(
        `This backup holds schema ${manifest.schema}; DATABASE_URL selects ${schema}. Restore into a database whose search_path is ${manifest.schema}.`,
      );
    }
    const rows = await pgQuery<{ n: string }>(
      settings.databaseUrl,
      'select count(*) as n from information_schema.tables where table_schema = $1',
      [schema],
    );
    if (Number(rows[0]?.n ?? 0) > 0) {
      throw new BackupError(
        `Refusing to restore: schema ${schema} of the database already has tables.`,
      );
    }
    runTool('pg_restore', [
      '--no-owner',
      '--exit-on-error',
      '--dbname',
      libpqUrl(settings.databaseUrl),
      path.join(source, manifest.databaseFile),
    ]);
  }
  mkdirSync(settings.dataDir, { recursive: true });
  copyTree(path.join(source, MEDIA), mediaTarget);
  const secret = path.join(source, JWT_SECRET);
  const secretTarget = path.join(settings.dataDir, JWT_SECRET);
  if (existsSync(secret) && !existsSync(secretTarget)) copyFileSync(secret, secretTarget);
  return manifest;
}

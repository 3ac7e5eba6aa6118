import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  createTestDatabase,
  type DatabaseHandle,
  openDatabase,
  type TestDatabase,
  testEngine,
} from '@hearth/server/seeding';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_LOGIN, SIZES } from './seed/sizes.js';

const benchDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

interface Outcome {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** `npm run seed -- <args>` as a host runs it, on the database `databaseUrl`. */
function runSeed(args: string[], databaseUrl: string, dataDir: string): Promise<Outcome> {
  const child = spawn(
    process.execPath,
    ['--conditions', 'source', '--import', 'tsx', 'src/seed-cli.ts', ...args],
    {
      cwd: benchDir,
      env: {
        PATH: process.env.PATH ?? '',
        DATABASE_URL: databaseUrl,
        DATA_DIR: dataDir,
        PASSWORD_HASH_LOG_N: '10',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => {
    stdout += chunk.toString();
  });
  child.stderr.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('close', (code) => resolve({ code, stdout, stderr }));
  });
}

async function countOf(handle: DatabaseHandle, table: 'users' | 'posts'): Promise<number> {
  const row = await handle.db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

// Each test runs the CLI as a host does, a fresh Node with tsx compiling the seed, two or three
// times: on a slow 2-core machine with the other suites starting beside it, that passed the
// 30 s default (a tiny seed alone takes about 6 s there).
describe('npm run seed', { timeout: 120_000 }, () => {
  let dataDir: string;
  let databaseUrl: string;
  // PostgreSQL: a test schema (its own connection stays open); SQLite: a file no one has open.
  let pgDatabase: TestDatabase | undefined;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'hearth-seed-cli-'));
    if (testEngine() === 'postgres') {
      pgDatabase = await createTestDatabase();
      databaseUrl = pgDatabase.url;
    } else {
      databaseUrl = `sqlite:${path.join(dataDir, 'app.db')}`;
    }
  });
  afterAll(async () => {
    await pgDatabase?.destroy();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('seeds an empty database, prints the demo login, and will not seed it again without --reset', async () => {
    const first = await runSeed(['--size', 'tiny'], databaseUrl, dataDir);
    expect(first.stderr).toBe('');
    expect(first.code).toBe(0);
    expect(first.stdout).toContain(`e-mail:   ${DEMO_LOGIN.email}`);
    expect(first.stdout).toContain(`password: ${DEMO_LOGIN.password}`);

    const again = await runSeed(['--size', 'tiny'], databaseUrl, dataDir);
    expect(again.code).toBe(1);
    expect(again.stderr).toContain(
      `already has ${SIZES.tiny.members} members; nothing was changed.`,
    );
    const handle = openDatabase(databaseUrl);
    try {
      expect(await countOf(handle, 'users')).toBe(SIZES.tiny.members);
      expect(await countOf(handle, 'posts')).toBe(SIZES.tiny.posts);
    } finally {
      await handle.close();
    }
  });

  it('with a server using the database: SQLite refuses before changing anything, PostgreSQL reseeds alongside', async () => {
    // The server's own connection, opened as the server opens it, with one post removed through it.
    const server = openDatabase(databaseUrl);
    try {
      const { id } = await server.db.selectFrom('posts').select('id').executeTakeFirstOrThrow();
      await server.db.deleteFrom('posts').where('id', '=', id).execute();

      const outcome = await runSeed(['--reset', '--size', 'tiny'], databaseUrl, dataDir);

      if (testEngine() === 'sqlite') {
        expect(outcome.code).toBe(1);
        expect(outcome.stderr).toContain(
          'is open in another process: stop the server (npm start) first, then seed again. ' +
            'Nothing was changed.',
        );
        expect(outcome.stdout).not.toContain('Seeding');
        expect(await countOf(server, 'posts')).toBe(SIZES.tiny.posts - 1);
        expect(await countOf(server, 'users')).toBe(SIZES.tiny.members);
      } else {
        expect(outcome.stderr).toBe('');
        expect(outcome.code).toBe(0);
        expect(await countOf(server, 'posts')).toBe(SIZES.tiny.posts);
      }
    } finally {
      await server.close();
    }
  });
});

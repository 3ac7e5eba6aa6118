import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openDatabase } from '../db/database.js';
import { HOST_ACTOR_NAME } from '../modules/community/audit-repo.js';
import { buildUser } from '../test-support/factories.js';
import { TestClock } from '../test-support/test-clock.js';
import { testConfig } from '../test-support/test-config.js';
import {
  createTestDatabase,
  type TestDatabase,
  testEngine,
} from '../test-support/test-database.js';

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

interface Outcome {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** `npm run admin -- <args>` as a host runs it, on the database DATABASE_URL names. */
function runAdmin(args: string[], databaseUrl: string, dataDir: string): Promise<Outcome> {
  const child = spawn(
    process.execPath,
    ['--conditions', 'source', '--import', 'tsx', 'src/admin/cli.ts', ...args],
    {
      cwd: serverDir,
      env: { PATH: process.env.PATH ?? '', DATABASE_URL: databaseUrl, DATA_DIR: dataDir },
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

// Each run is a fresh Node with tsx compiling the command: seconds each on a slow shared
// machine, so the tests run few of them, in sequence on one database.
describe('npm run admin', { timeout: 120_000 }, () => {
  let dataDir: string;
  let databaseUrl: string;
  /** The database as the server would have it open meanwhile. */
  let database: DatabaseHandle;
  /** PostgreSQL: the test schema, dropped afterwards. */
  let pgDatabase: TestDatabase | undefined;
  const clock = new TestClock();
  const config = testConfig();
  const ctx = () => ({ db: database.db, clock, config });

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'hearth-admin-cli-'));
    if (testEngine() === 'postgres') {
      pgDatabase = await createTestDatabase();
      databaseUrl = pgDatabase.url;
      database = pgDatabase;
    } else {
      // A file no migration has touched yet: the command migrates it first, as `npm start` does.
      databaseUrl = `sqlite:${path.join(dataDir, 'app.db')}`;
      database = openDatabase(databaseUrl);
    }
  });
  afterAll(async () => {
    if (pgDatabase) await pgDatabase.destroy();
    else await database?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  async function roleOf(id: string): Promise<string> {
    const row = await database.db
      .selectFrom('users')
      .select('role')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    return row.role;
  }

  it('list on a new database: migrated first, no staff yet', async () => {
    const outcome = await runAdmin(['list'], databaseUrl, dataDir);
    expect(outcome).toEqual({
      code: 0,
      stdout: 'No admins or moderators yet: npm run admin -- grant admin <email>\n',
      stderr: '',
    });
  });

  it('grant admin finds the e-mail in any case, with an audit line; the last admin cannot be revoked', async () => {
    const ada = await buildUser(ctx(), { first_name: 'Ada', last_name: 'Lovelace' });
    const granted = await runAdmin(
      ['grant', 'admin', ada.user.email.toUpperCase()],
      databaseUrl,
      dataDir,
    );
    expect(granted).toEqual({
      code: 0,
      stdout: `Ada Lovelace (${ada.user.email}) is now admin.\n`,
      stderr: '',
    });
    expect(await roleOf(ada.user.id)).toBe('admin');
    const audit = await database.db
      .selectFrom('audit_log')
      .selectAll()
      .where('target_id', '=', ada.user.id)
      .execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      actor_id: null,
      actor_name: HOST_ACTOR_NAME,
      action: 'role.set',
      target_name: 'Ada Lovelace',
    });
    expect(JSON.parse(audit[0]?.details ?? '{}')).toEqual({
      before: 'member',
      after: 'admin',
      via: 'cli',
    });

    const revoked = await runAdmin(['revoke', ada.user.email], databaseUrl, dataDir);
    expect(revoked).toEqual({
      code: 1,
      stdout: '',
      stderr: `Ada Lovelace (${ada.user.email}) is the last admin: grant admin to someone else first.\n`,
    });
    expect(await roleOf(ada.user.id)).toBe('admin');
  });

  it('grant moderator, list the staff, revoke back to member', async () => {
    const grace = await buildUser(ctx(), { first_name: 'Grace', last_name: 'Hopper' });
    const granted = await runAdmin(['grant', 'moderator', grace.user.email], databaseUrl, dataDir);
    expect(granted).toEqual({
      code: 0,
      stdout: `Grace Hopper (${grace.user.email}) is now moderator.\n`,
      stderr: '',
    });

    const list = await runAdmin(['list'], databaseUrl, dataDir);
    expect(list.code).toBe(0);
    expect(list.stderr).toBe('');
    const ada = await database.db
      .selectFrom('users')
      .select('email')
      .where('first_name', '=', 'Ada')
      .executeTakeFirstOrThrow();
    expect(list.stdout.split('\n')).toEqual([
      `admin      Ada Lovelace  ${ada.email}`,
      `moderator  Grace Hopper  ${grace.user.email}`,
      '',
    ]);

    const revoked = await runAdmin(['revoke', grace.user.email], databaseUrl, dataDir);
    expect(revoked).toEqual({
      code: 0,
      stdout: `Grace Hopper (${grace.user.email}) is now a member (no longer moderator).\n`,
      stderr: '',
    });
    expect(await roleOf(grace.user.id)).toBe('member');
  });

  it('an unknown e-mail, an applicant still waiting for approval, and bad arguments each get one clear line', async () => {
    const unknown = await runAdmin(['grant', 'admin', 'nobody@example.test'], databaseUrl, dataDir);
    expect(unknown).toEqual({
      code: 1,
      stdout: '',
      stderr: 'No account has the e-mail nobody@example.test.\n',
    });

    const applicant = await buildUser(ctx(), {
      first_name: 'Alan',
      last_name: 'Turing',
      pending: 1,
      join_reason: 'Computing machinery',
    });
    const pending = await runAdmin(
      ['grant', 'moderator', applicant.user.email],
      databaseUrl,
      dataDir,
    );
    expect(pending.code).toBe(1);
    expect(pending.stderr).toBe(
      `Alan Turing (${applicant.user.email}) has applied to join and is still waiting for approval: not a member yet. Approve the application first.\n`,
    );
    expect(await roleOf(applicant.user.id)).toBe('member');

    const bad = await runAdmin(['grant', 'owner', applicant.user.email], databaseUrl, dataDir);
    expect(bad).toEqual({
      code: 2,
      stdout: '',
      stderr:
        'usage: npm run admin -- grant admin <email> | grant moderator <email> | revoke <email> | list\n',
    });
  });
});

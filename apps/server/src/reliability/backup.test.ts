import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { API_PREFIX, ROUTES } from '@hearth/contract';
import { Secret, TOTP } from 'otpauth';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pgSchemaOf } from '../backup/backup.js';
import { jpeg } from '../test-support/images.js';
import { type TestDatabase, testEngine } from '../test-support/test-database.js';
import { prepareServerGround, type ServerGround, UNTHROTTLED } from './server-ground.js';
import { type ServerProcess, startServerProcess } from './server-process.js';

/** The built CLI, as `npm run backup` / `npm run restore` run it. */
const CLI = path.resolve(import.meta.dirname, '..', '..', 'dist', 'backup', 'cli.js');
const PG_URL = process.env.TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

function cli(args: string[], env: Record<string, string>): Promise<{ code: number; out: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [CLI, ...args], {
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (c: Buffer) => {
      out += c.toString();
    });
    child.stderr.on('data', (c: Buffer) => {
      out += c.toString();
    });
    child.on('exit', (code) => resolve({ code: code ?? 1, out }));
  });
}

async function api<T>(
  server: ServerProcess,
  method: string,
  route: string,
  token: string | undefined,
  body?: unknown,
): Promise<{ status: number; json: T }> {
  const res = await fetch(`${server.url}${API_PREFIX}${route}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: res.status, json: (await res.json()) as T };
}

async function register(server: ServerProcess, n: number) {
  const res = await api<{ token: string; username: string }>(
    server,
    'POST',
    ROUTES.register.path,
    undefined,
    {
      first_name: 'Backup',
      last_name: `Member${'abcdef'[n]}`,
      email: `backup${n}@example.test`,
      password: 'a-good-password',
      bYear: 1990,
      bMonth: 1,
      bDay: 1,
      gender: 'female',
    },
  );
  expect([200, 201]).toContain(res.status);
  return res.json;
}

/** An authenticator app's code for the secret, `steps` periods from now. */
function totpCode(secret: string, steps: number): string {
  return TOTP.generate({
    secret: Secret.fromBase32(secret),
    algorithm: 'SHA1',
    digits: 6,
    period: 30,
    timestamp: Date.now() + steps * 30_000,
  });
}

/** A fresh empty target for the restore: a new SQLite data folder, or a new PG database. */
async function emptyTarget(schema: string | undefined): Promise<{
  env: Record<string, string>;
  dispose(): Promise<void>;
}> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'hearth-restored-'));
  if (testEngine() === 'sqlite') {
    return {
      env: { DATA_DIR: dataDir, DATABASE_URL: `sqlite:${path.join(dataDir, 'app.db')}` },
      dispose: () => rm(dataDir, { recursive: true, force: true }),
    };
  }
  const name = `hearth_restore_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: PG_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(PG_URL);
  url.pathname = `/${name}`;
  if (schema) url.searchParams.set('options', `-c search_path=${schema}`);
  return {
    env: { DATA_DIR: dataDir, DATABASE_URL: url.toString() },
    async dispose() {
      await rm(dataDir, { recursive: true, force: true });
      const client = new pg.Client({ connectionString: PG_URL });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

describe(`backup and restore of a running network (${testEngine()})`, () => {
  let ground: ServerGround;
  let database: TestDatabase;
  let backupDir: string;
  let env: Record<string, string>;
  const disposals: (() => Promise<void>)[] = [];
  beforeAll(async () => {
    ground = await prepareServerGround('backup-data', UNTHROTTLED);
    // No JWT_SECRET: the server keeps its secret in the data folder's jwt-secret file, which
    // the backup must carry (sessions and two-factor secrets depend on it).
    const { JWT_SECRET: _fromEnvironment, ...withoutSecret } = ground.env;
    ({ database } = ground);
    env = withoutSecret;
    backupDir = path.join(await mkdtemp(path.join(os.tmpdir(), 'hearth-backup-')), 'out');
  });
  afterAll(async () => {
    for (const dispose of disposals) await dispose();
    await ground?.dispose();
    await rm(path.dirname(backupDir), { recursive: true, force: true });
  });

  it('a backup taken under writes restores members, posts and image bytes', {
    timeout: 60_000,
  }, async () => {
    const server = await startServerProcess(env);
    let restored: ServerProcess | undefined;
    try {
      const members = [await register(server, 0), await register(server, 1)];
      const [alice] = members;
      if (!alice) throw new Error('no member');
      // Alice turns two-factor sign-in on: her secret is stored sealed under the server's secret.
      const setup = await api<{ secret: string }>(
        server,
        'POST',
        ROUTES.twoFactorSetup.path,
        alice.token,
        { currentPassword: 'a-good-password' },
      );
      expect(setup.status).toBe(200);
      const { secret } = setup.json;
      const enabled = await api(server, 'POST', ROUTES.twoFactorEnable.path, alice.token, {
        code: totpCode(secret, 0),
      });
      expect(enabled.status).toBe(200);
      const form = new FormData();
      form.append('path', `${alice.username}/post_images`);
      form.append(
        'file',
        new Blob([new Uint8Array(await jpeg(120, 90))], { type: 'image/jpeg' }),
        'photo.jpg',
      );
      const upload = await fetch(`${server.url}${API_PREFIX}${ROUTES.uploadImages.path}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${alice.token}` },
        body: form,
      });
      expect(upload.status).toBe(200);
      const [image] = (await upload.json()) as { url: string }[];
      if (!image) throw new Error('no image');
      const imageBytes = Buffer.from(await (await fetch(image.url)).arrayBuffer());
      expect(imageBytes.length).toBeGreaterThan(0);

      const before: string[] = [];
      for (const [n, member] of members.entries()) {
        for (let i = 0; i < 5; i++) {
          const res = await api<{ _id: string }>(
            server,
            'POST',
            ROUTES.createPost.path,
            member.token,
            {
              text: `before ${n}.${i}`,
              ...(n === 0 && i === 0 ? { images: [{ url: image.url }] } : {}),
            },
          );
          expect(res.status).toBe(201);
          before.push(res.json._id);
        }
      }

      // Writers keep posting and commenting while the backup runs.
      let writing = true;
      let written = 0;
      const load = members.map(async (member, n) => {
        for (let i = 0; writing; i++) {
          const post = await api<{ _id: string }>(
            server,
            'POST',
            ROUTES.createPost.path,
            member.token,
            {
              text: `during ${n}.${i}`,
            },
          );
          if (post.status !== 201) throw new Error(`post under load: ${post.status}`);
          await api(server, ROUTES.comment.method, ROUTES.comment.path, member.token, {
            comment: `comment ${i}`,
            postId: post.json._id,
          });
          written += 1;
        }
      });
      await new Promise((resolve) => setTimeout(resolve, 200));
      const result = await cli(['backup', '--out', backupDir], env);
      writing = false;
      await Promise.all(load);
      expect(result.code, result.out).toBe(0);
      expect(written).toBeGreaterThan(0);
      const manifest = JSON.parse(await readFile(path.join(backupDir, 'manifest.json'), 'utf8'));
      expect(manifest.engine).toBe(testEngine());
      expect(manifest.migration).toBeTruthy();
      expect(manifest.mediaFiles).toBeGreaterThan(0);

      const target = await emptyTarget(
        testEngine() === 'postgres' ? (pgSchemaOf(database.url) ?? undefined) : undefined,
      );
      disposals.push(target.dispose);
      const restore = await cli(['restore', backupDir], target.env);
      expect(restore.code, restore.out).toBe(0);

      restored = await startServerProcess({ ...env, ...target.env });
      for (const member of members) {
        // The same sessions: the restored server has the same rows and secret.
        const profile = await api<{ username?: string; posts?: { _id: string }[] }>(
          restored,
          'GET',
          ROUTES.getProfile.path.replace(':username', member.username),
          member.token,
        );
        expect(profile.status).toBe(200);
        expect(profile.json.username).toBe(member.username);
      }
      for (const id of before) {
        const post = await api<{ _id: string }>(
          restored,
          'GET',
          ROUTES.getPost.path.replace(':postId', id),
          alice.token,
        );
        expect(post.status, id).toBe(200);
        expect(post.json._id).toBe(id);
      }
      // Her secret still opens on the restored server: login asks for a code, and one from her
      // app signs her in (the next step's: the first code's step was taken).
      const first = await api<{ twoFactorRequired?: boolean; ticket?: string }>(
        restored,
        'POST',
        ROUTES.login.path,
        undefined,
        { email: 'backup0@example.test', password: 'a-good-password' },
      );
      expect(first.status).toBe(200);
      expect(first.json.twoFactorRequired).toBe(true);
      const second = await api<{ token?: string }>(
        restored,
        'POST',
        ROUTES.loginTwoFactor.path,
        undefined,
        { ticket: first.json.ticket, code: totpCode(secret, 1) },
      );
      expect(second.status, JSON.stringify(second.json)).toBe(200);
      expect(second.json.token).toEqual(expect.any(String));
      const restoredUrl = image.url.replace(server.url, restored.url);
      const res = await fetch(restoredUrl);
      expect(res.status).toBe(200);
      expect(Buffer.from(await res.arrayBuffer()).equals(imageBytes)).toBe(true);
      console.info(
        `[reliability] backup (${testEngine()}): ${written} writes during the backup, ${manifest.mediaFiles} media files, restored and served`,
      );
    } finally {
      await server.stop();
      await restored?.stop();
    }
  });

  it('restore refuses a target that already has data', { timeout: 30_000 }, async () => {
    // The original network itself: its database has tables and its media folder files.
    const refused = await cli(['restore', backupDir], env);
    expect(refused.code).toBe(1);
    expect(refused.out).toMatch(/Refusing to restore/);
    expect(refused.out).not.toMatch(/\n\s+at /);

    // An empty database but a media folder with a file in it.
    const target = await emptyTarget(
      testEngine() === 'postgres' ? (pgSchemaOf(database.url) ?? undefined) : undefined,
    );
    disposals.push(target.dispose);
    const dir = target.env.DATA_DIR ?? '';
    await mkdir(path.join(dir, 'media'), { recursive: true });
    await writeFile(path.join(dir, 'media', 'left-over.jpg'), 'x');
    const media = await cli(['restore', backupDir], target.env);
    expect(media.code).toBe(1);
    expect(media.out).toMatch(/Refusing to restore: .*media already has files/);

    const missing = await cli(['restore', path.join(dir, 'nowhere')], target.env);
    expect(missing.code).toBe(1);
    expect(missing.out).toMatch(/is not a backup/);

    // A backup of a data folder that does not exist says so (no stray lock file, no stack).
    const nowhere = path.join(dir, 'no-such-data');
    const none = await cli(['backup', '--out', path.join(dir, 'unused-backup')], {
      ...target.env,
      DATA_DIR: nowhere,
    });
    expect(none.code).toBe(1);
    expect(none.out).toMatch(/No data folder at .*no-such-data \(DATA_DIR\): nothing to back up/);
    expect(none.out).not.toMatch(/\n\s+at /);
  });

  it('with media in a bucket (S3_BUCKET), the backup copies the database and says how to back up the bucket', {
    timeout: 30_000,
  }, async () => {
    const out = path.join(path.dirname(backupDir), 'with-bucket');
    const result = await cli(['backup', '--out', out], {
      ...env,
      S3_BUCKET: 'hearth-media',
      S3_ACCESS_KEY_ID: 'key',
      S3_SECRET_ACCESS_KEY: 'secret',
    });
    expect(result.code).toBe(0);
    expect(result.out).toMatch(
      /Media live in the bucket hearth-media and were not copied: .*versioning.*aws s3 sync s3:\/\/hearth-media.*rclone sync/,
    );
    const manifest = JSON.parse(await readFile(path.join(out, 'manifest.json'), 'utf8'));
    expect(manifest).toMatchObject({ mediaFiles: 0, mediaBucket: 'hearth-media' });
    expect(existsSync(path.join(out, 'manifest.json'))).toBe(true);
    expect(existsSync(path.join(out, 'media'))).toBe(false);
  });
});

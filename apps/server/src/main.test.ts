import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signupForm } from './test-support/factories.js';
import { createTestDatabase, type TestDatabase } from './test-support/test-database.js';

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Starts src/main.ts as a real process and resolves with its base URL once it listens. */
function startServer(
  env: Record<string, string>,
): Promise<{ child: ChildProcess; baseUrl: string; output: () => string }> {
  const child = spawn(
    process.execPath,
    ['--conditions', 'source', '--import', 'tsx', 'src/main.ts'],
    {
      cwd: serverDir,
      env: { PATH: process.env.PATH ?? '', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${output}`)), 20_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve({ child, baseUrl: match[1], output: () => output });
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code}:\n${output}`));
    });
  });
}

describe('running the server process', () => {
  let database: TestDatabase;
  let dataDir: string;

  beforeAll(async () => {
    database = await createTestDatabase();
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'hearth-main-'));
  });
  afterAll(async () => {
    await database.destroy();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('an operator starts it with no mail setup, a member signs up, the mail lands in the dev outbox, SIGTERM stops it cleanly', async () => {
    const { child, baseUrl, output } = await startServer({
      DATABASE_URL: database.url,
      DATA_DIR: dataDir,
      HOST: '127.0.0.1',
      PORT: '0',
      NODE_ENV: 'development',
      WEB_DIST: path.join(dataDir, 'no-web'),
    });
    const exited = new Promise<number | null>((resolve) =>
      child.once('exit', (code) => resolve(code)),
    );
    try {
      expect(existsSync(path.join(dataDir, 'jwt-secret'))).toBe(true);
      expect(await (await fetch(`${baseUrl}/api/v1/health`)).json()).toEqual({ ok: true });

      const form = signupForm();
      const res = await fetch(`${baseUrl}/api/v1/auth/register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(form),
      });
      expect(res.status).toBe(201);

      let mail: { status: string; text: string } | undefined;
      for (let i = 0; i < 100 && mail?.status !== 'sent'; i++) {
        const box = await fetch(
          `${baseUrl}/dev/mailbox?format=json&to=${encodeURIComponent(form.email)}`,
        );
        mail = ((await box.json()) as Array<{ status: string; text: string }>)[0];
        if (mail?.status !== 'sent') await sleep(50);
      }
      expect(mail?.status).toBe('sent');
      const link = /http\S+\/activate\/\S+/.exec(mail?.text ?? '')?.[0];
      expect(link).toBeDefined();
      // The log line is written asynchronously (pino): it may land a moment after the row says sent.
      await expect.poll(output, { timeout: 5_000 }).toContain(link);
    } finally {
      child.kill('SIGTERM');
    }
    expect(await exited).toBe(0);
  });
});

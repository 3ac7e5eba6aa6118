import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { DeleteObjectCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { type S3Settings, S3Storage } from '../infra/storage/s3-storage.js';

/** A running S3 emulator with one empty bucket, and how to reach it. */
export interface S3Emulator {
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** The emulator's folder (its buckets' files). */
  directory: string;
  /** The S3_* settings that reach it (MEDIA_PUBLIC_URL unset unless given). */
  settings(overrides?: Partial<S3Settings>): S3Settings;
  /** Deletes every object in the bucket. */
  empty(): Promise<void>;
  /** Stops the emulator and removes its folder. */
  stop(): Promise<void>;
}

// s3rver's default account.
const ACCESS_KEY = 'S3RVER';

// Runs in the child: s3rver (a Koa app keeping objects in a folder) on 127.0.0.1, a free port.
const CHILD = `
const S3rver = require(process.argv[1]);
const server = new S3rver({
  address: '127.0.0.1',
  port: 0,
  directory: process.argv[2],
  silent: true,
  configureBuckets: [{ name: process.argv[3], configs: [] }],
});
server.run().then((info) => console.log(JSON.stringify({ port: info.port })), (error) => {
  console.error(error);
  process.exit(1);
});
process.on('SIGTERM', () => server.close().finally(() => process.exit(0)));
`;

/**
 * Starts s3rver in a child process. The child needs `--openssl-legacy-provider`: s3rver makes
 * ListObjectsV2 continuation tokens with DES, which Node 24's OpenSSL 3 refuses otherwise (every
 * truncated listing would answer 500).
 */
export async function startS3Emulator(bucket = 'hearth-media'): Promise<S3Emulator> {
  const directory = await mkdtemp(path.join(os.tmpdir(), 'hearth-s3-'));
  const entry = createRequire(import.meta.url).resolve('s3rver');
  const child = spawn(
    process.execPath,
    ['--openssl-legacy-provider', '-e', CHILD, entry, directory, bucket],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let stderr = '';
  child.stderr?.on('data', (chunk) => {
    stderr += String(chunk);
  });
  const port = await new Promise<number>((resolve, reject) => {
    const lines = createInterface({ input: child.stdout as NodeJS.ReadableStream });
    lines.once('line', (line) => resolve((JSON.parse(line) as { port: number }).port));
    child.once('exit', (code) => reject(new Error(`s3rver exited (${code}): ${stderr}`)));
    child.once('error', reject);
  });
  const endpoint = `http://127.0.0.1:${port}`;
  const settings = (overrides: Partial<S3Settings> = {}): S3Settings => ({
    endpoint,
    bucket,
    region: 'us-east-1',
    accessKeyId: ACCESS_KEY,
    secretAccessKey: ACCESS_KEY,
    forcePathStyle: true,
    mediaPublicUrl: undefined,
    ...overrides,
  });
  const client = new S3Client({
    endpoint,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: { accessKeyId: ACCESS_KEY, secretAccessKey: ACCESS_KEY },
  });
  return {
    endpoint,
    bucket,
    region: 'us-east-1',
    accessKeyId: ACCESS_KEY,
    secretAccessKey: ACCESS_KEY,
    directory,
    settings,
    empty: async () => {
      for (;;) {
        const page = await client.send(new ListObjectsV2Command({ Bucket: bucket }));
        const keys = (page.Contents ?? []).map((object) => object.Key as string);
        for (const key of keys) {
          await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: key }));
        }
        if (!page.IsTruncated) return;
      }
    },
    stop: async () => {
      client.destroy();
      await stopChild(child);
      await rm(directory, { recursive: true, force: true });
    },
  };
}

function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

/** A test file's emulator and the storage on its bucket (set once its tests start). */
export interface TestBucket {
  emulator: S3Emulator;
  bucket: S3Storage;
}

/**
 * One emulator for the file's tests and an S3Storage on its bucket; each test starts with the
 * bucket empty, and both are stopped after the last test.
 */
export function useTestBucket(): TestBucket {
  const s3 = {} as TestBucket;
  beforeAll(async () => {
    s3.emulator = await startS3Emulator();
    s3.bucket = new S3Storage(s3.emulator.settings());
  });
  afterAll(async () => {
    s3.bucket?.destroy();
    await s3.emulator?.stop();
  });
  beforeEach(async () => {
    await s3.emulator.empty();
  });
  return s3;
}

import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { jpeg, png } from '../../test-support/images.js';
import { useTestBucket } from '../../test-support/s3-emulator.js';
import { LocalDiskStorage } from './local-disk-storage.js';
import { copyMedia, mediaCopyCommand } from './media-copy.js';
import { S3Storage } from './s3-storage.js';

let dataDir: string;
let local: LocalDiskStorage;
const keys: string[] = [];

const s3 = useTestBucket();
beforeEach(async () => {
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'hearth-copy-'));
  local = new LocalDiskStorage(path.join(dataDir, 'media'));
  keys.length = 0;
  for (let i = 0; i < 6; i++) {
    const key = `ada/post_images/0196f0c2-7a7e-7d1b-9b1e-3c5d2b1a0f0${i}.${i % 2 ? 'png' : 'jpg'}`;
    await local.put(key, i % 2 ? await png(40 + i, 30) : await jpeg(40 + i, 30), 'image/jpeg');
    keys.push(key);
  }
});

function env(overrides: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  return {
    DATA_DIR: dataDir,
    S3_BUCKET: s3.emulator.bucket,
    S3_ENDPOINT: s3.emulator.endpoint,
    S3_ACCESS_KEY_ID: s3.emulator.accessKeyId,
    S3_SECRET_ACCESS_KEY: s3.emulator.secretAccessKey,
    S3_FORCE_PATH_STYLE: 'true',
    ...overrides,
  };
}

async function run(args = ['--to', 's3'], environment = env()) {
  const lines: string[] = [];
  const code = await mediaCopyCommand(args, environment, (line) => lines.push(line));
  return { code, lines };
}

describe('npm run media:copy -- --to s3', () => {
  it('copies every file, each verified, with its type; a second run copies nothing', async () => {
    const first = await run();
    expect(first.code).toBe(0);
    expect(first.lines.at(-1)).toBe('6 copied, 0 already there, 0 failed.');
    for (const key of keys) {
      expect((await s3.bucket.get(key))?.equals((await local.get(key)) as Buffer), key).toBe(true);
    }
    expect((await s3.bucket.head(keys[1] as string))?.contentType).toBe('image/png');
    const again = await run();
    expect(again.lines.at(-1)).toBe('0 copied, 6 already there, 0 failed.');
  });

  it('resumes: files already in the bucket stay, the rest are copied, a changed one again', async () => {
    // A run stopped after three files, and one object changed in the bucket since.
    for (const key of keys.slice(0, 3)) {
      await s3.bucket.put(key, (await local.get(key)) as Buffer, 'image/jpeg');
    }
    await s3.bucket.put(keys[1] as string, Buffer.from('not the same bytes'), 'image/png');
    const { code, lines } = await run();
    expect(code).toBe(0);
    expect(lines.at(-1)).toBe('4 copied, 2 already there, 0 failed.');
    for (const key of keys) {
      expect((await s3.bucket.get(key))?.equals((await local.get(key)) as Buffer), key).toBe(true);
    }
  });

  it('a copy the bucket does not hold as sent fails loudly, naming the file', async () => {
    const bad = keys[2] as string;
    // A store that mangles one object on its way in.
    class Mangling extends S3Storage {
      override put(key: string, bytes: Buffer, type: string) {
        return super.put(key, key === bad ? bytes.subarray(1) : bytes, type);
      }
    }
    const to = new Mangling(s3.emulator.settings());
    const lines: string[] = [];
    const report = await copyMedia(local, to, (line) => lines.push(line), { progressEvery: 4 });
    to.destroy();
    expect(report).toEqual({ copied: 5, alreadyThere: 0, failed: 1 });
    expect(lines).toContainEqual(
      expect.stringMatching(new RegExp(`^FAILED ${bad}: the bucket holds`)),
    );
    expect(lines).toContain('4 files: 3 copied, 0 already there…');
  });

  it('refuses clearly without the S3 settings, or with a command it does not know', async () => {
    const missing = await run(['--to', 's3'], { DATA_DIR: dataDir });
    expect(missing.code).toBe(1);
    expect(missing.lines[0]).toMatch(/^Refusing to copy: S3_BUCKET is not set/);
    const keyless = await run(['--to', 's3'], env({ S3_SECRET_ACCESS_KEY: '' }));
    expect(keyless.code).toBe(1);
    expect(keyless.lines[0]).toMatch(/^Refusing to copy: .*\n?S3_SECRET_ACCESS_KEY: required/s);
    expect((await run([])).code).toBe(2);
    const nowhere = await run(['--to', 's3'], env({ S3_BUCKET: 'no-such-bucket' }));
    expect(nowhere.code).toBe(1);
    expect(nowhere.lines[0]).toMatch(/^Refusing to copy: S3 bucket no-such-bucket/);
  });
});

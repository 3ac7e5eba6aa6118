import { PutObjectCommand } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type S3Emulator, startS3Emulator } from '../../test-support/s3-emulator.js';
import { storageContract } from '../../test-support/storage-contract.js';
import { type S3Settings, S3Storage } from './s3-storage.js';

let emulator: S3Emulator;
beforeAll(async () => {
  emulator = await startS3Emulator();
});
afterAll(async () => {
  await emulator?.stop();
});

function settings(overrides: Partial<S3Settings> = {}): S3Settings {
  return emulator.settings(overrides);
}

// Pages of two keys, so listing crosses pages; parts of 64 KiB, so a streamed write has several.
storageContract('S3 storage (s3rver)', async () => {
  const storage = new S3Storage(settings(), 2, 64 * 1024);
  await emulator.empty();
  return {
    storage,
    putForeign: async (name) => {
      await storage.client.send(
        new PutObjectCommand({ Bucket: storage.bucket, Key: name, Body: 'x' }),
      );
    },
    cleanup: async () => {
      await emulator.empty();
      storage.destroy();
    },
  };
});

describe('S3 storage', () => {
  it('stores the type and year-long immutable caching with the bytes', async () => {
    const storage = new S3Storage(settings());
    const key = 'ada/post_images/0196f0c2-7a7e-7d1b-9b1e-3c5d2b1a0f09.png';
    await storage.put(key, Buffer.from('png bytes'), 'image/png');
    const response = await fetch(`${emulator.endpoint}/${emulator.bucket}/${key}`);
    expect(response.headers.get('content-type')).toBe('image/png');
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(await response.text()).toBe('png bytes');
    expect(await storage.head(key)).toMatchObject({ size: 9, contentType: 'image/png' });
    await storage.delete(key);
    storage.destroy();
  });

  it('with MEDIA_PUBLIC_URL, files are addressed there', () => {
    const storage = new S3Storage(settings({ mediaPublicUrl: 'https://cdn.example.net/m' }));
    const key = 'ada/post_images/0196f0c2-7a7e-7d1b-9b1e-3c5d2b1a0f09.png';
    expect(storage.publicUrl(key)).toBe(`https://cdn.example.net/m/${key}`);
  });

  it('a bucket that is not there fails the check, naming it', async () => {
    const storage = new S3Storage(settings({ bucket: 'no-such-bucket' }));
    await expect(storage.check()).rejects.toThrow(/S3 bucket no-such-bucket at http:\/\/127/);
    storage.destroy();
  });
});

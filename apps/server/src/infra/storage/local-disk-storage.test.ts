import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LocalDiskStorage } from './local-disk-storage.js';

let root: string;
beforeEach(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'hearth-storage-'));
});
afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

describe('local disk storage', () => {
  it('keeps bytes under a key, serves them at /media/{key}, and forgets them on delete', async () => {
    const storage = new LocalDiskStorage(root);
    const key = 'ada/post_images/0196f0c2-7a7e-7d1b-9b1e-3c5d2b1a0f00.jpg';
    await storage.put(key, Buffer.from('bytes'), 'image/jpeg');
    expect((await storage.get(key))?.toString()).toBe('bytes');
    expect(storage.publicUrl(key)).toBe(`/media/${key}`);
    await storage.delete(key);
    expect(await storage.get(key)).toBeUndefined();
    // Deleting twice is fine: two purges may race.
    await expect(storage.delete(key)).resolves.toBeUndefined();
  });

  it('leaves no half-written file behind', async () => {
    const storage = new LocalDiskStorage(root);
    await storage.put('ada/cover_pictures/abc-1.png', Buffer.alloc(1024), 'image/png');
    expect(await readdir(path.join(root, '.partial'))).toEqual([]);
  });

  it.each([
    '../outside.jpg',
    'ada/../../etc/passwd',
    '/etc/passwd',
    'ada/post_images/x.jpg/../../y.jpg',
    'Ada/post_images/x.jpg',
    'ada/post_images/no-extension',
    '',
  ])('refuses a key that is not one the server makes: %j', async (key) => {
    const storage = new LocalDiskStorage(root);
    await expect(storage.put(key, Buffer.from('x'), 'image/jpeg')).rejects.toThrow();
    await expect(storage.get(key)).rejects.toThrow();
    await expect(storage.delete(key)).rejects.toThrow();
    expect(() => storage.publicUrl(key)).toThrow();
  });
});

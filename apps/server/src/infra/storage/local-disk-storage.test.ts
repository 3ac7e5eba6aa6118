import { mkdir, mkdtemp, readdir, rm, utimes, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { storageContract } from '../../test-support/storage-contract.js';
import { LocalDiskStorage } from './local-disk-storage.js';

storageContract('local disk storage', async () => {
  const folder = await mkdtemp(path.join(os.tmpdir(), 'hearth-storage-'));
  return {
    storage: new LocalDiskStorage(folder),
    putForeign: async (name) => {
      await mkdir(path.dirname(path.join(folder, name)), { recursive: true });
      await writeFile(path.join(folder, name), 'x');
    },
    cleanup: () => rm(folder, { recursive: true, force: true }),
  };
});

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

describe('listing local disk storage', () => {
  const keys = [
    'ada/post_images/0196f0c2-7a7e-7d1b-9b1e-3c5d2b1a0f00.jpg',
    'ada/post_images/0196f0c2-7a7e-7d1b-9b1e-3c5d2b1a0f00-w160.webp',
    'ada/post_images/0196f0c2-7a7e-7d1b-9b1e-3c5d2b1a0f01/0196f0c3-0000-7000-8000-000000000000.png',
    'ada/cover_pictures/0196f0c2-7a7e-7d1b-9b1e-3c5d2b1a0f02.jpg',
    'bob/profile_pictures/0196f0c2-7a7e-7d1b-9b1e-3c5d2b1a0f03.gif',
  ];

  async function listed(storage: LocalDiskStorage, after?: string): Promise<string[]> {
    const found: string[] = [];
    for await (const file of storage.list(after)) found.push(file.key);
    return found;
  }

  it('answers every key in the order a sort of the keys gives, after a key when asked', async () => {
    const storage = new LocalDiskStorage(root);
    for (const key of keys) await storage.put(key, Buffer.from(key), 'image/jpeg');
    const sorted = [...keys].sort();
    expect(await listed(storage)).toEqual(sorted);
    expect(await listed(storage, sorted[1])).toEqual(sorted.slice(2));
    expect(await listed(storage, 'ada/post_images/')).toEqual(
      sorted.filter((key) => key > 'ada/post_images/'),
    );
    expect(await listed(storage, sorted.at(-1))).toEqual([]);
  });

  it('tells when each file was written, and leaves out unfinished writes and foreign names', async () => {
    const storage = new LocalDiskStorage(root);
    const key = keys[0] as string;
    await storage.put(key, Buffer.from('x'), 'image/jpeg');
    const written = new Date('2026-01-02T03:04:05Z');
    await utimes(path.join(root, key), written, written);
    await mkdir(path.join(root, '.partial'), { recursive: true });
    await writeFile(path.join(root, '.partial', 'abc.tmp'), 'half');
    await writeFile(path.join(root, 'ada', 'post_images', 'Not A Key'), 'x');
    const files = [];
    for await (const file of storage.list()) files.push(file);
    expect(files).toEqual([{ key, modifiedAt: written }]);
  });

  it('an empty or missing folder lists nothing', async () => {
    expect(await listed(new LocalDiskStorage(path.join(root, 'never-made')))).toEqual([]);
  });

  it('removes unfinished writes older than the cutoff only', async () => {
    const storage = new LocalDiskStorage(root);
    const partial = path.join(root, '.partial');
    await mkdir(partial, { recursive: true });
    await writeFile(path.join(partial, 'old.tmp'), 'half');
    await writeFile(path.join(partial, 'new.tmp'), 'half');
    const old = new Date('2026-01-01T00:00:00Z');
    await utimes(path.join(partial, 'old.tmp'), old, old);
    expect(await storage.deleteUnfinishedBefore(new Date('2026-01-02T00:00:00Z'))).toBe(1);
    expect(await readdir(partial)).toEqual(['new.tmp']);
    expect(await new LocalDiskStorage(path.join(root, 'x')).deleteUnfinishedBefore(old)).toBe(0);
  });
});

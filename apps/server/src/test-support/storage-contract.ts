import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Storage } from '../infra/storage/storage.js';
import { jpeg } from './images.js';

/** A fresh, empty store for one test, and how to slip in a name the server never makes. */
export interface StorageUnderTest {
  storage: Storage;
  /** Writes bytes under a name that is not a storage key, behind the store's back. */
  putForeign(name: string): Promise<void>;
  cleanup(): Promise<void>;
}

const KEYS = [
  'ada/post_images/0196f0c2-7a7e-7d1b-9b1e-3c5d2b1a0f00.jpg',
  'ada/post_images/0196f0c2-7a7e-7d1b-9b1e-3c5d2b1a0f00-w160.webp',
  'ada/post_images/0196f0c2-7a7e-7d1b-9b1e-3c5d2b1a0f01/0196f0c3-0000-7000-8000-000000000000.png',
  'ada/cover_pictures/0196f0c2-7a7e-7d1b-9b1e-3c5d2b1a0f02.jpg',
  'bob/profile_pictures/0196f0c2-7a7e-7d1b-9b1e-3c5d2b1a0f03.gif',
];

async function listed(storage: Storage, after?: string): Promise<string[]> {
  const found: string[] = [];
  for await (const file of storage.list(after)) found.push(file.key);
  return found;
}

/** The Storage interface's promises (storage.ts), which every implementation keeps. */
export function storageContract(name: string, make: () => Promise<StorageUnderTest>): void {
  describe(`${name}: the Storage contract`, () => {
    let under: StorageUnderTest;
    beforeEach(async () => {
      under = await make();
    });
    afterEach(async () => {
      await under.cleanup();
    });

    it('keeps bytes under a key, answers undefined for a missing one, and forgets them on delete', async () => {
      const { storage } = under;
      const bytes = await jpeg();
      const key = KEYS[0] as string;
      expect(await storage.get(key)).toBeUndefined();
      await storage.put(key, bytes, 'image/jpeg');
      expect((await storage.get(key))?.equals(bytes)).toBe(true);
      await storage.delete(key);
      expect(await storage.get(key)).toBeUndefined();
      // Deleting twice is fine: two purges may race.
      await expect(storage.delete(key)).resolves.toBeUndefined();
    });

    it('writes a stream a part at a time and reads it back as a stream, with its size', async () => {
      const { storage } = under;
      const key = 'exports/0123456789abcdef0123456789abcdef.zip';
      // Ten chunks of 20 KiB: several parts where the store writes in parts (S3's multipart).
      const chunks = Array.from({ length: 10 }, () => randomBytes(20 * 1024));
      const whole = Buffer.concat(chunks);
      expect(await storage.getStream(key)).toBeUndefined();
      expect(await storage.putStream(key, Readable.from(chunks), 'application/zip')).toBe(
        whole.length,
      );
      const read = await storage.getStream(key);
      expect(read?.bytes).toBe(whole.length);
      expect((await buffer(read!.body)).equals(whole)).toBe(true);
      expect((await storage.get(key))?.equals(whole)).toBe(true);
      // A body smaller than a part is stored as well.
      const small = KEYS[0] as string;
      expect(
        await storage.putStream(small, Readable.from([Buffer.from('tiny')]), 'image/jpeg'),
      ).toBe(4);
      expect((await storage.get(small))?.toString()).toBe('tiny');
    });

    it('a stream that fails part way stores nothing under its key', async () => {
      const { storage } = under;
      const key = 'exports/fedcba9876543210fedcba9876543210.zip';
      async function* failing() {
        for (let i = 0; i < 6; i++) yield randomBytes(20 * 1024);
        throw new Error('the database went away');
      }
      await expect(
        storage.putStream(key, Readable.from(failing()), 'application/zip'),
      ).rejects.toThrow('the database went away');
      expect(await storage.get(key)).toBeUndefined();
      expect(await storage.getStream(key)).toBeUndefined();
      const listed: string[] = [];
      for await (const file of storage.list()) listed.push(file.key);
      expect(listed).toEqual([]);
    });

    it('lists every key in sorted order, after a key when asked, without foreign names', async () => {
      const { storage } = under;
      const before = new Date(Date.now() - 5000);
      for (const key of KEYS) await storage.put(key, Buffer.from(key), 'image/jpeg');
      await under.putForeign('ada/post_images/Not A Key');
      await under.putForeign('README');
      const sorted = [...KEYS].sort();
      expect(await listed(storage)).toEqual(sorted);
      expect(await listed(storage, sorted[1])).toEqual(sorted.slice(2));
      expect(await listed(storage, 'ada/post_images/')).toEqual(
        sorted.filter((key) => key > 'ada/post_images/'),
      );
      expect(await listed(storage, sorted.at(-1))).toEqual([]);
      for await (const file of storage.list()) {
        expect(file.modifiedAt.getTime()).toBeGreaterThan(before.getTime());
        expect(file.modifiedAt.getTime()).toBeLessThan(Date.now() + 5000);
      }
    });

    it('an empty store lists nothing and has no unfinished writes', async () => {
      expect(await listed(under.storage)).toEqual([]);
      expect(await under.storage.deleteUnfinishedBefore(new Date())).toBe(0);
    });

    it('is ready for writes, and serves a key at /media/{key}', async () => {
      await expect(under.storage.check()).resolves.toBeUndefined();
      expect(await listed(under.storage)).toEqual([]);
      expect(under.storage.publicUrl(KEYS[0] as string)).toBe(`/media/${KEYS[0]}`);
    });

    it.each([
      '../outside.jpg',
      'ada/../../etc/passwd',
      '/etc/passwd',
      'Ada/post_images/x.jpg',
      'ada/post_images/no-extension',
      '',
    ])('refuses a key that is not one the server makes: %j', async (key) => {
      const { storage } = under;
      await expect(storage.put(key, Buffer.from('x'), 'image/jpeg')).rejects.toThrow();
      await expect(storage.get(key)).rejects.toThrow();
      await expect(storage.getStream(key)).rejects.toThrow();
      await expect(
        storage.putStream(key, Readable.from([Buffer.from('x')]), 'image/jpeg'),
      ).rejects.toThrow();
      await expect(storage.delete(key)).rejects.toThrow();
      expect(() => storage.publicUrl(key)).toThrow();
    });
  });
}

import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import v8 from 'node:v8';
import vm from 'node:vm';
import sharp from 'sharp';
import { v7 as uuidv7 } from 'uuid';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { NewMedia } from '../db/media.js';
import { LocalDiskStorage } from '../infra/storage/local-disk-storage.js';
import { insertMedia } from '../modules/media/repo.js';
import {
  downloadOverHttp,
  exportLink,
  listExports,
  readZip,
  requestExport,
  unzipTest,
} from '../test-support/exports-api.js';
import { buildUser } from '../test-support/factories.js';
import { useTestApp } from '../test-support/test-app.js';

/**
 * 'Download your information' for a member with thousands of photos (issue 35): the zip is
 * streamed into the storage an image at a time and streamed out to the browser, so the server's
 * memory stays flat whatever the member uploaded. The zip of 2 000 photos of ~48 KB (~95 MB) is
 * built and downloaded while the process's memory is sampled: what is still held after a full
 * garbage collection (taken every SAMPLE_MS), on the JavaScript heap and behind Buffers (where a
 * zip held whole would sit), must each grow by less than MEMORY_BOUND_BYTES, well under the
 * zip's size; so must the resident set. The zip then opens with yauzl and `unzip -t` and lists
 * every photo, a few of them compared byte for byte.
 */
const PHOTOS = 2_000;
const PHOTO_BYTES = 48 * 1024;
/** Distinct images cycled through the photos (making 2 000 with sharp would take too long). */
const DISTINCT = 16;
const MEMORY_BOUND_BYTES = 64 * 1024 * 1024;
/** The resident set also holds what the allocator keeps for reuse: a looser bound. */
const RSS_BOUND_BYTES = 128 * 1024 * 1024;
const SAMPLE_MS = 1000;
const MB = 1024 * 1024;

// Without a collection first, a sample would count garbage not yet collected (Buffers are freed
// only when V8 gets round to it): the flag makes `gc` callable in this process.
v8.setFlagsFromString('--expose-gc');
const collectGarbage = vm.runInNewContext('gc') as () => void;

/** A real PNG of random pixels, stored uncompressed, about `bytes` long. */
function noisePng(bytes: number): Promise<Buffer> {
  const side = Math.ceil(Math.sqrt(bytes / 3));
  return sharp(randomBytes(side * side * 3), { raw: { width: side, height: side, channels: 3 } })
    .png({ compressionLevel: 0 })
    .toBuffer();
}

/**
 * What the process holds now: after a full collection, twice (V8 frees the memory behind dead
 * Buffers after a collection, in the background; the second one finishes that).
 */
function heldMemory(): NodeJS.MemoryUsage {
  collectGarbage();
  collectGarbage();
  return process.memoryUsage();
}

/** Samples what the process holds until stopped: the largest growth of each figure seen. */
function sampleMemory() {
  const start = heldMemory();
  const peak = { heapUsed: 0, arrayBuffers: 0, rss: 0 };
  const sample = () => {
    const now = heldMemory();
    peak.heapUsed = Math.max(peak.heapUsed, now.heapUsed - start.heapUsed);
    peak.arrayBuffers = Math.max(peak.arrayBuffers, now.arrayBuffers - start.arrayBuffers);
    peak.rss = Math.max(peak.rss, now.rss - start.rss);
  };
  const timer = setInterval(sample, SAMPLE_MS);
  return () => {
    clearInterval(timer);
    sample();
    return peak;
  };
}

const megabytes = (bytes: number) => (bytes / MB).toFixed(1);

let downloads: string;
beforeEach(async () => {
  downloads = await mkdtemp(path.join(os.tmpdir(), 'hearth-export-memory-'));
});
afterEach(async () => {
  await rm(downloads, { recursive: true, force: true });
});

describe("download your information: a member's thousands of photos", () => {
  const ctx = useTestApp();

  it(`a zip of ${PHOTOS} photos is built and downloaded in flat memory, and opens`, {
    timeout: 180_000,
  }, async () => {
    const started = Date.now();
    const ada = await buildUser(ctx);
    const storage = new LocalDiskStorage(path.join(ctx.config.dataDir, 'media'));
    const images = await Promise.all(Array.from({ length: DISTINCT }, () => noisePng(PHOTO_BYTES)));
    // Uploads as the upload call stores them, written straight to the media folder and the
    // table (in bulk, as the seed does): each photo's file and row.
    const folder = `${ada.user.username}/post_images`;
    const rows: NewMedia[] = [];
    const nowIso = ctx.clock.now().toISOString();
    for (let i = 0; i < PHOTOS; i++) {
      const id = uuidv7();
      const bytes = images[i % DISTINCT] as Buffer;
      const key = `${folder}/${id}.png`;
      await storage.put(key, bytes, 'image/png');
      rows.push({
        id,
        owner_id: ada.user.id,
        folder,
        storage_key: key,
        content_type: 'image/png',
        width: 128,
        height: 128,
        bytes: bytes.length,
        variants_ready: 1,
        created_at: nowIso,
      });
    }
    await insertMedia(ctx.db, rows);
    const seeded = Date.now();

    expect((await requestExport(ctx.app, ada.token)).statusCode).toBe(200);
    const building = sampleMemory();
    expect(await ctx.app.dataExports.runOnce()).toMatchObject({ ready: 1 });
    const built = building();
    const builtAt = Date.now();
    const [ready] = await listExports(ctx.app, ada.token);
    expect(ready?.status).toBe('ready');
    expect(ready?.bytes).toBeGreaterThan(PHOTOS * PHOTO_BYTES);

    const link = await exportLink(ctx.app, ada.token, ready!.id);
    const file = path.join(downloads, 'ada.zip');
    const downloading = sampleMemory();
    const got = await downloadOverHttp(ctx.app, link.url, file);
    const downloaded = downloading();
    expect(got.status).toBe(200);

    const tested = unzipTest(file);
    expect(tested.status).toBe(0);
    expect(tested.output).toContain('No errors detected');
    // Every photo listed; the first, a middle one and the last read and compared.
    const compared = new Set([0, PHOTOS / 2, PHOTOS - 1].map((i) => `images/${rows[i]!.id}.png`));
    const entries = await readZip(file, (name) => compared.has(name));
    const photos = [...entries.keys()].filter((name) => name.startsWith('images/'));
    expect(photos).toEqual(rows.map((row) => `images/${row.id}.png`));
    for (const name of compared) {
      const row = rows.find((r) => name === `images/${r.id}.png`)!;
      expect((entries.get(name) as Buffer).equals((await storage.get(row.storage_key))!)).toBe(
        true,
      );
    }

    console.log(
      `[reliability] export of ${PHOTOS} photos: zip ${megabytes(ready!.bytes!)} MB; ` +
        `build ${((builtAt - seeded) / 1000).toFixed(1)} s, peak growth heap ` +
        `${megabytes(built.heapUsed)} MB, buffers ${megabytes(built.arrayBuffers)} MB, rss ` +
        `${megabytes(built.rss)} MB; download peak growth heap ${megabytes(downloaded.heapUsed)} ` +
        `MB, buffers ${megabytes(downloaded.arrayBuffers)} MB, rss ${megabytes(downloaded.rss)} MB; ` +
        `${((Date.now() - started) / 1000).toFixed(1)} s in all`,
    );
    for (const peak of [built, downloaded]) {
      expect(peak.heapUsed).toBeLessThan(MEMORY_BOUND_BYTES);
      expect(peak.arrayBuffers).toBeLessThan(MEMORY_BOUND_BYTES);
      expect(peak.rss).toBeLessThan(RSS_BOUND_BYTES);
    }
  });
});

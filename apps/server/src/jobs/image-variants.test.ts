import path from 'node:path';
import { imageVariants } from '@hearth/contract';
import Fastify from 'fastify';
import sharp from 'sharp';
import { v7 as uuidv7 } from 'uuid';
import { describe, expect, it } from 'vitest';
import { LocalDiskStorage } from '../infra/storage/local-disk-storage.js';
import type { Storage } from '../infra/storage/storage.js';
import { insertMedia } from '../modules/media/repo.js';
import { buildUser } from '../test-support/factories.js';
import { animatedGif, jpeg } from '../test-support/images.js';
import { type TestContext, useTestApp } from '../test-support/test-app.js';
import { uploadedUrl } from '../test-support/uploads.js';
import { ImageVariantsJob } from './image-variants.js';

/** A logger that keeps what it is told, to check what an operator would read. */
function recordingLog() {
  const lines: Array<{ level: number; msg: string; mediaId?: string }> = [];
  const log = Fastify({
    logger: { level: 'info', stream: { write: (line: string) => lines.push(JSON.parse(line)) } },
  }).log;
  return { log, lines };
}

function storageOf(ctx: TestContext) {
  return new LocalDiskStorage(path.join(ctx.config.dataDir, 'media'));
}

/**
 * An upload as stored before variants existed: its row (variants_ready left at its default)
 * and, unless `bytes` is null, its original file.
 */
async function oldUpload(
  ctx: TestContext,
  ownerId: string,
  username: string,
  bytes: Buffer | null,
  extension = 'jpg',
) {
  const storage = storageOf(ctx);
  const id = uuidv7();
  const folder = `${username}/post_images`;
  const key = `${folder}/${id}.${extension}`;
  if (bytes) await storage.put(key, bytes, 'image/jpeg');
  await insertMedia(ctx.db, [
    {
      id,
      owner_id: ownerId,
      folder,
      storage_key: key,
      content_type: extension === 'gif' ? 'image/gif' : 'image/jpeg',
      width: 1,
      height: 1,
      bytes: bytes?.length ?? 0,
      created_at: ctx.clock.now().toISOString(),
    },
  ]);
  return { id, url: storage.publicUrl(key) };
}

async function flagOf(ctx: TestContext, id: string): Promise<number> {
  const row = await ctx.db
    .selectFrom('media')
    .select('variants_ready')
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  return Number(row.variants_ready);
}

describe('the image-variants job', () => {
  const ctx = useTestApp();

  it('gives an upload from before variants its three WebP files and marks it done; a second run has nothing to do', async () => {
    const { user } = await buildUser(ctx);
    const old = await oldUpload(ctx, user.id, user.username, await jpeg(1600, 1200));
    const [first] = imageVariants(old.url);
    // Before the job: the variant is not there, the browser is sent to the original.
    expect((await ctx.app.inject({ url: first!.url })).statusCode).toBe(302);
    expect(await flagOf(ctx, old.id)).toBe(0);

    const { log, lines } = recordingLog();
    const job = new ImageVariantsJob({ db: ctx.db, storage: storageOf(ctx), log });
    expect(await job.runOnce()).toEqual({ made: 1, missing: 0, unreadable: 0, failed: 0 });
    expect(await flagOf(ctx, old.id)).toBe(1);
    const sizes = [];
    for (const variant of imageVariants(old.url)) {
      const res = await ctx.app.inject({ url: variant.url });
      expect(res.statusCode, variant.url).toBe(200);
      expect(res.headers['content-type']).toBe('image/webp');
      const metadata = await sharp(res.rawPayload).metadata();
      sizes.push([metadata.format, metadata.width, metadata.height]);
    }
    expect(sizes).toEqual([
      ['webp', 160, 120],
      ['webp', 480, 360],
      ['webp', 1080, 810],
    ]);
    expect(await job.runOnce()).toEqual({ made: 0, missing: 0, unreadable: 0, failed: 0 });
    expect(lines.filter((l) => l.level >= 40)).toEqual([]);
  });

  it('keeps an old animation animated', async () => {
    const { user } = await buildUser(ctx);
    const old = await oldUpload(ctx, user.id, user.username, await animatedGif(), 'gif');
    const job = new ImageVariantsJob({ db: ctx.db, storage: storageOf(ctx), log: ctx.app.log });
    expect(await job.runOnce()).toMatchObject({ made: 1 });
    const res = await ctx.app.inject({ url: imageVariants(old.url)[0]!.url });
    expect((await sharp(res.rawPayload).metadata()).pages).toBe(3);
  });

  it('an upload whose original is gone, or is not an image, is logged and marked done, not retried', async () => {
    const { user } = await buildUser(ctx);
    const gone = await oldUpload(ctx, user.id, user.username, null);
    const broken = await oldUpload(ctx, user.id, user.username, Buffer.from('not a picture'));
    const fine = await oldUpload(ctx, user.id, user.username, await jpeg(300, 200));

    const { log, lines } = recordingLog();
    const job = new ImageVariantsJob({ db: ctx.db, storage: storageOf(ctx), log });
    expect(await job.runOnce()).toEqual({ made: 1, missing: 1, unreadable: 1, failed: 0 });
    for (const { id } of [gone, broken, fine]) expect(await flagOf(ctx, id)).toBe(1);
    const warnings = lines.filter((l) => l.level === 40);
    expect(warnings.map((l) => [l.mediaId, l.msg])).toEqual([
      [gone.id, 'image variants: the original is not in storage; marked done'],
      [broken.id, 'image variants: the original cannot be decoded; marked done'],
    ]);
    expect(await job.runOnce()).toEqual({ made: 0, missing: 0, unreadable: 0, failed: 0 });
  });

  it('an upload purged while its variants are being made leaves none of them behind', async () => {
    const { user } = await buildUser(ctx);
    const old = await oldUpload(ctx, user.id, user.username, await jpeg(400, 300));
    const disk = storageOf(ctx);
    // The purge (another process) deletes the row and the original just after the job read it.
    const racing: Storage = {
      put: (key, bytes, type) => disk.put(key, bytes, type),
      putStream: (key, body, type) => disk.putStream(key, body, type),
      getStream: (key) => disk.getStream(key),
      delete: (key) => disk.delete(key),
      publicUrl: (key) => disk.publicUrl(key),
      list: (after) => disk.list(after),
      deleteUnfinishedBefore: (cutoff) => disk.deleteUnfinishedBefore(cutoff),
      check: () => disk.check(),
      async get(key) {
        const bytes = await disk.get(key);
        await ctx.db.deleteFrom('media').where('id', '=', old.id).execute();
        await disk.delete(key);
        return bytes;
      },
    };
    const job = new ImageVariantsJob({ db: ctx.db, storage: racing, log: ctx.app.log });
    expect(await job.runOnce()).toMatchObject({ made: 1 });
    for (const variant of imageVariants(old.url)) {
      expect((await ctx.app.inject({ url: variant.url })).statusCode).toBe(404);
    }
    expect(await disk.get(old.url.replace('/media/', ''))).toBeUndefined();
  });

  it('two server processes running it at once give every upload its variants', async () => {
    const { user } = await buildUser(ctx);
    const olds = [];
    for (let i = 0; i < 7; i++) {
      olds.push(await oldUpload(ctx, user.id, user.username, await jpeg(200 + i, 150)));
    }
    const workers = [1, 2].map(
      () =>
        new ImageVariantsJob({
          db: ctx.db,
          storage: storageOf(ctx),
          log: ctx.app.log,
          batchSize: 3,
        }),
    );
    const reports = await Promise.all(workers.map((w) => w.runOnce()));
    // Both may reach the same upload: each of the seven is made at least once, none is lost.
    const made = reports.reduce((sum, r) => sum + r.made, 0);
    expect(made).toBeGreaterThanOrEqual(7);
    expect(reports.every((r) => r.failed + r.missing + r.unreadable === 0)).toBe(true);
    for (const old of olds) {
      expect(await flagOf(ctx, old.id)).toBe(1);
      for (const variant of imageVariants(old.url)) {
        expect((await ctx.app.inject({ url: variant.url })).statusCode).toBe(200);
      }
    }
  });

  it('once started, it works on its own, and stopping it ends the work', async () => {
    const { user } = await buildUser(ctx);
    const old = await oldUpload(ctx, user.id, user.username, await jpeg());
    const job = new ImageVariantsJob({ db: ctx.db, storage: storageOf(ctx), log: ctx.app.log });
    job.start(60_000);
    const deadline = Date.now() + 5_000;
    while ((await flagOf(ctx, old.id)) === 0 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    await job.stop();
    expect(await flagOf(ctx, old.id)).toBe(1);
    const later = await oldUpload(ctx, user.id, user.username, await jpeg());
    expect(await job.runOnce()).toMatchObject({ made: 0 });
    expect(await flagOf(ctx, later.id)).toBe(0);
  });

  it('new uploads are stored with their variants and never wait for the job', async () => {
    const { user, token } = await buildUser(ctx);
    await uploadedUrl(ctx.app, token, `${user.username}/post_images`, await jpeg());
    const job = new ImageVariantsJob({ db: ctx.db, storage: storageOf(ctx), log: ctx.app.log });
    expect(await job.runOnce()).toEqual({ made: 0, missing: 0, unreadable: 0, failed: 0 });
  });
});

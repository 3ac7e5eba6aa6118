import { mkdir, readdir, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { imageVariants } from '@hearth/contract';
import { v7 as uuidv7 } from 'uuid';
import { describe, expect, it } from 'vitest';
import { uploadKeyOf } from '../infra/storage/image-urls.js';
import { uploadTempDirIn } from '../modules/media/held-files.js';
import { buildUser } from '../test-support/factories.js';
import { jpeg } from '../test-support/images.js';
import { purgesFor } from '../test-support/purges.js';
import { type TestContext, useTestApp } from '../test-support/test-app.js';
import { uploadedUrl } from '../test-support/uploads.js';

const DAY_MS = 24 * 60 * 60 * 1000;

function mediaRoot(ctx: TestContext): string {
  return path.join(ctx.config.dataDir, 'media');
}

/** Writes a file straight into the media folder, `ageMs` old, as a killed upload left it. */
async function strayFile(ctx: TestContext, key: string, ageMs: number): Promise<void> {
  const file = path.join(mediaRoot(ctx), key);
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, 'bytes');
  const when = new Date(ctx.clock.now().getTime() - ageMs);
  await utimes(file, when, when);
}

/** An upload's original and its three variants (or the variants alone), `ageMs` old, no row. */
async function strayUpload(
  ctx: TestContext,
  folder: string,
  ageMs: number,
  { original = true } = {},
): Promise<string[]> {
  const id = uuidv7();
  const keys = [160, 480, 1080].map((width) => `${folder}/${id}-w${width}.webp`);
  if (original) keys.unshift(`${folder}/${id}.jpg`);
  for (const key of keys) await strayFile(ctx, key, ageMs);
  return keys;
}

/** Makes every file in the media folder as old as said (uploads made by a test are new). */
async function ageEverything(ctx: TestContext, ageMs: number): Promise<void> {
  const when = new Date(ctx.clock.now().getTime() - ageMs);
  for (const file of await filesUnder(ctx, { partial: true })) {
    await utimes(path.join(mediaRoot(ctx), file), when, when);
  }
}

async function filesUnder(ctx: TestContext, { partial = false } = {}): Promise<string[]> {
  const entries = await readdir(mediaRoot(ctx), { recursive: true, withFileTypes: true });
  return entries
    .filter((e) => e.isFile())
    .map((e) => path.relative(mediaRoot(ctx), path.join(e.parentPath, e.name)))
    .filter((name) => partial || !name.startsWith('.partial'))
    .sort();
}

/** An upload through the API, with its row: its key and its variants' keys. */
async function realUpload(ctx: TestContext, token: string, folder: string): Promise<string[]> {
  const url = await uploadedUrl(ctx.app, token, folder, await jpeg(1200, 800));
  const keys = [url, ...imageVariants(url).map((v) => v.url)].map((u) => uploadKeyOf(u) as string);
  expect(keys).toHaveLength(4);
  return keys;
}

describe('files a killed upload left behind', () => {
  const ctx = useTestApp();

  it('go once a day old when no row names them; files of rows, young files and foreign names stay', async () => {
    const { user, token } = await buildUser(ctx);
    const folder = `${user.username}/post_images`;
    const kept = await realUpload(ctx, token, folder);
    await ageEverything(ctx, 2 * DAY_MS);

    const oldOrphan = await strayUpload(ctx, folder, DAY_MS + 60_000);
    // Variants whose upload has no row, without their original.
    const oldVariants = await strayUpload(ctx, `${user.username}/cover_pictures`, 3 * DAY_MS, {
      original: false,
    });
    // A file named after a row's upload that is not that upload's (another extension).
    const rowId = path.basename(kept[0] as string).split('.')[0];
    const wrongExtension = `${folder}/${rowId}.png`;
    await strayFile(ctx, wrongExtension, 2 * DAY_MS);
    // Younger than a day: its upload may still be writing its row.
    const young = await strayUpload(ctx, folder, DAY_MS - 60_000);
    // Not a name the server gives uploads: not the purge's to remove.
    await strayFile(ctx, `${folder}/notes.txt`, 5 * DAY_MS);
    await strayFile(ctx, '.partial/0123abcd.tmp', DAY_MS + 60_000);
    await strayFile(ctx, '.partial/4567cdef.tmp', 60_000);
    // Files sent before their path, in a request directory of a killed process, and of a live one.
    const held = uploadTempDirIn(ctx.config.dataDir);
    for (const [name, ageMs] of [
      ['upload-killed', DAY_MS + 60_000],
      ['upload-live', 60_000],
    ] as const) {
      await mkdir(path.join(held, name), { recursive: true });
      await writeFile(path.join(held, name, '0'), 'bytes');
      const when = new Date(ctx.clock.now().getTime() - ageMs);
      await utimes(path.join(held, name), when, when);
    }

    expect(await ctx.app.purges.runOnce()).toEqual({
      posts: 0,
      accounts: 0,
      files: 0,
      // 4 + 3 + 1 stored files, one unfinished write, one request's held files.
      orphanFiles: 10,
      // The members' sessions are still live: theirs stay.
      sessions: 0,
    });
    expect(await readdir(held)).toEqual(['upload-live']);

    const left = await filesUnder(ctx, { partial: true });
    for (const key of [...oldOrphan, ...oldVariants, wrongExtension, '.partial/0123abcd.tmp']) {
      expect(left).not.toContain(key);
    }
    expect(left).toEqual(
      [...kept, ...young, `${folder}/notes.txt`, '.partial/4567cdef.tmp'].sort(),
    );
    // The row's upload is still served; an orphan is not.
    expect((await ctx.app.inject({ url: `/media/${kept[0]}` })).statusCode).toBe(200);
    expect((await ctx.app.inject({ url: `/media/${oldOrphan[0]}` })).statusCode).toBe(404);
  });

  it('are swept once a day, not on every hourly run', async () => {
    const { user } = await buildUser(ctx);
    const folder = `${user.username}/post_images`;
    await strayUpload(ctx, folder, 2 * DAY_MS);
    expect(await ctx.app.purges.runOnce()).toMatchObject({ orphanFiles: 4 });

    const next = await strayUpload(ctx, folder, 2 * DAY_MS);
    ctx.clock.advance(DAY_MS - 60_000);
    expect(await ctx.app.purges.runOnce()).toMatchObject({ orphanFiles: 0 });
    expect(await filesUnder(ctx)).toEqual(next.sort());
    ctx.clock.advance(2 * 60_000);
    expect(await ctx.app.purges.runOnce()).toMatchObject({ orphanFiles: 4 });
    expect(await filesUnder(ctx)).toEqual([]);
  });

  it('are swept in batches, and two processes sweeping at once leave only the named files', async () => {
    const ada = await buildUser(ctx);
    const grace = await buildUser(ctx);
    const kept = [
      ...(await realUpload(ctx, ada.token, `${ada.user.username}/post_images`)),
      ...(await realUpload(ctx, grace.token, `${grace.user.username}/profile_pictures`)),
    ];
    await ageEverything(ctx, 2 * DAY_MS);
    for (let i = 0; i < 3; i++) {
      await strayUpload(ctx, `${ada.user.username}/post_images`, 2 * DAY_MS);
      await strayUpload(ctx, `${grace.user.username}/post_images/${uuidv7()}`, 2 * DAY_MS);
    }

    // Batches of 3 files: 24 orphans among 32 files.
    expect(await purgesFor(ctx, 3).deleteOrphanFiles()).toBe(24);
    expect(await filesUnder(ctx)).toEqual([...kept].sort());

    for (let i = 0; i < 5; i++)
      await strayUpload(ctx, `${ada.user.username}/post_images`, 2 * DAY_MS);
    const counts = await Promise.all([1, 2].map(() => purgesFor(ctx, 2).deleteOrphanFiles()));
    // A file both reached is deleted twice, harmlessly; none is missed.
    expect(counts[0]! + counts[1]!).toBeGreaterThanOrEqual(20);
    expect(await filesUnder(ctx)).toEqual([...kept].sort());
  });
});

import { readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { SERVER_MESSAGES } from '@hearth/contract';
import sharp from 'sharp';
import { v7 as uuidv7 } from 'uuid';
import { describe, expect, it } from 'vitest';
import { buildUser } from '../../test-support/factories.js';
import { animatedGif, jpeg, phoneJpeg, png } from '../../test-support/images.js';
import { createPost, feedPage } from '../../test-support/posts-api.js';
import { type TestContext, useTestApp } from '../../test-support/test-app.js';
import { uploadImages } from '../../test-support/uploads.js';
import { getProfile } from '../../test-support/users-api.js';

interface Variant {
  width: number;
  url: string;
}

/** What a browser gets when it loads the url. */
async function fetchImage(ctx: TestContext, url: string) {
  const res = await ctx.app.inject({ url });
  return { res, metadata: res.statusCode === 200 ? await sharp(res.rawPayload).metadata() : null };
}

/** Every file under the media folder, as paths relative to it. */
async function mediaFiles(ctx: TestContext): Promise<string[]> {
  const root = path.join(ctx.config.dataDir, 'media');
  const entries = await readdir(root, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries
    .filter((e) => e.isFile())
    .map((e) => path.relative(root, path.join(e.parentPath, e.name)))
    .filter((name) => !name.startsWith('.partial'))
    .sort();
}

async function upload(ctx: TestContext, files: Parameters<typeof uploadImages>[3]) {
  const { user, token } = await buildUser(ctx);
  const res = await uploadImages(ctx.app, token, `${user.username}/post_images`, files);
  expect(res.statusCode).toBe(200);
  return { user, token, images: res.json() as Array<{ url: string; variants: Variant[] }> };
}

describe('image variants of an upload', () => {
  const ctx = useTestApp();

  it('every upload is also stored as WebP at 160, 480 and 1080 px wide, served at the urls the answer gives', async () => {
    const { images } = await upload(ctx, [
      { name: 'wide.jpg', bytes: await jpeg(2000, 1000) },
      { name: 'small.png', bytes: await png(300, 200), contentType: 'image/png' },
    ]);
    const [wide, small] = images;
    expect(wide!.variants).toEqual(
      [160, 480, 1080].map((width) => ({
        width,
        url: wide!.url.replace(/\.jpg$/, `-w${width}.webp`),
      })),
    );
    expect(small!.variants.map((v) => v.url)).toEqual(
      [160, 480, 1080].map((width) => small!.url.replace(/\.png$/, `-w${width}.webp`)),
    );

    const seen = [];
    for (const image of images) {
      for (const variant of image.variants) {
        const { res, metadata } = await fetchImage(ctx, variant.url);
        expect(res.statusCode, variant.url).toBe(200);
        expect(res.headers['content-type']).toBe('image/webp');
        expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
        expect(metadata?.format).toBe('webp');
        expect(metadata?.exif).toBeUndefined();
        seen.push([metadata?.width, metadata?.height]);
      }
    }
    // Never wider than asked, never wider than the original, in proportion.
    expect(seen).toEqual([
      [160, 80],
      [480, 240],
      [1080, 540],
      [160, 107],
      [300, 200],
      [300, 200],
    ]);
    // The 160 px card is a small fraction of the original's weight.
    const original = await ctx.app.inject({ url: wide!.url });
    const thumb = await ctx.app.inject({ url: wide!.variants[0]!.url });
    expect(thumb.rawPayload.length).toBeLessThan(original.rawPayload.length / 5);
  });

  it('a phone photo’s variants are the right way up and carry none of its metadata', async () => {
    const { images } = await upload(ctx, [
      { name: 'IMG_0002.jpg', bytes: await phoneJpeg(400, 200, 6) },
    ]);
    for (const variant of images[0]!.variants) {
      const { res, metadata } = await fetchImage(ctx, variant.url);
      expect(res.rawPayload.toString('latin1')).not.toContain('PhoneMaker');
      expect(metadata?.exif).toBeUndefined();
      expect(metadata?.orientation).toBeUndefined();
      // Stored 400x200, shown a quarter turn round: portrait, 200 wide.
      expect([metadata?.width, metadata?.height]).toEqual([
        Math.min(variant.width, 200),
        Math.min(variant.width, 200) * 2,
      ]);
    }
  });

  it('an animated GIF’s variants stay animated', async () => {
    const { images } = await upload(ctx, [
      { name: 'dance.gif', bytes: await animatedGif(), contentType: 'image/gif' },
    ]);
    for (const variant of images[0]!.variants) {
      const { res, metadata } = await fetchImage(ctx, variant.url);
      expect(res.headers['content-type']).toBe('image/webp');
      expect(metadata?.pages).toBe(3);
    }
  });

  it('a batch refused halfway leaves neither originals nor variants behind', async () => {
    const { user, token } = await buildUser(ctx);
    const res = await uploadImages(ctx.app, token, `${user.username}/post_images`, [
      { name: 'one.jpg', bytes: await jpeg(600, 400) },
      { name: 'two.jpg', bytes: await jpeg(600, 400) },
      { name: 'notes.jpg', bytes: Buffer.from('not an image') },
    ]);
    expect(res.statusCode).toBe(415);
    expect(await mediaFiles(ctx)).toEqual([]);
  });

  it('a post, the feed and a profile give each photo’s variants beside its url', async () => {
    const { user, token, images } = await upload(ctx, [
      { name: 'a.jpg', bytes: await jpeg(800, 600) },
      { name: 'b.jpg', bytes: await jpeg(800, 600) },
    ]);
    // The upload's answer goes back as it is, as the web app sends it.
    const created = await createPost(ctx.app, token, { text: 'two photos', images });
    expect(created.statusCode).toBe(201);
    const expected = images.map(({ url, variants }) => ({ url, variants }));
    expect(created.json().images).toEqual(expected);
    const [fromFeed] = (await feedPage(ctx.app, token)).posts;
    expect(fromFeed?.images).toEqual(expected);
    const profile = await getProfile(ctx.app, token, user.username);
    expect(profile.posts[0]?.images).toEqual(expected);
  });
});

describe('a variant not made yet', () => {
  const ctx = useTestApp();

  it('redirects (302, not cached) to its original while the upload exists, so the picture shows', async () => {
    const { images } = await upload(ctx, [{ name: 'a.jpg', bytes: await jpeg(800, 600) }]);
    const [image] = images;
    // As if uploaded before variants existed: the variant files are not there.
    for (const variant of image!.variants) {
      await rm(path.join(ctx.config.dataDir, new URL(variant.url).pathname));
      const res = await ctx.app.inject({ url: variant.url });
      expect(res.statusCode).toBe(302);
      // Relative: the original is on the same server as the variant asked for.
      expect(res.headers.location).toBe(new URL(image!.url).pathname);
      expect(res.headers['cache-control']).toBe('no-cache');
      const followed = await ctx.app.inject({ url: res.headers.location as string });
      expect(followed.statusCode).toBe(200);
      expect(followed.headers['content-type']).toBe('image/jpeg');
    }
  });

  it('is 404 when no upload has that id, or the name is not a variant’s', async () => {
    const { user, images } = await upload(ctx, [{ name: 'a.jpg', bytes: await jpeg() }]);
    const [image] = images;
    const unknown = uuidv7();
    for (const url of [
      `/media/${user.username}/post_images/${unknown}-w480.webp`,
      `/media/${user.username}/post_images/${unknown}.jpg`,
      // The right id in another folder is not that upload's variant.
      image!.variants[0]!.url.replace('/post_images/', '/cover_pictures/'),
      image!.url.replace(/\.jpg$/, '-w481.webp'),
      image!.url.replace(/\.jpg$/, '-w480.png'),
      `/media/${user.username}/post_images/nothing.webp`,
      '/media/../../etc/passwd-w160.webp',
    ]) {
      const res = await ctx.app.inject({ url });
      expect(res.statusCode, url).toBe(404);
      expect(res.json(), url).toEqual({ message: SERVER_MESSAGES.notFound });
    }
  });
});

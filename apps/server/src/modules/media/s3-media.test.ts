import { imageVariants, SERVER_MESSAGES, TRASH_RETENTION_DAYS } from '@hearth/contract';
import { v7 as uuidv7 } from 'uuid';
import { describe, expect, it } from 'vitest';
import { uploadKeyOf } from '../../infra/storage/image-urls.js';
import { buildUser } from '../../test-support/factories.js';
import { jpeg } from '../../test-support/images.js';
import { createPost, deletePost } from '../../test-support/posts-api.js';
import { useTestBucket } from '../../test-support/s3-emulator.js';
import { type TestContext, useTestApp } from '../../test-support/test-app.js';
import { uploadedUrl } from '../../test-support/uploads.js';

// Media in an S3-compatible bucket (s3rver): uploads land there, /media serves them from there
// with the local route's rules, purges and the orphan sweep delete there.

const DAY_MS = 24 * 60 * 60 * 1000;
const IMMUTABLE = 'public, max-age=31536000, immutable';

const s3 = useTestBucket();

async function photoOf(ctx: TestContext, token: string, username: string): Promise<string> {
  return uploadedUrl(ctx.app, token, `${username}/post_images`, await jpeg(1200, 800));
}

/** The upload's key and its variants' keys. */
function keysOf(url: string): string[] {
  return [url, ...imageVariants(url).map((v) => v.url)].map((u) => uploadKeyOf(u) as string);
}

describe('media in an S3 bucket, served at /media', () => {
  const ctx = useTestApp({ config: () => ({ s3: s3.emulator.settings() }) });

  it('an uploaded picture goes to the bucket and is served from it; trashed: 404; purged: gone', async () => {
    const ada = await buildUser(ctx);
    const url = await photoOf(ctx, ada.token, ada.user.username);
    expect(url).toMatch(/^http:\/\/hearth\.test\/media\//);
    const keys = keysOf(url);
    const sent = await jpeg(1200, 800);
    const stored = await s3.bucket.get(keys[0] as string);
    expect(stored?.subarray(0, 3).equals(sent.subarray(0, 3))).toBe(true);

    for (const [i, key] of keys.entries()) {
      const res = await ctx.app.inject({ url: `/media/${key}` });
      expect(res.statusCode, key).toBe(200);
      expect(res.headers['content-type']).toBe(i === 0 ? 'image/jpeg' : 'image/webp');
      expect(res.headers['cache-control']).toBe(IMMUTABLE);
      expect(res.headers['cross-origin-resource-policy']).toBe('cross-origin');
      expect(res.rawPayload.equals((await s3.bucket.get(key)) as Buffer)).toBe(true);
      // A browser revalidating gets a 304 without the bytes.
      const etag = res.headers.etag as string;
      const again = await ctx.app.inject({
        url: `/media/${key}`,
        headers: { 'if-none-match': etag },
      });
      expect(again.statusCode).toBe(304);
      expect(again.rawPayload.length).toBe(0);
    }

    const created = await createPost(ctx.app, ada.token, { text: 'photo', images: [{ url }] });
    expect(created.statusCode).toBe(201);
    const deleted = await deletePost(ctx.app, ada.token, created.json()._id);
    expect(deleted.statusCode).toBeLessThan(300);
    for (const key of keys) {
      const res = await ctx.app.inject({ url: `/media/${key}` });
      expect(res.statusCode, key).toBe(404);
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.json()).toEqual({ message: SERVER_MESSAGES.notFound });
    }

    ctx.clock.advance((TRASH_RETENTION_DAYS + 1) * DAY_MS);
    expect(await ctx.app.purges.runOnce()).toMatchObject({ posts: 1 });
    for (const key of keys) expect(await s3.bucket.head(key), key).toBeUndefined();
  });

  it('a variant not in the bucket redirects to its original; an unknown key is 404', async () => {
    const ada = await buildUser(ctx);
    const [original, variant] = keysOf(await photoOf(ctx, ada.token, ada.user.username));
    await s3.bucket.delete(variant as string);
    const res = await ctx.app.inject({ url: `/media/${variant}` });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe(`/media/${original}`);
    expect(res.headers['cache-control']).toBe('no-cache');

    const unknown = `${ada.user.username}/post_images/${uuidv7()}.jpg`;
    const missing = await ctx.app.inject({ url: `/media/${unknown}` });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: SERVER_MESSAGES.notFound });
    for (const url of ['/media/../etc/passwd', '/media/x.jpg', '/media/ada/.hidden.jpg']) {
      expect((await ctx.app.inject({ url })).statusCode, url).toBe(404);
    }
  });

  it("a friends-only post's photo is served only at its signed address, variants too, and a missing variant keeps the signature", async () => {
    const ada = await buildUser(ctx);
    const url = await photoOf(ctx, ada.token, ada.user.username);
    const created = await createPost(ctx.app, ada.token, {
      text: 'photo',
      images: [{ url }],
      audience: 'friends',
    });
    expect(created.statusCode).toBe(201);
    const signed = created.json().images[0].url as string;
    const query = new URL(signed).search;
    expect(query).toMatch(/^\?exp=\d+&sig=/);
    for (const key of keysOf(url)) {
      const refused = await ctx.app.inject({ url: `/media/${key}` });
      expect(refused.statusCode, key).toBe(404);
      expect(refused.json()).toEqual({ message: SERVER_MESSAGES.notFound });
      expect(refused.headers['cache-control']).toBe('no-store');
      const res = await ctx.app.inject({ url: `/media/${key}${query}` });
      expect(res.statusCode, key).toBe(200);
      expect(res.headers['cache-control']).toMatch(/^private, max-age=\d+$/);
    }
    const [original, variant] = keysOf(url);
    await s3.bucket.delete(variant as string);
    const res = await ctx.app.inject({ url: `/media/${variant}${query}` });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe(`/media/${original}${query}`);
  });

  it('the daily sweep deletes day-old objects no row names, and keeps the rest', async () => {
    const ada = await buildUser(ctx);
    const kept = keysOf(await photoOf(ctx, ada.token, ada.user.username));
    const stray = `${ada.user.username}/post_images/${uuidv7()}.jpg`;
    await s3.bucket.put(stray, await jpeg(), 'image/jpeg');
    // Objects carry the bucket's real time: the clock moves instead.
    ctx.clock.advance(2 * DAY_MS);
    expect(await ctx.app.purges.runOnce()).toMatchObject({ orphanFiles: 1 });
    expect(await s3.bucket.head(stray)).toBeUndefined();
    for (const key of kept) expect(await s3.bucket.head(key), key).toBeDefined();
  });
});

describe('media in an S3 bucket with MEDIA_PUBLIC_URL', () => {
  const ctx = useTestApp({
    config: () => ({
      s3: s3.emulator.settings({ mediaPublicUrl: `${s3.emulator.endpoint}/${s3.emulator.bucket}` }),
    }),
  });

  it('answers the bucket’s address, which serves the bytes, and takes it back as the upload', async () => {
    const ada = await buildUser(ctx);
    const url = await photoOf(ctx, ada.token, ada.user.username);
    const base = `${s3.emulator.endpoint}/${s3.emulator.bucket}/`;
    expect(url.startsWith(base)).toBe(true);
    const key = url.slice(base.length);
    expect(key).toMatch(new RegExp(`^${ada.user.username}/post_images/[0-9a-f-]+\\.jpg$`));
    const res = await fetch(url);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/jpeg');
    expect(res.headers.get('cache-control')).toBe(IMMUTABLE);
    expect(
      Buffer.from(await res.arrayBuffer()).equals((await s3.bucket.get(key as string)) as Buffer),
    ).toBe(true);

    const created = await createPost(ctx.app, ada.token, { text: 'photo', images: [{ url }] });
    expect(created.statusCode).toBe(201);
    expect(JSON.stringify(created.json())).toContain(url);
    // This server does not serve them itself.
    expect((await ctx.app.inject({ url: `/media/${key}` })).statusCode).toBe(404);
  });

  it("a friends-only post's photo is answered at this server's signed address, which serves it; the bucket cannot check", async () => {
    const ada = await buildUser(ctx);
    const url = await photoOf(ctx, ada.token, ada.user.username);
    const base = `${s3.emulator.endpoint}/${s3.emulator.bucket}/`;
    const key = url.slice(base.length);
    const created = await createPost(ctx.app, ada.token, {
      text: 'photo',
      images: [{ url }],
      audience: 'friends',
    });
    expect(created.statusCode).toBe(201);
    const signed = created.json().images[0].url as string;
    expect(signed).toMatch(new RegExp(`^http://hearth\\.test/media/${key}\\?exp=\\d+&sig=`));
    const res = await ctx.app.inject({ url: signed });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toMatch(/^private, max-age=\d+$/);
    expect(res.rawPayload.equals((await s3.bucket.get(key)) as Buffer)).toBe(true);
    expect((await ctx.app.inject({ url: `/media/${key}` })).statusCode).toBe(404);
    // Sent back, it names the upload.
    const again = await createPost(ctx.app, ada.token, {
      text: 'again',
      images: [{ url: signed }],
    });
    expect(again.statusCode).toBe(201);
    expect(again.json().images[0].url).toBe(url);
    // What the bucket's public address serves is the bucket's business (README, MEDIA_PUBLIC_URL).
    expect((await fetch(url)).status).toBe(200);
  });
});

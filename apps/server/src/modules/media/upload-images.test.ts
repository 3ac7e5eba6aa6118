import { mkdir, readdir, writeFile } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { Readable } from 'node:stream';
import {
  FILE_MESSAGES,
  fileMessage,
  IMAGE_MAX_BYTES,
  MEDIA_MESSAGES,
  SERVER_MESSAGES,
} from '@hearth/contract';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { buildUser } from '../../test-support/factories.js';
import {
  animatedGif,
  jpeg,
  noisyPng,
  phoneJpeg,
  png,
  pngBomb,
  webp,
} from '../../test-support/images.js';
import { post, type TestContext, useTestApp } from '../../test-support/test-app.js';
import { TEST_PUBLIC_URL } from '../../test-support/test-config.js';
import { multipartBody, sendForm, uploadImages } from '../../test-support/uploads.js';
import { uploadTempDirIn } from './held-files.js';

/** Where uploads are answered: the test app's PUBLIC_URL, then /media (dots escaped). */
const MEDIA_ADDRESS = `${TEST_PUBLIC_URL}/media`.replaceAll('.', '\\.');

async function member(ctx: TestContext, firstName = 'Ada') {
  const built = await buildUser(ctx, { first_name: firstName, last_name: 'Lovelace' });
  return { ...built, username: built.user.username };
}

/** What a browser gets when it loads the url. */
async function fetchImage(ctx: TestContext, url: string) {
  const res = await ctx.app.inject({ url });
  return { res, metadata: res.statusCode === 200 ? await sharp(res.rawPayload).metadata() : null };
}

async function listedCount(ctx: TestContext, token: string, username: string) {
  const res = await post(
    ctx.app,
    '/api/v1/users/listImages',
    { path: `${username}/*`, sort: 'desc', max: 30 },
    { token },
  );
  return res.json().total_count as number;
}

/** What is left in the folder where uploads hold the files sent before their path. */
async function heldFilesLeft(ctx: TestContext): Promise<string[]> {
  return filesUnder(uploadTempDirIn(ctx.config.dataDir));
}

/** Every file in the media storage. */
async function storedFiles(ctx: TestContext): Promise<string[]> {
  return filesUnder(path.join(ctx.config.dataDir, 'media'));
}

async function filesUnder(dir: string): Promise<string[]> {
  try {
    const entries = await readdir(dir, { recursive: true, withFileTypes: true });
    return entries.filter((e) => !e.isDirectory()).map((e) => path.join(e.parentPath, e.name));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
}

/** Polls until `check` holds (or a few seconds have gone): for work that ends after a request. */
async function eventually(check: () => Promise<boolean>): Promise<boolean> {
  for (let i = 0; i < 100; i++) {
    if (await check()) return true;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return false;
}

describe('uploading images', () => {
  const ctx = useTestApp();

  it('a member uploads a JPEG, a PNG and a WebP and gets their urls back in the order sent', async () => {
    const { token, username } = await member(ctx);
    const res = await uploadImages(ctx.app, token, `${username}/post_images`, [
      { name: 'beach.jpg', bytes: await jpeg() },
      { name: 'logo.png', bytes: await png(), contentType: 'image/png' },
      { name: 'cat.webp', bytes: await webp(), contentType: 'image/webp' },
    ]);
    expect(res.statusCode).toBe(200);
    const urls = (res.json() as Array<{ url: string }>).map((i) => i.url);
    expect(urls).toHaveLength(3);
    expect(urls[0]).toMatch(
      new RegExp(`^${MEDIA_ADDRESS}/${username}/post_images/[0-9a-f-]{36}\\.jpg$`),
    );
    expect(urls[1]).toMatch(/\.png$/);
    expect(urls[2]).toMatch(/\.webp$/);

    const formats = [];
    for (const url of urls) {
      const { res: file, metadata } = await fetchImage(ctx, url);
      expect(file.statusCode).toBe(200);
      expect(file.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      formats.push([file.headers['content-type'], metadata?.format]);
    }
    expect(formats).toEqual([
      ['image/jpeg', 'jpeg'],
      ['image/png', 'png'],
      ['image/webp', 'webp'],
    ]);
  });

  it('the comment-image, profile-picture and cover folders are the member’s own too', async () => {
    const { token, username } = await member(ctx);
    for (const folder of [
      'post_images/0196f0c2-7a7e-7d1b-9b1e-3c5d2b1a0f00',
      'profile_pictures',
      'cover_pictures',
    ]) {
      const res = await uploadImages(ctx.app, token, `${username}/${folder}`, [
        { name: 'a.jpg', bytes: await jpeg() },
      ]);
      expect(res.statusCode, folder).toBe(200);
      expect(res.json()[0].url).toContain(`/media/${username}/${folder}/`);
    }
  });

  it('writing into another member’s folder, or a folder that is not one of the four, is refused 403', async () => {
    const ada = await member(ctx, 'Ada');
    const grace = await member(ctx, 'Grace');
    for (const path of [
      `${grace.username}/post_images`,
      `${grace.username}/profile_pictures`,
      `${ada.username}/secret_folder`,
      `${ada.username}/post_images/../../${grace.username}/post_images`,
      `${ada.username}`,
      '/post_images',
    ]) {
      const res = await uploadImages(ctx.app, ada.token, path, [
        { name: 'a.jpg', bytes: await jpeg() },
      ]);
      expect(res.statusCode, path).toBe(403);
      expect(res.json().message).toBe(
        MEDIA_MESSAGES.pathForbidden.replaceAll('{me}', ada.username),
      );
    }
    expect(await listedCount(ctx, ada.token, grace.username)).toBe(0);
    expect(await listedCount(ctx, ada.token, ada.username)).toBe(0);
  });

  it('a file named .jpg that holds text is refused 415, naming the file', async () => {
    const { token, username } = await member(ctx);
    const res = await uploadImages(ctx.app, token, `${username}/post_images`, [
      { name: 'holiday.jpg', bytes: Buffer.from('this is not a picture at all, just words') },
    ]);
    expect(res.statusCode).toBe(415);
    expect(res.json()).toEqual({ message: fileMessage(FILE_MESSAGES.post.type, 'holiday.jpg') });
  });

  it('an SVG or a BMP is refused 415 whatever its name says', async () => {
    const { token, username } = await member(ctx);
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>',
    );
    const bmp = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#fff' } })
      .raw()
      .toBuffer()
      .then((pixels) => bmpFile(4, 4, pixels));
    for (const [name, bytes] of [
      ['drawing.png', svg],
      ['old.gif', bmp],
    ] as const) {
      const res = await uploadImages(ctx.app, token, `${username}/post_images`, [{ name, bytes }]);
      expect(res.statusCode, name).toBe(415);
      expect(res.json().message).toBe(fileMessage(FILE_MESSAGES.post.type, name));
    }
  });

  it('the screen’s own wording is used: a comment image and a cover get their messages', async () => {
    const { token, username } = await member(ctx);
    const text = Buffer.from('plain text');
    const comment = await uploadImages(ctx.app, token, `${username}/post_images/abc-123`, [
      { name: 'reply.png', bytes: text },
    ]);
    expect(comment.json().message).toBe(fileMessage(FILE_MESSAGES.comment.type, 'reply.png'));
    const cover = await uploadImages(ctx.app, token, `${username}/cover_pictures`, [
      { name: 'wide.jpg', bytes: text },
    ]);
    expect(cover.json().message).toBe(`wide.jpg: ${FILE_MESSAGES.cover.type}`);
  });

  it('a file over 5 MB is refused 413, naming the file', async () => {
    const { token, username } = await member(ctx);
    const big = await noisyPng(IMAGE_MAX_BYTES + 10_000);
    expect(big.length).toBeGreaterThan(IMAGE_MAX_BYTES);
    const res = await uploadImages(ctx.app, token, `${username}/post_images`, [
      { name: 'small.jpg', bytes: await jpeg() },
      { name: 'huge.png', bytes: big, contentType: 'image/png' },
    ]);
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ message: fileMessage(FILE_MESSAGES.post.size, 'huge.png') });
    // All or nothing: the small one was not kept either.
    expect(await listedCount(ctx, token, username)).toBe(0);
  });

  it.each([
    ['path first', false],
    ['path last, the file held on disk', true],
  ])(
    '20 uploads of a 5 500 000-byte file are all refused 413, wherever the network splits the body (%s)',
    async (_, pathLast) => {
      const { token, username } = await member(ctx);
      const big = await noisyPng(5_500_000);
      const pathPart = { name: 'path', value: `${username}/post_images` };
      const filePart = { name: 'file', filename: 'huge.png', bytes: big, contentType: 'image/png' };
      const { payload, contentType } = multipartBody(
        pathLast ? [filePart, pathPart] : [pathPart, filePart],
      );
      // Where the file's bytes start in the body, so each try can split at the 5 MB mark itself.
      const fileStart = payload.indexOf(big.subarray(0, 64));
      const statuses: string[] = [];
      for (let shift = -10; shift < 10; shift++) {
        const split = fileStart + IMAGE_MAX_BYTES + shift;
        const res = await ctx.app.inject({
          method: 'POST',
          url: '/api/v1/posts/uploadImages',
          payload: Readable.from([payload.subarray(0, split), payload.subarray(split)]),
          headers: { 'content-type': contentType, authorization: `Bearer ${token}` },
        });
        statuses.push(`${shift}: ${res.statusCode} ${res.json().message}`);
      }
      const expected = `413 ${fileMessage(FILE_MESSAGES.post.size, 'huge.png')}`;
      expect(statuses).toEqual(statuses.map((s) => `${s.split(':')[0]}: ${expected}`));
      expect(await listedCount(ctx, token, username)).toBe(0);
      expect(await heldFilesLeft(ctx)).toEqual([]);
    },
  );

  it('a decompression bomb (a 30000 x 30000 PNG of a few hundred KB) is refused with a clear message, and the server carries on', async () => {
    const { token, username } = await member(ctx);
    const bomb = await pngBomb(30_000, 30_000);
    expect(bomb.length).toBeLessThan(IMAGE_MAX_BYTES);
    const res = await uploadImages(ctx.app, token, `${username}/post_images`, [
      { name: 'bomb.png', bytes: bomb, contentType: 'image/png' },
    ]);
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ message: fileMessage(MEDIA_MESSAGES.tooManyPixels, 'bomb.png') });

    const after = await uploadImages(ctx.app, token, `${username}/post_images`, [
      { name: 'fine.jpg', bytes: await jpeg() },
    ]);
    expect(after.statusCode).toBe(200);
  });

  it('a photo from a phone loses its EXIF and GPS data and is stored the right way up', async () => {
    const { token, username } = await member(ctx);
    const original = await phoneJpeg(200, 100, 6);
    const before = await sharp(original).metadata();
    expect(before.exif?.toString('latin1')).toContain('PhoneMaker');
    expect(before.orientation).toBe(6);

    const res = await uploadImages(ctx.app, token, `${username}/post_images`, [
      { name: 'IMG_0001.jpg', bytes: original },
    ]);
    expect(res.statusCode).toBe(200);
    const { res: file, metadata } = await fetchImage(ctx, res.json()[0].url);
    expect(metadata?.exif).toBeUndefined();
    expect(metadata?.xmp).toBeUndefined();
    expect(metadata?.orientation).toBeUndefined();
    expect(file.rawPayload.toString('latin1')).not.toContain('PhoneMaker');
    // Orientation 6 means "turn a quarter clockwise": the stored image is portrait.
    expect([metadata?.width, metadata?.height]).toEqual([100, 200]);
  });

  it('a large photo is scaled down to 2048 px on its longest side', async () => {
    const { token, username } = await member(ctx);
    const res = await uploadImages(ctx.app, token, `${username}/post_images`, [
      { name: 'panorama.jpg', bytes: await jpeg(3000, 1000) },
    ]);
    const { metadata } = await fetchImage(ctx, res.json()[0].url);
    expect([metadata?.width, metadata?.height]).toEqual([2048, 683]);
  });

  it('an animated GIF stays animated', async () => {
    const { token, username } = await member(ctx);
    const res = await uploadImages(ctx.app, token, `${username}/post_images`, [
      { name: 'dance.gif', bytes: await animatedGif(), contentType: 'image/gif' },
    ]);
    expect(res.statusCode).toBe(200);
    const { res: file, metadata } = await fetchImage(ctx, res.json()[0].url);
    expect(file.headers['content-type']).toBe('image/gif');
    expect(metadata?.pages).toBe(3);
  });

  it('one refused file in a batch stores none of the others', async () => {
    const { token, username } = await member(ctx);
    const res = await uploadImages(ctx.app, token, `${username}/post_images`, [
      { name: 'one.jpg', bytes: await jpeg() },
      { name: 'two.jpg', bytes: await jpeg() },
      { name: 'notes.jpg', bytes: Buffer.from('not an image') },
    ]);
    expect(res.statusCode).toBe(415);
    expect(await listedCount(ctx, token, username)).toBe(0);
  });

  it('up to 20 images go in one call; a 21st is refused 413', async () => {
    const { token, username } = await member(ctx);
    const bytes = await jpeg(8, 8);
    const files = (n: number) => Array.from({ length: n }, (_, i) => ({ name: `${i}.jpg`, bytes }));
    const twenty = await uploadImages(ctx.app, token, `${username}/post_images`, files(20));
    expect(twenty.statusCode).toBe(200);
    expect(twenty.json()).toHaveLength(20);
    const more = await uploadImages(ctx.app, token, `${username}/post_images`, files(21));
    expect(more.statusCode).toBe(413);
    expect(more.json()).toEqual({ message: MEDIA_MESSAGES.tooManyFiles });
    expect(await listedCount(ctx, token, username)).toBe(20);
  });
});

describe('the path field anywhere in the body', () => {
  const ctx = useTestApp();

  it('with the path last, the images are stored and answered in the order sent, and no temporary file is left', async () => {
    const { token, username } = await member(ctx);
    const files = [
      { name: 'beach.jpg', bytes: await jpeg() },
      { name: 'logo.png', bytes: await png(), contentType: 'image/png' },
      { name: 'cat.webp', bytes: await webp(), contentType: 'image/webp' },
    ];
    const res = await uploadImages(ctx.app, token, `${username}/post_images`, files, {
      pathAt: files.length,
    });
    expect(res.statusCode).toBe(200);
    const answer = res.json() as Array<{ url: string; variants: Array<{ width: number }> }>;
    expect(answer.map((i) => i.url.split('.').pop())).toEqual(['jpg', 'png', 'webp']);
    for (const image of answer) {
      expect(image.url).toMatch(
        new RegExp(`^${MEDIA_ADDRESS}/${username}/post_images/[0-9a-f-]{36}\\.`),
      );
      expect(image.variants.map((v) => v.width)).toEqual([160, 480, 1080]);
      expect((await fetchImage(ctx, image.url)).res.statusCode).toBe(200);
    }
    expect(await listedCount(ctx, token, username)).toBe(3);
    expect(await heldFilesLeft(ctx)).toEqual([]);
  });

  it('with the path between the files, the order sent is kept too', async () => {
    const { token, username } = await member(ctx);
    const files = [
      { name: 'one.png', bytes: await png(), contentType: 'image/png' },
      { name: 'two.jpg', bytes: await jpeg() },
      { name: 'three.webp', bytes: await webp(), contentType: 'image/webp' },
    ];
    const res = await uploadImages(ctx.app, token, `${username}/profile_pictures`, files, {
      pathAt: 2,
    });
    expect(res.statusCode).toBe(200);
    const urls = (res.json() as Array<{ url: string }>).map((i) => i.url);
    expect(urls.map((url) => url.split('.').pop())).toEqual(['png', 'jpg', 'webp']);
    expect(
      urls.every((url) => url.startsWith(`${TEST_PUBLIC_URL}/media/${username}/profile_pictures/`)),
    ).toBe(true);
    expect(await heldFilesLeft(ctx)).toEqual([]);
  });

  it('with the path last, a file over 5 MB is still cut while it streams and refused 413, naming it', async () => {
    const { token, username } = await member(ctx);
    const big = await noisyPng(IMAGE_MAX_BYTES + 10_000);
    const res = await uploadImages(
      ctx.app,
      token,
      `${username}/post_images`,
      [
        { name: 'small.jpg', bytes: await jpeg() },
        { name: 'huge.png', bytes: big, contentType: 'image/png' },
      ],
      { pathAt: 2 },
    );
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ message: fileMessage(FILE_MESSAGES.post.size, 'huge.png') });
    expect(await listedCount(ctx, token, username)).toBe(0);
    expect(await storedFiles(ctx)).toEqual([]);
    expect(await heldFilesLeft(ctx)).toEqual([]);
  });

  it('with the path last naming another member’s folder, 403 and nothing is stored', async () => {
    const ada = await member(ctx, 'Ada');
    const grace = await member(ctx, 'Grace');
    const res = await uploadImages(
      ctx.app,
      ada.token,
      `${grace.username}/post_images`,
      [
        { name: 'a.jpg', bytes: await jpeg() },
        { name: 'b.jpg', bytes: await jpeg() },
      ],
      { pathAt: 2 },
    );
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(MEDIA_MESSAGES.pathForbidden.replaceAll('{me}', ada.username));
    expect(await ctx.db.selectFrom('media').select('id').execute()).toEqual([]);
    expect(await storedFiles(ctx)).toEqual([]);
    expect(await heldFilesLeft(ctx)).toEqual([]);
  });

  it('with the path last, a refused type, a 21st file or a second path stores nothing and leaves no temporary file', async () => {
    const { token, username } = await member(ctx);
    const bytes = await jpeg(8, 8);
    const folder = `${username}/post_images`;
    const badType = await uploadImages(
      ctx.app,
      token,
      folder,
      [
        { name: 'one.jpg', bytes },
        { name: 'notes.jpg', bytes: Buffer.from('not an image') },
      ],
      { pathAt: 2 },
    );
    expect(badType.statusCode).toBe(415);
    expect(await heldFilesLeft(ctx)).toEqual([]);

    const many = Array.from({ length: 21 }, (_, i) => ({ name: `${i}.jpg`, bytes }));
    const tooMany = await uploadImages(ctx.app, token, folder, many, { pathAt: 21 });
    expect(tooMany.statusCode).toBe(413);
    expect(tooMany.json()).toEqual({ message: MEDIA_MESSAGES.tooManyFiles });
    expect(await heldFilesLeft(ctx)).toEqual([]);

    const twoPaths = await sendForm(ctx.app, token, [
      { name: 'file', filename: 'a.jpg', bytes },
      { name: 'path', value: folder },
      { name: 'path', value: folder },
    ]);
    expect(twoPaths.statusCode).toBe(400);
    expect(twoPaths.json()).toEqual({ message: MEDIA_MESSAGES.unexpectedField });

    expect(await listedCount(ctx, token, username)).toBe(0);
    expect(await storedFiles(ctx)).toEqual([]);
    expect(await heldFilesLeft(ctx)).toEqual([]);
  });

  it('when storing fails on the server, the answer is 500 and no temporary file is left', async () => {
    const { token, username } = await member(ctx);
    // A file where the member's media folder should be: the storage cannot write there.
    await mkdir(path.join(ctx.config.dataDir, 'media'), { recursive: true });
    await writeFile(path.join(ctx.config.dataDir, 'media', username), 'in the way');
    const res = await uploadImages(
      ctx.app,
      token,
      `${username}/post_images`,
      [{ name: 'a.jpg', bytes: await jpeg() }],
      { pathAt: 1 },
    );
    expect(res.statusCode).toBe(500);
    expect(await heldFilesLeft(ctx)).toEqual([]);
  });

  it('a client that goes away in the middle of the body leaves no temporary file', async () => {
    const { token, username } = await member(ctx);
    await ctx.app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = ctx.app.server.address() as AddressInfo;
    const { payload, contentType } = multipartBody([
      { name: 'file', filename: 'a.jpg', bytes: await jpeg() },
      {
        name: 'file',
        filename: 'b.png',
        bytes: await noisyPng(2_000_000),
        contentType: 'image/png',
      },
      { name: 'path', value: `${username}/post_images` },
    ]);
    const request = http.request({
      host: '127.0.0.1',
      port,
      method: 'POST',
      path: '/api/v1/posts/uploadImages',
      headers: {
        'content-type': contentType,
        'content-length': payload.length,
        authorization: `Bearer ${token}`,
      },
    });
    request.on('error', () => {});
    // The first file and half of the second: the server is holding them when the client leaves.
    request.write(payload.subarray(0, payload.length / 2));
    try {
      expect(await eventually(async () => (await heldFilesLeft(ctx)).length > 0)).toBe(true);
    } finally {
      request.destroy();
    }
    expect(await eventually(async () => (await heldFilesLeft(ctx)).length === 0)).toBe(true);
    expect(await listedCount(ctx, token, username)).toBe(0);
  });
});

describe('uploads that are not well-formed', () => {
  const ctx = useTestApp();

  it('a path with no file gets 400 asking for an image', async () => {
    const { token, username } = await member(ctx);
    const res = await sendForm(ctx.app, token, [
      { name: 'path', value: `${username}/post_images` },
    ]);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: MEDIA_MESSAGES.noFile });
  });

  it('files without a path, or an empty form, get 400 saying the path is missing, and leave no temporary file', async () => {
    const { token } = await member(ctx);
    const bytes = await jpeg();
    for (const parts of [
      [{ name: 'file', filename: 'a.jpg', bytes }],
      [
        { name: 'file', filename: 'a.jpg', bytes },
        { name: 'file', filename: 'b.jpg', bytes },
      ],
      [],
    ]) {
      const res = await sendForm(ctx.app, token, parts);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: MEDIA_MESSAGES.pathMissing });
      expect(await heldFilesLeft(ctx)).toEqual([]);
    }
    expect(await storedFiles(ctx)).toEqual([]);
  });

  it('other field names get 400 naming the accepted ones', async () => {
    const { token, username } = await member(ctx);
    const bytes = await jpeg();
    for (const parts of [
      [
        { name: 'path', value: `${username}/post_images` },
        { name: 'image', filename: 'a.jpg', bytes },
      ],
      [
        { name: 'path', value: `${username}/post_images` },
        { name: 'caption', value: 'hello' },
      ],
      [
        { name: 'path', value: `${username}/post_images` },
        { name: 'path', value: `${username}/post_images` },
      ],
    ]) {
      const res = await sendForm(ctx.app, token, parts);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: MEDIA_MESSAGES.unexpectedField });
    }
  });

  it('a JSON body or a broken multipart body gets a 4xx with a sentence, never a 500', async () => {
    const { token } = await member(ctx);
    const cases = [
      { payload: '{"path":"x"}', type: 'application/json', status: 415 },
      { payload: 'path=x', type: 'application/x-www-form-urlencoded', status: 415 },
      { payload: 'hello', type: 'text/plain', status: 415 },
      { payload: 'garbage', type: 'multipart/form-data', status: 400 },
      { payload: 'garbage', type: 'multipart/form-data; boundary=abc', status: 400 },
      {
        payload: '--abc\r\nContent-Disposition: form-data; name="path"\r\n\r\nada/post',
        type: 'multipart/form-data; boundary=abc',
        status: 400,
      },
      {
        payload: '--abc\r\nContent-Dispo\r\n\r\n\r\n--abc--\r\n',
        type: 'multipart/form-data; boundary=abc',
        status: 400,
      },
    ];
    for (const { payload, type, status } of cases) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/v1/posts/uploadImages',
        payload,
        headers: { 'content-type': type, authorization: `Bearer ${token}` },
      });
      expect(res.statusCode, `${type} ${payload}`).toBe(status);
      expect(res.json().message, `${type} ${payload}`).toEqual(expect.any(String));
    }
    const empty = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/posts/uploadImages',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(empty.statusCode).toBe(415);
    expect(empty.json()).toEqual({ message: MEDIA_MESSAGES.notMultipart });
  });

  it('without a session the upload is refused 401', async () => {
    const res = await uploadImages(ctx.app, '', 'ada/post_images', [
      { name: 'a.jpg', bytes: await jpeg() },
    ]);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: SERVER_MESSAGES.unauthenticated });
  });
});

describe('the upload limit', () => {
  const ctx = useTestApp({
    config: { limits: { uploadsPerMember: { max: 2, windowMs: 30 * 60_000 } } },
  });

  it('a member gets 429 after the allowed number of uploads; another member still uploads', async () => {
    const ada = await member(ctx, 'Ada');
    const grace = await member(ctx, 'Grace');
    const bytes = await jpeg();
    const statuses = [];
    for (let i = 0; i < 3; i++) {
      statuses.push(
        (
          await uploadImages(ctx.app, ada.token, `${ada.username}/post_images`, [
            { name: 'a.jpg', bytes },
          ])
        ).statusCode,
      );
    }
    expect(statuses).toEqual([200, 200, 429]);
    const other = await uploadImages(ctx.app, grace.token, `${grace.username}/post_images`, [
      { name: 'a.jpg', bytes },
    ]);
    expect(other.statusCode).toBe(200);
  });
});

/** A minimal 24-bit BMP: a real image format we do not accept. */
function bmpFile(width: number, height: number, rgb: Buffer): Buffer {
  const rowSize = Math.ceil((width * 3) / 4) * 4;
  const data = Buffer.alloc(rowSize * height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const from = ((height - 1 - y) * width + x) * 3;
      data[y * rowSize + x * 3] = rgb[from + 2]!;
      data[y * rowSize + x * 3 + 1] = rgb[from + 1]!;
      data[y * rowSize + x * 3 + 2] = rgb[from]!;
    }
  }
  const header = Buffer.alloc(54);
  header.write('BM', 0, 'latin1');
  header.writeUInt32LE(54 + data.length, 2);
  header.writeUInt32LE(54, 10);
  header.writeUInt32LE(40, 14);
  header.writeInt32LE(width, 18);
  header.writeInt32LE(height, 22);
  header.writeUInt16LE(1, 26);
  header.writeUInt16LE(24, 28);
  header.writeUInt32LE(data.length, 34);
  return Buffer.concat([header, data]);
}

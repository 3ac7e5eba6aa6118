import { fileMessage, IMAGE_MAX_BYTES, MEDIA_MESSAGES } from '@hearth/contract';
import { describe, expect, it } from 'vitest';
import { buildUser } from '../test-support/factories.js';
import { jpeg, pngBomb } from '../test-support/images.js';
import { useTestApp } from '../test-support/test-app.js';
import { testEngine } from '../test-support/test-database.js';
import { uploadImages } from '../test-support/uploads.js';

const SIDE = 50_000;
/** What the server may grow by while refusing the bombs: far below one decoded bomb (2.5 GB+). */
const MEMORY_ALLOWANCE_BYTES = 256 * 1024 * 1024;

/**
 * A small real JPEG whose frame header (SOF0) claims `width` x `height`: what a decoder would
 * have to allocate is decided by those four bytes alone.
 */
async function jpegClaiming(width: number, height: number): Promise<Buffer> {
  const bytes = Buffer.from(await jpeg(64, 48));
  for (let at = 2; at < bytes.length - 9; at++) {
    if (bytes[at] === 0xff && bytes[at + 1] === 0xc0) {
      // FFC0, length (2), precision (1), then height and width, big-endian.
      bytes.writeUInt16BE(height, at + 5);
      bytes.writeUInt16BE(width, at + 7);
      return bytes;
    }
  }
  throw new Error('no SOF0 frame header in the JPEG');
}

describe(`upload bombs (${testEngine()})`, () => {
  const ctx = useTestApp();

  it('a PNG and a JPEG claiming 50 000 x 50 000 pixels are refused with 413, memory stays bounded', async () => {
    const { user, token } = await buildUser(ctx);
    const folder = `${user.username}/post_images`;
    const bombs = [
      { name: 'bomb.png', bytes: await pngBomb(SIDE, SIDE), contentType: 'image/png' },
      { name: 'bomb.jpg', bytes: await jpegClaiming(SIDE, SIDE), contentType: 'image/jpeg' },
    ];
    global.gc?.();
    const before = process.memoryUsage().rss;
    let peak = before;
    const sampler = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage().rss);
    }, 5);
    try {
      for (const bomb of bombs) {
        expect(bomb.bytes.length).toBeLessThan(IMAGE_MAX_BYTES);
        for (let round = 0; round < 3; round++) {
          const res = await uploadImages(ctx.app, token, folder, [bomb]);
          expect(res.statusCode, bomb.name).toBe(413);
          expect(res.json()).toEqual({
            message: fileMessage(MEDIA_MESSAGES.tooManyPixels, bomb.name),
          });
        }
      }
    } finally {
      clearInterval(sampler);
    }
    peak = Math.max(peak, process.memoryUsage().rss);
    console.info(
      `[reliability] upload bombs (${testEngine()}): 6 refused with 413, memory grew ${Math.round((peak - before) / 1024 / 1024)} MB at most`,
    );
    expect(peak - before).toBeLessThan(MEMORY_ALLOWANCE_BYTES);

    // And the server carries on.
    const fine = await uploadImages(ctx.app, token, folder, [
      { name: 'fine.jpg', bytes: await jpeg() },
    ]);
    expect(fine.statusCode).toBe(200);
  });
});

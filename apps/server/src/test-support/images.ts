import { crc32, createDeflate } from 'node:zlib';
import sharp from 'sharp';

// Real image bytes for upload tests, made with sharp (or, for the bomb, by hand).

type Colour = string;

export function jpeg(width = 64, height = 48, background: Colour = '#3366cc'): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background } })
    .jpeg()
    .toBuffer();
}

export function png(width = 64, height = 48, background: Colour = '#cc6633'): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 4, background } })
    .png()
    .toBuffer();
}

export function webp(width = 64, height = 48, background: Colour = '#33cc66'): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background } })
    .webp()
    .toBuffer();
}

/** An animated GIF: one frame per colour. */
export async function animatedGif(
  width = 40,
  height = 30,
  colours: Colour[] = ['#ff0000', '#00ff00', '#0000ff'],
): Promise<Buffer> {
  const frames = await Promise.all(
    colours.map((background) =>
      sharp({ create: { width, height, channels: 3, background } })
        .raw()
        .toBuffer(),
    ),
  );
  return sharp(Buffer.concat(frames), {
    raw: { width, height: height * colours.length, channels: 3, pageHeight: height },
  })
    .gif()
    .toBuffer();
}

/**
 * A JPEG as a phone writes it: stored `width`x`height` with an EXIF orientation (6 = turn 90°
 * clockwise to display), the camera's make and a GPS position.
 */
export function phoneJpeg(width: number, height: number, orientation = 6): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#888888' } })
    .jpeg()
    .withMetadata({ orientation })
    .withExifMerge({
      IFD0: { Make: 'PhoneMaker', Model: 'Phone 12' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '48/1 51/1 2964/100',
        GPSLongitudeRef: 'E',
        GPSLongitude: '2/1 17/1 4020/100',
      },
    })
    .toBuffer();
}

/** A PNG of random pixels, stored uncompressed: at least `minBytes` long. */
export function noisyPng(minBytes: number): Promise<Buffer> {
  const side = Math.ceil(Math.sqrt(minBytes / 3)) + 2;
  const pixels = Buffer.alloc(side * side * 3);
  for (let i = 0; i < pixels.length; i += 1) pixels[i] = (i * 2654435761) >>> 24;
  return sharp(pixels, { raw: { width: side, height: side, channels: 3 } })
    .png({ compressionLevel: 0 })
    .toBuffer();
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/**
 * A decompression bomb: a valid 1-bit PNG of `width`x`height` black pixels; its hundred-odd
 * kilobytes would decode to gigabytes of pixels.
 */
export async function pngBomb(width = 30_000, height = 30_000): Promise<Buffer> {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.writeUInt8(1, 8); // bit depth
  header.writeUInt8(0, 9); // greyscale
  // Each row: a filter byte and the packed pixels, all zero; written a thousand rows at a time.
  const rowBytes = 1 + Math.ceil(width / 8);
  const rowsPerWrite = 1000;
  const block = Buffer.alloc(rowBytes * rowsPerWrite);
  const deflate = createDeflate({ level: 9 });
  const compressed: Buffer[] = [];
  deflate.on('data', (data: Buffer) => compressed.push(data));
  const done = new Promise((resolve, reject) => {
    deflate.on('end', resolve);
    deflate.on('error', reject);
  });
  for (let y = 0; y < height; y += rowsPerWrite) {
    const rows = Math.min(rowsPerWrite, height - y);
    const data = rows === rowsPerWrite ? block : block.subarray(0, rows * rowBytes);
    if (!deflate.write(data)) await new Promise((resolve) => deflate.once('drain', resolve));
  }
  deflate.end();
  await done;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', Buffer.concat(compressed)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

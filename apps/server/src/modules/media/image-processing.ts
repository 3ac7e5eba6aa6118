import { IMAGE_MAX_PIXELS, IMAGE_MAX_SIDE, UPLOAD_IMAGE_TYPES } from '@hearth/contract';
import { fileTypeFromBuffer } from 'file-type';
import sharp, { type Metadata } from 'sharp';

export type ImageType = (typeof UPLOAD_IMAGE_TYPES)[number];

export interface ProcessedImage {
  bytes: Buffer;
  contentType: ImageType;
  extension: string;
  width: number;
  /** Of one frame, for an animation. */
  height: number;
}

/** Why an upload is refused; the service words it for the member. */
export class ImageRejected extends Error {
  constructor(readonly reason: 'type' | 'pixels' | 'unreadable') {
    super(`image rejected: ${reason}`);
    this.name = 'ImageRejected';
  }
}

const EXTENSION: Record<ImageType, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'image/gif': 'gif',
};

// An APNG is a PNG whose first frame every decoder can read.
const ALIASES: Record<string, ImageType> = { 'image/apng': 'image/png' };

// Decoding a 40-megapixel upload takes well under a second; anything slower is hostile.
const PROCESSING_TIMEOUT_SECONDS = 20;

/** The image type the bytes really are (magic numbers), whatever the file is called. */
export async function sniffImageType(bytes: Buffer): Promise<ImageType | undefined> {
  const detected = await fileTypeFromBuffer(bytes);
  if (!detected) return undefined;
  const mime = ALIASES[detected.mime] ?? detected.mime;
  return (UPLOAD_IMAGE_TYPES as readonly string[]).includes(mime) ? (mime as ImageType) : undefined;
}

/**
 * Decodes under a pixel cap, applies the EXIF orientation, scales the longest side down to
 * IMAGE_MAX_SIDE and re-encodes in the same format. Nothing of the original's metadata (EXIF,
 * GPS, XMP, ICC, comments) survives: sharp writes none unless asked to. Animations stay animated.
 */
export async function reencodeImage(bytes: Buffer): Promise<ProcessedImage> {
  const type = await sniffImageType(bytes);
  if (!type) throw new ImageRejected('type');
  const animated = type === 'image/gif' || type === 'image/webp';
  const open = () =>
    sharp(bytes, { animated, limitInputPixels: IMAGE_MAX_PIXELS, failOn: 'error' }).timeout({
      seconds: PROCESSING_TIMEOUT_SECONDS,
    });

  let metadata: Metadata;
  try {
    metadata = await open().metadata();
  } catch (error) {
    throw rejection(error);
  }
  // The header alone tells the size, so a decompression bomb is refused before it is decoded
  // (sharp's own check usually fires first). With `animated`, height spans every frame.
  if (!metadata.width || !metadata.height) throw new ImageRejected('unreadable');
  if (metadata.width * metadata.height > IMAGE_MAX_PIXELS) throw new ImageRejected('pixels');

  let pipeline = open();
  if (metadata.orientation && metadata.orientation !== 1) pipeline = pipeline.autoOrient();
  pipeline = pipeline.resize({
    width: IMAGE_MAX_SIDE,
    height: IMAGE_MAX_SIDE,
    fit: 'inside',
    withoutEnlargement: true,
  });
  switch (type) {
    case 'image/jpeg':
      pipeline = pipeline.jpeg({ quality: 85, mozjpeg: true });
      break;
    case 'image/png':
      pipeline = pipeline.png();
      break;
    case 'image/webp':
      pipeline = pipeline.webp({ quality: 85 });
      break;
    case 'image/gif':
      pipeline = pipeline.gif();
      break;
  }
  try {
    const { data, info } = await pipeline.toBuffer({ resolveWithObject: true });
    return {
      bytes: data,
      contentType: type,
      extension: EXTENSION[type],
      width: info.width,
      height: info.pageHeight ?? info.height,
    };
  } catch (error) {
    throw rejection(error);
  }
}

/** sharp refuses an image over limitInputPixels as soon as it reads the header. */
function rejection(error: unknown): ImageRejected {
  const overLimit = error instanceof Error && /pixel limit/i.test(error.message);
  return new ImageRejected(overLimit ? 'pixels' : 'unreadable');
}

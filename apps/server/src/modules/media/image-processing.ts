import {
  IMAGE_MAX_PIXELS,
  IMAGE_MAX_SIDE,
  IMAGE_VARIANT_WIDTHS,
  type ImageVariantWidth,
  UPLOAD_IMAGE_TYPES,
} from '@hearth/contract';
import { fileTypeFromBuffer } from 'file-type';
import sharp, { type Metadata, type Sharp } from 'sharp';

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

/** Every extension an upload's storage key may end with. */
export const UPLOAD_EXTENSIONS: readonly string[] = Object.values(EXTENSION);

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
 * The image type the bytes really are (refused unless we accept it), and a way to open them in
 * sharp under the pixel cap and the time limit; animations open with every frame.
 */
async function openImage(bytes: Buffer): Promise<{ type: ImageType; open: () => Sharp }> {
  const type = await sniffImageType(bytes);
  if (!type) throw new ImageRejected('type');
  const animated = type === 'image/gif' || type === 'image/webp';
  const open = () =>
    sharp(bytes, { animated, limitInputPixels: IMAGE_MAX_PIXELS, failOn: 'error' }).timeout({
      seconds: PROCESSING_TIMEOUT_SECONDS,
    });
  return { type, open };
}

/**
 * Decodes under a pixel cap, applies the EXIF orientation, scales the longest side down to
 * IMAGE_MAX_SIDE and re-encodes in the same format. Nothing of the original's metadata (EXIF,
 * GPS, XMP, ICC, comments) survives: sharp writes none unless asked to. Animations stay animated.
 */
export async function reencodeImage(bytes: Buffer): Promise<ProcessedImage> {
  const { type, open } = await openImage(bytes);

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

/** One right-sized copy of an image: WebP, at most `width` wide. */
export interface ImageVariantFile {
  /** The width asked for (IMAGE_VARIANT_WIDTHS); the file is narrower when the image is. */
  width: ImageVariantWidth;
  bytes: Buffer;
  contentType: 'image/webp';
}

const VARIANT_QUALITY = 80;

/**
 * The WebP copies of an image at each of IMAGE_VARIANT_WIDTHS, never wider than the image,
 * right way up, without metadata; an animation stays animated. Made one after the other from
 * `bytes` (normally the re-encoded original, at most IMAGE_MAX_SIDE), so memory holds one
 * decoded image at a time. Throws ImageRejected when the bytes are not an image we accept.
 */
export async function makeImageVariants(bytes: Buffer): Promise<ImageVariantFile[]> {
  const { open } = await openImage(bytes);
  const variants: ImageVariantFile[] = [];
  try {
    const metadata = await open().metadata();
    if (!metadata.width || !metadata.height) throw new ImageRejected('unreadable');
    const oriented = Boolean(metadata.orientation && metadata.orientation !== 1);
    for (const width of IMAGE_VARIANT_WIDTHS) {
      let pipeline = open();
      if (oriented) pipeline = pipeline.autoOrient();
      const data = await pipeline
        .resize({ width, withoutEnlargement: true })
        .webp({ quality: VARIANT_QUALITY })
        .toBuffer();
      variants.push({ width, bytes: data, contentType: 'image/webp' });
    }
  } catch (error) {
    if (error instanceof ImageRejected) throw error;
    throw rejection(error);
  }
  return variants;
}

/** sharp refuses an image over limitInputPixels as soon as it reads the header. */
function rejection(error: unknown): ImageRejected {
  const overLimit = error instanceof Error && /pixel limit/i.test(error.message);
  return new ImageRejected(overLimit ? 'pixels' : 'unreadable');
}

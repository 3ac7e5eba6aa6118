import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { IMAGE_VARIANT_WIDTHS } from '@hearth/contract';
import {
  type ImageVariantFile,
  makeImageVariants,
  type NewMedia,
  type ProcessedImage,
  reencodeImage,
  type Storage,
  storeImageVariants,
} from '@hearth/server/seeding';
import sharp from 'sharp';
import { drawPhoto } from './photos.js';
import { Random, timeOrderedId } from './random.js';

export type PictureKind = 'avatar' | 'cover' | 'photo';

interface PictureSpec {
  kind: PictureKind;
  /** The cached files' names start with it. */
  name: string;
  /** Drawn as shapes (SVG), or pixel by pixel as a full-size phone photo (photos.ts). */
  style: 'drawing' | 'camera';
  count: number;
  width: number;
  height: number;
  folder: 'profile_pictures' | 'cover_pictures' | 'post_images';
}

const SPECS: readonly PictureSpec[] = [
  {
    kind: 'avatar',
    name: 'avatar',
    style: 'drawing',
    count: 30,
    width: 320,
    height: 320,
    folder: 'profile_pictures',
  },
  {
    kind: 'cover',
    name: 'cover',
    style: 'drawing',
    count: 8,
    width: 1200,
    height: 450,
    folder: 'cover_pictures',
  },
  {
    kind: 'photo',
    name: 'photo',
    style: 'drawing',
    count: 24,
    width: 960,
    height: 720,
    folder: 'post_images',
  },
  // What a phone sends (after the upload's 2048 px cap): a few hundred KB each.
  {
    kind: 'photo',
    name: 'camera',
    style: 'camera',
    count: 6,
    width: 2048,
    height: 1536,
    folder: 'post_images',
  },
  {
    kind: 'photo',
    name: 'camera-portrait',
    style: 'camera',
    count: 2,
    width: 1536,
    height: 2048,
    folder: 'post_images',
  },
];

/**
 * The full-size photos count this many times in the photo library, so that about half the
 * photos a feed shows are phone-sized and the first screen has some.
 */
const CAMERA_WEIGHT = 4;

/** Bump when the drawings change, so cached images are drawn again. */
const DRAWING_VERSION = 2;

/** The folder of `cacheDir` that keeps the drawn pictures and their variants. */
export function picturesDir(cacheDir: string): string {
  return path.join(cacheDir, `pictures-v${DRAWING_VERSION}`);
}

/** The urls of the shared pictures once stored, by kind. */
export type PictureLibrary = Record<PictureKind, string[]>;

const PALETTE = [
  ['#f4a261', '#e76f51'],
  ['#2a9d8f', '#264653'],
  ['#8ecae6', '#219ebc'],
  ['#ffb4a2', '#b5838d'],
  ['#cdb4db', '#6d597a'],
  ['#b7e4c7', '#40916c'],
  ['#ffd166', '#ef476f'],
  ['#a2d2ff', '#3a0ca3'],
] as const;

/** A head and shoulders on a two-colour background: our own drawing. */
function avatarSvg(random: Random, size: number): string {
  const [light, dark] = random.pick(PALETTE);
  const skin = random.pick(['#f1c27d', '#e0ac69', '#c68642', '#8d5524', '#ffdbac']);
  const hair = random.pick(['#2b2118', '#6b4423', '#d6b370', '#a0522d', '#1c1c1c', '#b0b0b0']);
  const c = size / 2;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${light}"/><stop offset="1" stop-color="${dark}"/></linearGradient></defs>
<rect width="100%" height="100%" fill="url(#g)"/>
<ellipse cx="${c}" cy="${size * 0.98}" rx="${size * 0.36}" ry="${size * 0.3}" fill="${dark}" opacity="0.9"/>
<circle cx="${c}" cy="${size * 0.42}" r="${size * 0.2}" fill="${skin}"/>
<path d="M ${c - size * 0.21} ${size * 0.4} Q ${c} ${size * (0.05 + random.next() * 0.1)} ${c + size * 0.21} ${size * 0.4} Q ${c} ${size * 0.26} ${c - size * 0.21} ${size * 0.4}" fill="${hair}"/>
</svg>`;
}

/** A landscape: sky, sun, hills and a lake, in colours of the time of day. */
function landscapeSvg(random: Random, width: number, height: number): string {
  const skies = [
    ['#87ceeb', '#e0f6ff'],
    ['#ff9a76', '#ffe5b4'],
    ['#2c3e70', '#a17fbf'],
    ['#9ad0ec', '#f7f7f7'],
  ] as const;
  const [top, bottom] = random.pick(skies);
  const hills = random.pick(['#4f772d', '#31572c', '#6c584c', '#3d5a80', '#588157']);
  const sunX = width * (0.15 + random.next() * 0.7);
  const sunY = height * (0.15 + random.next() * 0.25);
  const ridge = (base: number, roughness: number) => {
    const points: string[] = [`0,${height}`];
    for (let x = 0; x <= 10; x++) {
      const y = height * (base - random.next() * roughness);
      points.push(`${(x / 10) * width},${y.toFixed(1)}`);
    }
    points.push(`${width},${height}`);
    return points.join(' ');
  };
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
<defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${top}"/><stop offset="1" stop-color="${bottom}"/></linearGradient></defs>
<rect width="100%" height="100%" fill="url(#sky)"/>
<circle cx="${sunX}" cy="${sunY}" r="${height * 0.08}" fill="#fff4c2" opacity="0.95"/>
<polygon points="${ridge(0.62, 0.2)}" fill="${hills}" opacity="0.55"/>
<polygon points="${ridge(0.75, 0.15)}" fill="${hills}"/>
<rect y="${height * 0.84}" width="100%" height="${height * 0.16}" fill="#5fa8d3" opacity="0.85"/>
</svg>`;
}

async function drawPicture(spec: PictureSpec, index: number): Promise<ProcessedImage> {
  if (spec.style === 'camera') {
    const random = new Random(`picture/${spec.name}/${index}`);
    const pixels = drawPhoto(random, spec.width, spec.height);
    const jpeg = await sharp(pixels, {
      raw: { width: spec.width, height: spec.height, channels: 3 },
    })
      .jpeg({ quality: 92 })
      .toBuffer();
    return reencodeImage(jpeg);
  }
  const random = new Random(`picture/${spec.kind}/${index}`);
  const svg =
    spec.kind === 'avatar'
      ? avatarSvg(random, spec.width)
      : landscapeSvg(random, spec.width, spec.height);
  const jpeg = await sharp(Buffer.from(svg)).jpeg({ quality: 90 }).toBuffer();
  // The same re-encoding an upload gets.
  return reencodeImage(jpeg);
}

export interface PictureFile {
  spec: PictureSpec;
  image: ProcessedImage;
  /** Its right-sized variants, made by the server's own function. */
  variants: ImageVariantFile[];
}

/** Writes aside, then renames: seeds running side by side may draw the same picture. */
async function writeCached(file: string, bytes: Buffer): Promise<void> {
  const partial = `${file}.${process.pid}-${randomUUID()}.partial`;
  await writeFile(partial, bytes);
  await rename(partial, file);
}

/** Draws every shared picture and its variants once and keeps the files in `cacheDir`. */
export async function pictureFiles(cacheDir: string): Promise<PictureFile[]> {
  const dir = picturesDir(cacheDir);
  await mkdir(dir, { recursive: true });
  const files: PictureFile[] = [];
  for (const spec of SPECS) {
    for (let i = 0; i < spec.count; i++) {
      const file = path.join(dir, `${spec.name}-${i}.jpg`);
      const variantFile = (width: number) => path.join(dir, `${spec.name}-${i}-w${width}.webp`);
      let image: ProcessedImage;
      if (existsSync(file)) {
        const bytes = await readFile(file);
        image = {
          bytes,
          contentType: 'image/jpeg',
          extension: 'jpg',
          width: spec.width,
          height: spec.height,
        };
      } else {
        image = await drawPicture(spec, i);
        await writeCached(file, image.bytes);
      }
      let variants: ImageVariantFile[];
      if (IMAGE_VARIANT_WIDTHS.every((width) => existsSync(variantFile(width)))) {
        variants = [];
        for (const width of IMAGE_VARIANT_WIDTHS) {
          variants.push({
            width,
            bytes: await readFile(variantFile(width)),
            contentType: 'image/webp',
          });
        }
      } else {
        variants = await makeImageVariants(image.bytes);
        for (const variant of variants)
          await writeCached(variantFile(variant.width), variant.bytes);
      }
      files.push({ spec, image, variants });
    }
  }
  return files;
}

/**
 * The shared pictures' storage keys (what rows refer to them by), and the media rows recording
 * them (written once the owners exist).
 */
export interface StoredPictures {
  library: PictureLibrary;
  /** The full-size phone photos among the library's photos (2048 px, about 500 KB each). */
  fullSizePhotos: string[];
  mediaRows: NewMedia[];
}

/**
 * Stores the shared pictures through the server's storage, each as an upload of one of `owners`
 * (in turn), as if they had uploaded it; everyone else reuses the keys.
 */
export async function storePictures(
  storage: Storage,
  cacheDir: string,
  owners: ReadonlyArray<{ id: string; username: string; joinedMs: number }>,
  random: Random,
): Promise<StoredPictures> {
  const library: PictureLibrary = { avatar: [], cover: [], photo: [] };
  const fullSizePhotos: string[] = [];
  const mediaRows: NewMedia[] = [];
  let turn = 0;
  for (const { spec, image, variants } of await pictureFiles(cacheDir)) {
    const owner = owners[turn % owners.length]!;
    turn += 1;
    const uploadedMs = owner.joinedMs + turn * 1000;
    const id = timeOrderedId(uploadedMs, random);
    const folder = `${owner.username}/${spec.folder}`;
    const key = `${folder}/${id}.${image.extension}`;
    await storage.put(key, image.bytes, image.contentType);
    await storeImageVariants(storage, key, variants);
    const weight = spec.style === 'camera' ? CAMERA_WEIGHT : 1;
    for (let w = 0; w < weight; w++) library[spec.kind].push(key);
    if (spec.style === 'camera') fullSizePhotos.push(key);
    mediaRows.push({
      id,
      owner_id: owner.id,
      folder,
      storage_key: key,
      content_type: image.contentType,
      width: image.width,
      height: image.height,
      bytes: image.bytes.length,
      variants_ready: 1,
      created_at: new Date(uploadedMs).toISOString(),
    });
  }
  return { library, fullSizePhotos, mediaRows };
}

import path from 'node:path';
import { IMAGE_VARIANT_WIDTHS } from '@hearth/contract';
import { STORAGE_KEY } from './storage.js';

// What both /media routes (the media folder's, local-disk-storage.ts, and the bucket's,
// s3-media-route.ts) check of a request before reading anything.

export const MEDIA_URL_PREFIX = '/media/';
/** Keys never change: their bytes may be cached for a year. */
export const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * The upload a `/media` request names, by its storage key (an original) or by its id (the uuid
 * in a variant's name), and whether it is hidden: every row that uses it is trashed. Undefined
 * when no upload matches.
 */
export type FindUpload = (
  ref: { storageKey: string } | { id: string },
) => Promise<{ storage_key: string; hidden: boolean } | undefined>;

// `{folder}/{uuid}-w{width}.webp`, as the server names variants (modules/media/variants.ts):
// checked before anything touches the database.
export const VARIANT_PATH = new RegExp(
  '^/media/([a-z0-9]+(?:/[A-Za-z0-9_-]+)*)/' +
    '([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})' +
    `-w(?:${IMAGE_VARIANT_WIDTHS.join('|')})\\.webp$`,
);

export async function originalOfMissingVariant(
  url: string,
  findUpload: FindUpload,
): Promise<string | undefined> {
  const match = VARIANT_PATH.exec(url.split('?', 1)[0] ?? '');
  if (!match) return undefined;
  const [, folder, id] = match;
  const upload = await findUpload({ id: id as string });
  // The variant must sit beside that upload: `{folder}/{id}.{ext}`.
  if (upload?.hidden || !upload?.storage_key.startsWith(`${folder}/${id}.`)) return undefined;
  return upload.storage_key;
}

/**
 * Whether a `/media` request names a hidden upload or one of its variants. The path is read as
 * @fastify/static reads it (percent-decoded, `.` and `//` collapsed), so no spelling of a hidden
 * file's name gets past.
 */
export async function isHidden(url: string, findUpload: FindUpload): Promise<boolean> {
  const key = requestedKey(url);
  if (key === undefined) return false;
  const variant = VARIANT_PATH.exec(`${MEDIA_URL_PREFIX}${key}`);
  if (variant) {
    const [, folder, id] = variant;
    const upload = await findUpload({ id: id as string });
    return upload?.hidden === true && upload.storage_key.startsWith(`${folder}/${id}.`);
  }
  return (await findUpload({ storageKey: key }))?.hidden === true;
}

/** The storage key a `/media` url names, or undefined when it cannot name one. */
export function requestedKey(url: string): string | undefined {
  let pathname = url.split('?', 1)[0] ?? '';
  if (!pathname.startsWith(MEDIA_URL_PREFIX)) return undefined;
  // Decoded until it stops changing: a key never holds '%', and the router and the file server
  // each decode once.
  for (let i = 0; i < 4 && pathname.includes('%'); i++) {
    try {
      pathname = decodeURIComponent(pathname);
    } catch {
      return undefined;
    }
  }
  const normalized = path.posix.normalize(pathname);
  if (!normalized.startsWith(MEDIA_URL_PREFIX)) return undefined;
  const key = normalized.slice(MEDIA_URL_PREFIX.length);
  // Only a name the server could have given an upload or a variant reaches the database: any
  // other (a NUL, a space, a dot file) names no upload, and PostgreSQL refuses a NUL outright.
  return STORAGE_KEY.test(key) ? key : undefined;
}

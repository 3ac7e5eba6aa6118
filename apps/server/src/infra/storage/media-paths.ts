import path from 'node:path';
import { IMAGE_VARIANT_WIDTHS } from '@hearth/contract';
import { type MediaSignatures, searchOf } from './media-signatures.js';
import { STORAGE_KEY } from './storage.js';

// What both /media routes (the media folder's, local-disk-storage.ts, and the bucket's,
// s3-media-route.ts) check of a request before reading anything.

export const MEDIA_URL_PREFIX = '/media/';
/** Keys never change: their bytes may be cached for a year. */
export const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * 'Download your information' zips (`exports/{random token}.zip`, modules/account): never served
 * at /media, only by their own route at an address signed for their member. Every upload's key
 * starts with a member's folder and has more parts, so none has this form.
 */
export const EXPORT_KEY = /^exports\/[0-9a-f]{32}\.zip$/;

/**
 * How an upload's files are served (modules/media/references.ts decides it from what shows the
 * upload): `open` to anyone, `signed` only at an unexpired signed address (every use is in posts
 * not every member may see), `hidden` to no one (every use is trashed).
 */
export type UploadAccess = 'open' | 'signed' | 'hidden';

/**
 * The upload a `/media` request names, by its storage key (an original) or by its id (the uuid
 * in a variant's name), and how its files are served. Undefined when no upload matches.
 */
export type FindUpload = (
  ref: { storageKey: string } | { id: string },
) => Promise<{ storage_key: string; access: UploadAccess } | undefined>;

/** What a `/media` request gets: a 404 (as a missing file, not cached), or its file so cached. */
export type MediaDecision =
  | { refused: true }
  | {
      refused: false;
      cacheControl: string;
      /** Let through by its signature (a restricted upload's file). */
      signed: boolean;
    };

const REFUSED: MediaDecision = { refused: true };
const PUBLIC: MediaDecision = { refused: false, cacheControl: IMMUTABLE, signed: false };

// `{folder}/{uuid}-w{width}.webp`, as the server names variants (modules/media/variants.ts):
// checked before anything touches the database.
export const VARIANT_PATH = new RegExp(
  '^/media/([a-z0-9]+(?:/[A-Za-z0-9_-]+)*)/' +
    '([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})' +
    `-w(?:${IMAGE_VARIANT_WIDTHS.join('|')})\\.webp$`,
);

/**
 * The location a variant not made yet is redirected to: its original, at the address `locate`
 * gives it, or (a signed upload) at this server's `/media/` with the request's own signature,
 * which covers the original. Undefined when the url names no variant of an upload, or a hidden
 * one. Asked only of a request `mediaDecision` let through.
 */
export async function originalOfMissingVariant(
  url: string,
  findUpload: FindUpload,
  locate: (key: string) => string,
): Promise<string | undefined> {
  const match = VARIANT_PATH.exec(url.split('?', 1)[0] ?? '');
  if (!match) return undefined;
  const [, folder, id] = match;
  const upload = await findUpload({ id: id as string });
  // The variant must sit beside that upload: `{folder}/{id}.{ext}`.
  if (upload?.access === 'hidden' || !upload?.storage_key.startsWith(`${folder}/${id}.`)) {
    return undefined;
  }
  if (upload.access === 'open') return locate(upload.storage_key);
  return `${MEDIA_URL_PREFIX}${upload.storage_key}?${searchOf(url)}`;
}

/**
 * Whether a `/media` request may have its file, and how the answer is cached: a hidden upload or
 * one of its variants is refused; a signed one needs a valid unexpired signature of its upload's
 * storage key in the query (media-signatures.ts), and is then cached privately until it
 * expires; anything else (an open upload, a name no upload row has) goes to the file server as
 * before, cached for a year. The path is read as @fastify/static reads it (percent-decoded, `.`
 * and `//` collapsed), so no spelling of a file's name gets past.
 */
export async function mediaDecision(
  url: string,
  findUpload: FindUpload,
  signatures: MediaSignatures,
): Promise<MediaDecision> {
  const key = requestedKey(url);
  if (key === undefined) return PUBLIC;
  if (EXPORT_KEY.test(key)) return REFUSED;
  const variant = VARIANT_PATH.exec(`${MEDIA_URL_PREFIX}${key}`);
  let upload: Awaited<ReturnType<FindUpload>>;
  if (variant) {
    const [, folder, id] = variant;
    upload = await findUpload({ id: id as string });
    if (!upload?.storage_key.startsWith(`${folder}/${id}.`)) return PUBLIC;
  } else {
    upload = await findUpload({ storageKey: key });
  }
  if (upload === undefined || upload.access === 'open') return PUBLIC;
  if (upload.access === 'hidden') return REFUSED;
  const seconds = signatures.secondsLeft(upload.storage_key, searchOf(url));
  if (seconds === undefined) return REFUSED;
  return { refused: false, cacheControl: `private, max-age=${seconds}`, signed: true };
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

import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { IMAGE_VARIANT_WIDTHS, SERVER_MESSAGES } from '@hearth/contract';
import type { FastifyInstance } from 'fastify';
import { assertStorageKey, STORAGE_KEY, type Storage, type StoredFile } from './storage.js';

export const MEDIA_URL_PREFIX = '/media/';
const IMMUTABLE = 'public, max-age=31536000, immutable';
// Unfinished writes go here; the dot keeps them out of what is served.
const PARTIAL_DIR = '.partial';

/** Files under `{DATA_DIR}/media`, served by this server at `/media/{key}`. */
export class LocalDiskStorage implements Storage {
  constructor(readonly root: string) {}

  /** The folder exists (it is never recreated here) and a file can be written in it and removed. */
  async check(): Promise<void> {
    if (!(await stat(this.root)).isDirectory()) throw new Error(`${this.root} is not a folder`);
    const probe = path.join(this.root, `.ready-${randomBytes(8).toString('hex')}`);
    await writeFile(probe, '', { flag: 'wx' });
    await rm(probe, { force: true });
  }

  async put(key: string, bytes: Buffer, _contentType: string): Promise<void> {
    const target = this.pathOf(key);
    const partialDir = path.join(this.root, PARTIAL_DIR);
    await mkdir(path.dirname(target), { recursive: true });
    await mkdir(partialDir, { recursive: true });
    // Written aside then renamed: a reader never sees half a file.
    const partial = path.join(partialDir, `${randomBytes(12).toString('hex')}.tmp`);
    await writeFile(partial, bytes, { flag: 'wx' });
    try {
      await rename(partial, target);
    } catch (error) {
      await rm(partial, { force: true });
      throw error;
    }
  }

  async get(key: string): Promise<Buffer | undefined> {
    try {
      return await readFile(this.pathOf(key));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    await rm(this.pathOf(key), { force: true });
  }

  publicUrl(key: string): string {
    assertStorageKey(key);
    return `${MEDIA_URL_PREFIX}${key}`;
  }

  list(after?: string): AsyncIterable<StoredFile> {
    return this.walk('', after);
  }

  async deleteUnfinishedBefore(cutoff: Date): Promise<number> {
    const partialDir = path.join(this.root, PARTIAL_DIR);
    let deleted = 0;
    for (const name of await namesIn(partialDir)) {
      const file = path.join(partialDir, name);
      const modified = await modifiedAt(file);
      if (modified === undefined || modified >= cutoff) continue;
      await rm(file, { force: true });
      deleted += 1;
    }
    return deleted;
  }

  /**
   * The files under `prefix` (a folder's key with its slash) in key order: a folder sorts as its
   * name and a slash, as its keys do, so the walk agrees with a plain sort of every key.
   */
  private async *walk(prefix: string, after: string | undefined): AsyncGenerator<StoredFile> {
    const entries = await readdir(path.join(this.root, prefix), { withFileTypes: true }).catch(
      (error: NodeJS.ErrnoException) => {
        if (error.code === 'ENOENT') return [];
        throw error;
      },
    );
    const named = entries
      // Dot entries (unfinished writes) are never keys.
      .filter((entry) => !entry.name.startsWith('.'))
      .map((entry) => ({
        entry,
        key: prefix + entry.name + (entry.isDirectory() ? '/' : ''),
      }))
      .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
    for (const { entry, key } of named) {
      if (entry.isDirectory()) {
        // Skip a folder whose keys all sort at or before `after`.
        if (after !== undefined && key < after && !after.startsWith(key)) continue;
        yield* this.walk(key, after);
      } else if (entry.isFile() && STORAGE_KEY.test(key) && (after === undefined || key > after)) {
        const modified = await modifiedAt(path.join(this.root, key));
        // Gone since the folder was read (a purge in another process): nothing to list.
        if (modified !== undefined) yield { key, modifiedAt: modified };
      }
    }
  }

  private pathOf(key: string): string {
    assertStorageKey(key);
    const resolved = path.resolve(this.root, key);
    if (!resolved.startsWith(path.resolve(this.root) + path.sep)) {
      throw new Error(`Storage key escapes the media folder: ${key}`);
    }
    return resolved;
  }
}

async function namesIn(dir: string): Promise<string[]> {
  try {
    return await readdir(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
}

/** The file's modification time; undefined when it is gone. */
async function modifiedAt(file: string): Promise<Date | undefined> {
  try {
    return (await stat(file)).mtime;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

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
const VARIANT_PATH = new RegExp(
  '^/media/([a-z0-9]+(?:/[A-Za-z0-9_-]+)*)/' +
    '([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})' +
    `-w(?:${IMAGE_VARIANT_WIDTHS.join('|')})\\.webp$`,
);

/**
 * Serves the media folder at /media/ with year-long immutable caching (keys never change).
 * An upload whose every use is trashed (a trashed post's photo) answers 404, not cached, variants
 * included: one indexed lookup per request, before the file is read.
 * A variant not made yet (an upload from before variants, until the image-variants job has
 * reached it) is answered with a 302 to its original, not cached, so the picture still shows.
 */
export async function registerLocalMediaRoute(
  app: FastifyInstance,
  storage: LocalDiskStorage,
  findUpload: FindUpload,
): Promise<void> {
  mkdirSync(storage.root, { recursive: true });
  await app.register(
    async (media) => {
      // Uploads are public pictures: pages of other origins may show them (helmet's
      // same-origin resource policy stays on every other answer). Redirects and 404s too.
      media.addHook('onRequest', async (_request, reply) => {
        reply.header('cross-origin-resource-policy', 'cross-origin');
      });
      // Before @fastify/static reads anything, so a hidden file is never sent (nor a 304).
      media.addHook('onRequest', async (request, reply) => {
        if (!(await isHidden(request.url, findUpload))) return;
        return reply
          .code(404)
          .header('cache-control', 'no-store')
          .send({ message: SERVER_MESSAGES.notFound });
      });
      await media.register(fastifyStatic, {
        root: storage.root,
        // The web app's registration owns reply.sendFile.
        decorateReply: false,
        dotfiles: 'deny',
        index: false,
        list: false,
        cacheControl: false,
        setHeaders(reply) {
          reply.header('cache-control', IMMUTABLE);
        },
      });
      media.setNotFoundHandler(async (request, reply) => {
        const key = await originalOfMissingVariant(request.url, findUpload);
        const location = key && storage.publicUrl(key);
        if (location) {
          return reply.header('cache-control', 'no-cache').redirect(location, 302);
        }
        return reply.code(404).send({ message: SERVER_MESSAGES.notFound });
      });
    },
    { prefix: MEDIA_URL_PREFIX.slice(0, -1) },
  );
}

async function originalOfMissingVariant(
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
async function isHidden(url: string, findUpload: FindUpload): Promise<boolean> {
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
function requestedKey(url: string): string | undefined {
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

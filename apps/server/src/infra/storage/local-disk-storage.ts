import { randomBytes } from 'node:crypto';
import { createWriteStream, mkdirSync } from 'node:fs';
import { mkdir, open, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import fastifyStatic from '@fastify/static';
import { SERVER_MESSAGES } from '@hearth/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  type FindUpload,
  IMMUTABLE,
  MEDIA_URL_PREFIX,
  mediaDecision,
  originalOfMissingVariant,
} from './media-paths.js';
import type { MediaSignatures } from './media-signatures.js';
import {
  assertStorageKey,
  STORAGE_KEY,
  type Storage,
  type StoredFile,
  type StoredStream,
} from './storage.js';

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

  async putStream(key: string, body: Readable, _contentType: string): Promise<number> {
    const target = this.pathOf(key);
    const partialDir = path.join(this.root, PARTIAL_DIR);
    await mkdir(path.dirname(target), { recursive: true });
    await mkdir(partialDir, { recursive: true });
    // Written aside then renamed, as put does; a process killed meanwhile leaves only a partial
    // file, which deleteUnfinishedBefore sweeps.
    const partial = path.join(partialDir, `${randomBytes(12).toString('hex')}.tmp`);
    try {
      await pipeline(body, createWriteStream(partial, { flags: 'wx' }));
      const { size } = await stat(partial);
      await rename(partial, target);
      return size;
    } catch (error) {
      await rm(partial, { force: true });
      throw error;
    }
  }

  async getStream(key: string): Promise<StoredStream | undefined> {
    const file = this.pathOf(key);
    let handle: Awaited<ReturnType<typeof open>>;
    try {
      handle = await open(file, 'r');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw error;
    }
    // Size and bytes come from the one open file, even if a purge removes its name meanwhile.
    try {
      const { size } = await handle.stat();
      return { body: handle.createReadStream(), bytes: size };
    } catch (error) {
      await handle.close();
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
 * Serves the media folder at /media/ with year-long immutable caching (keys never change).
 * An upload whose every use is trashed (a trashed post's photo) answers 404, not cached, variants
 * included; so does one only some members may see (a friends-only post's photo) unless the
 * address carries a valid unexpired signature (media-signatures.ts), and it is then cached
 * privately until the signature expires: one indexed lookup per request, before the file is read.
 * A variant not made yet (an upload from before variants, until the image-variants job has
 * reached it) is answered with a 302 to its original, not cached, so the picture still shows.
 */
export async function registerLocalMediaRoute(
  app: FastifyInstance,
  storage: LocalDiskStorage,
  findUpload: FindUpload,
  signatures: MediaSignatures,
): Promise<void> {
  mkdirSync(storage.root, { recursive: true });
  // The caching of each signed file's answer, set as the request is let through.
  const privateCaching = new WeakMap<FastifyRequest, string>();
  await app.register(
    async (media) => {
      // Uploads are public pictures: pages of other origins may show them (helmet's
      // same-origin resource policy stays on every other answer). Redirects and 404s too.
      media.addHook('onRequest', async (_request, reply) => {
        reply.header('cross-origin-resource-policy', 'cross-origin');
      });
      // Before @fastify/static reads anything, so a refused file is never sent (nor a 304).
      media.addHook('onRequest', async (request, reply) => {
        const decision = await mediaDecision(request.url, findUpload, signatures);
        if (!decision.refused) {
          if (decision.signed) privateCaching.set(request, decision.cacheControl);
          return;
        }
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
          reply.header('cache-control', privateCaching.get(reply.request) ?? IMMUTABLE);
        },
      });
      media.setNotFoundHandler(async (request, reply) => {
        const location = await originalOfMissingVariant(request.url, findUpload, (key) =>
          storage.publicUrl(key),
        );
        if (location) {
          return reply.header('cache-control', 'no-cache').redirect(location, 302);
        }
        return reply.code(404).send({ message: SERVER_MESSAGES.notFound });
      });
    },
    { prefix: MEDIA_URL_PREFIX.slice(0, -1) },
  );
}

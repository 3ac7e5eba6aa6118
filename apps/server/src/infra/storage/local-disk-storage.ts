import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { assertStorageKey, type Storage } from './storage.js';

export const MEDIA_URL_PREFIX = '/media/';
const IMMUTABLE = 'public, max-age=31536000, immutable';
// Unfinished writes go here; the dot keeps them out of what is served.
const PARTIAL_DIR = '.partial';

/** Files under `{DATA_DIR}/media`, served by this server at `/media/{key}`. */
export class LocalDiskStorage implements Storage {
  constructor(readonly root: string) {}

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

  private pathOf(key: string): string {
    assertStorageKey(key);
    const resolved = path.resolve(this.root, key);
    if (!resolved.startsWith(path.resolve(this.root) + path.sep)) {
      throw new Error(`Storage key escapes the media folder: ${key}`);
    }
    return resolved;
  }
}

/** Serves the media folder at /media/ with year-long immutable caching (keys never change). */
export async function registerLocalMediaRoute(
  app: FastifyInstance,
  storage: LocalDiskStorage,
): Promise<void> {
  mkdirSync(storage.root, { recursive: true });
  await app.register(fastifyStatic, {
    root: storage.root,
    prefix: MEDIA_URL_PREFIX,
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
}

import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { BUILTIN_BACKGROUNDS, DEFAULT_PICTURE } from '@hearth/contract';
import type { FastifyInstance } from 'fastify';

/** `apps/server/public`, beside both `src/` and `dist/`. */
const PUBLIC_DIR = path.resolve(import.meta.dirname, '..', '..', 'public');

// The names never change, the drawings may with an upgrade: a day, then revalidated by ETag.
const CACHE_CONTROL = 'public, max-age=86400';

/**
 * The default avatar and the nine post backgrounds, served by the server itself at the stable
 * paths rows keep (`/images/default-avatar.svg`, `/backgrounds/{1-9}.svg`), with or without a
 * web build: answers give their absolute addresses, so any client, on any origin, shows them.
 * Read once at start (ten small SVGs); a missing file stops the start, not a request.
 */
export function registerBuiltinImages(app: FastifyInstance): void {
  for (const servedAt of [DEFAULT_PICTURE, ...BUILTIN_BACKGROUNDS]) {
    const bytes = readFileSync(path.join(PUBLIC_DIR, servedAt));
    const etag = `"${createHash('sha256').update(bytes).digest('base64url').slice(0, 22)}"`;
    app.get(servedAt, { schema: { hide: true } }, async (request, reply) => {
      reply
        .header('cache-control', CACHE_CONTROL)
        .header('etag', etag)
        // Public pictures: pages of other origins may show them (helmet says same-origin).
        .header('cross-origin-resource-policy', 'cross-origin');
      if (request.headers['if-none-match'] === etag) return reply.code(304).send();
      return reply.type('image/svg+xml').send(bytes);
    });
  }
}

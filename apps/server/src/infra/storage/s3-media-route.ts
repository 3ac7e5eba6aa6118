import { SERVER_MESSAGES } from '@hearth/contract';
import type { FastifyInstance } from 'fastify';
import {
  type FindUpload,
  MEDIA_URL_PREFIX,
  mediaDecision,
  originalOfMissingVariant,
  requestedKey,
} from './media-paths.js';
import type { MediaSignatures } from './media-signatures.js';
import type { S3Storage } from './s3-storage.js';

/**
 * Serves the bucket's files at /media/ as the local route serves the media folder: a hidden
 * upload (every use trashed) or its variant answers 404, not cached, before the bucket is asked,
 * and so does one only some members may see unless the address carries a valid unexpired
 * signature (it is then cached privately until the signature expires); a variant not made yet
 * answers 302 to its original, not cached; anything else the bucket holds comes with year-long
 * immutable caching and its ETag, and a browser's If-None-Match is answered 304 by the bucket
 * without sending the bytes. With MEDIA_PUBLIC_URL (`signedOnly`), browsers load open uploads
 * from there and this route serves only signed addresses (which always name this server),
 * answering 404 for the rest.
 */
export async function registerS3MediaRoute(
  app: FastifyInstance,
  storage: S3Storage,
  findUpload: FindUpload,
  signatures: MediaSignatures,
  signedOnly = false,
): Promise<void> {
  await app.register(
    async (media) => {
      // Uploads are public pictures: pages of other origins may show them. 404s too.
      media.addHook('onRequest', async (_request, reply) => {
        reply.header('cross-origin-resource-policy', 'cross-origin');
      });
      media.get('/*', async (request, reply) => {
        const decision = await mediaDecision(request.url, findUpload, signatures);
        if (decision.refused || (signedOnly && !decision.signed)) {
          return reply
            .code(404)
            .header('cache-control', 'no-store')
            .send({ message: SERVER_MESSAGES.notFound });
        }
        const key = requestedKey(request.url);
        const ifNoneMatch = request.headers['if-none-match'];
        const read = key && (await storage.read(key, ifNoneMatch));
        if (read) {
          reply.header('cache-control', decision.cacheControl).header('etag', `"${read.etag}"`);
          if (read.notModified) return reply.code(304).send();
          return reply
            .type(read.contentType ?? 'application/octet-stream')
            .header('content-length', read.bytes.length)
            .send(read.bytes);
        }
        const original = await originalOfMissingVariant(request.url, findUpload, (found) =>
          storage.publicUrl(found),
        );
        if (original) {
          return reply.header('cache-control', 'no-cache').redirect(original, 302);
        }
        return reply.code(404).send({ message: SERVER_MESSAGES.notFound });
      });
    },
    { prefix: MEDIA_URL_PREFIX.slice(0, -1) },
  );
}

import { constants } from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/** Answers smaller than this go as they are: compressing them saves less than it costs. */
export const COMPRESSION_THRESHOLD_BYTES = 1024;

/**
 * Answers up to this size are compressed in one synchronous call: no stream to set up, which for
 * an API answer costs more than the compression. API answers are far smaller than this.
 */
const SYNC_COMPRESSION_MAX_BYTES = 1024 * 1024;

/**
 * Compresses answers (brotli, else gzip) for clients that accept it, at fast levels: a 35 KB feed
 * page becomes about 9 KB. Brotli quality 1 costs about half of quality 3 and a tenth of quality 4
 * (which allocates far larger tables per call) for 5 to 15 % more bytes; gzip level 1 is for the
 * rare client without brotli. The web app's files are compressed at build time and sent as they
 * are (they carry their Content-Encoding already), and images are not of a compressible type, so
 * neither is compressed again here.
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(fastifyCompress, {
    global: true,
    encodings: ['br', 'gzip'],
    threshold: COMPRESSION_THRESHOLD_BYTES,
    syncThreshold: SYNC_COMPRESSION_MAX_BYTES,
    brotliOptions: {
      params: { [constants.BROTLI_PARAM_QUALITY]: 1, [constants.BROTLI_PARAM_LGWIN]: 18 },
    },
    zlibOptions: { level: 1 },
  });
}

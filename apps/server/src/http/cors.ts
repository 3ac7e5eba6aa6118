import cors, { type FastifyCorsOptions } from '@fastify/cors';
import { SERVER_MESSAGES } from '@hearth/contract';
import type { FastifyInstance } from 'fastify';

/** What a page of an allowed origin may do and read. */
const ALLOWED: FastifyCorsOptions = {
  methods: ['GET', 'POST', 'PUT', 'DELETE'],
  allowedHeaders: ['Authorization', 'Content-Type'],
  // The feed's cursor and a limit's wait, read by the client from the answer's headers.
  exposedHeaders: ['X-Next-Cursor', 'Retry-After'],
  // Browsers may reuse a preflight for ten minutes instead of asking before every call.
  maxAge: 600,
};

/**
 * Lets pages of the listed origins (CORS_ORIGINS; `*` for any) call the API scope it is
 * registered in. Registered first in the scope, so preflights are answered before the member
 * lookup and limits, and every answer of the scope (401s, 400s, 429s too) carries the headers
 * and the client can read its message. Another origin, or a request without one, gets no CORS
 * header at all (its preflight gets the API's 404), so its browser blocks the call.
 * With no origins nothing is registered: the API stays same-origin only.
 */
export async function registerApiCors(
  scope: FastifyInstance,
  origins: readonly string[],
): Promise<void> {
  if (origins.length === 0) return;
  if (origins.includes('*')) {
    await scope.register(cors, { ...ALLOWED, origin: '*' });
  } else {
    const listed = new Set(origins);
    // origin: true echoes the request's Origin; the plugin adds Vary: Origin to every answer.
    const echo: FastifyCorsOptions = { ...ALLOWED, origin: true };
    const refuse: FastifyCorsOptions = { origin: false };
    await scope.register(cors, {
      delegator: (request, done) => {
        const origin = request.headers.origin;
        done(null, origin !== undefined && listed.has(origin) ? echo : refuse);
      },
    });
  }
  // The API's own 404 (the app's one, inside this scope), so an unknown path's answer carries
  // the headers too.
  scope.setNotFoundHandler((_request, reply) =>
    reply.code(404).send({ message: SERVER_MESSAGES.notFound }),
  );
}

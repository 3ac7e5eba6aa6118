import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { SERVER_MESSAGES } from '@hearth/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';

const IMMUTABLE = 'public, max-age=31536000, immutable';

/** CSP hashes of the inline scripts in the built index.html, so the CSP can allow exactly those. */
export function inlineScriptHashes(webDist: string): string[] {
  const index = path.join(webDist, 'index.html');
  if (!existsSync(index)) return [];
  const html = readFileSync(index, 'utf8');
  return [...html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)].map(
    (match) =>
      `sha256-${createHash('sha256')
        .update(match[1] ?? '')
        .digest('base64')}`,
  );
}

/** Serves the built web app when WEB_DIST holds one; answers whether it does. */
export async function registerWebApp(app: FastifyInstance, webDist: string): Promise<boolean> {
  if (!existsSync(path.join(webDist, 'index.html'))) return false;
  await app.register(fastifyStatic, {
    root: webDist,
    // The build writes a .br and a .gz beside every text file (scripts/precompress.mjs in
    // apps/web): the one the client accepts is sent as it is, with Vary: Accept-Encoding.
    preCompressed: true,
    cacheControl: false,
    setHeaders(reply, filePath) {
      const relative = path.relative(webDist, filePath).split(path.sep).join('/');
      // Vite puts content-hashed files under assets/: a new build gets new names.
      reply.header('cache-control', relative.startsWith('assets/') ? IMMUTABLE : 'no-cache');
    },
  });
  return true;
}

function isServerPath(url: string): boolean {
  return /^\/(api|dev|media)(\/|$|\?)/.test(url);
}

function wantsPage(request: FastifyRequest): boolean {
  return (
    (request.method === 'GET' || request.method === 'HEAD') &&
    (request.headers.accept ?? '').includes('text/html')
  );
}

/**
 * Unknown API paths get a JSON 404; a page request anywhere else gets the web app's index.html
 * (history fallback), so deep links like /profile/ada load the app.
 */
export function registerNotFound(app: FastifyInstance, hasWebApp: boolean): void {
  app.setNotFoundHandler((request, reply) => {
    if (hasWebApp && !isServerPath(request.url) && wantsPage(request)) {
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    return reply.code(404).send({ message: SERVER_MESSAGES.notFound });
  });
}

import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * Security headers on every answer; the CSP lets the app load only its own scripts, styles and
 * images. Helmet's headers are worked out once (they depend on nothing in a request) and set by
 * one hook: @fastify/helmet built Helmet's middleware again on every request, CSP parsing
 * included (about 2 % of a feed request's CPU under load).
 */
export async function registerSecurityHeaders(
  app: FastifyInstance,
  publicUrl: string,
  /** CSP hashes ('sha256-…') of the web app's own inline scripts, such as the theme-before-paint one. */
  inlineScriptHashes: string[] = [],
): Promise<void> {
  const headers = securityHeaders(publicUrl, inlineScriptHashes);
  app.addHook('onRequest', (_request, reply, done) => {
    for (const [name, value] of headers) reply.raw.setHeader(name, value);
    done();
  });
}

/** The headers Helmet sets with Hearth's options, as name and value, in Helmet's order. */
export function securityHeaders(
  publicUrl: string,
  inlineScriptHashes: string[] = [],
): [string, string][] {
  const options: HelmetOptions = {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        'default-src': ["'self'"],
        'script-src': ["'self'", ...inlineScriptHashes.map((hash) => `'${hash}'`)],
        // Some UI libraries (emoji picker, cropper) inject <style> elements at run time.
        'style-src': ["'self'", "'unsafe-inline'"],
        // Answers give images as absolute addresses under PUBLIC_URL: a page opened under
        // another name of this server (127.0.0.1 for localhost) still shows them.
        'img-src': ["'self'", new URL(publicUrl).origin, 'data:', 'blob:'],
        'font-src': ["'self'", 'data:'],
        'connect-src': ["'self'"],
        'media-src': ["'self'", 'blob:'],
        'object-src': ["'none'"],
        'base-uri': ["'self'"],
        'form-action': ["'self'"],
        'frame-ancestors': ["'none'"],
        // Upgrading would break a self-hosted instance reached over plain HTTP on a LAN.
        ...(publicUrl.startsWith('https:') ? { 'upgrade-insecure-requests': [] } : {}),
      },
    },
    strictTransportSecurity: publicUrl.startsWith('https:'),
  };
  const headers: [string, string][] = [];
  const recorder = {
    setHeader(name: string, value: unknown) {
      headers.push([name, String(value)]);
    },
    // X-Powered-By: Fastify sends none.
    removeHeader() {},
  };
  helmet(options)(
    {} as IncomingMessage,
    recorder as unknown as ServerResponse,
    (error?: unknown) => {
      if (error) throw error;
    },
  );
  return headers;
}

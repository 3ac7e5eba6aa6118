import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

/** Security headers; the CSP lets the app load only its own scripts, styles and images. */
export async function registerSecurityHeaders(
  app: FastifyInstance,
  publicUrl: string,
  /** CSP hashes ('sha256-…') of the web app's own inline scripts, such as the theme-before-paint one. */
  inlineScriptHashes: string[] = [],
): Promise<void> {
  await app.register(helmet, {
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
    hsts: publicUrl.startsWith('https:'),
  });
}

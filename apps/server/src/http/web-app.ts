import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import {
  acceptedLanguages,
  COOKIE_NAMES,
  DEFAULT_LANGUAGE,
  HOME_FEED_ELEMENT_ID,
  isLanguageCode,
  LANGUAGE_CODES,
  pickLanguage,
  SERVER_MESSAGES,
} from '@hearth/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { MemberHome, MemberHomeSource } from './member-home.js';

const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * Headers a browser reads from a document (or a worker's script) only, and validators an
 * immutable file never needs: left off the hashed assets. `X-Content-Type-Options` (a script
 * or style of the wrong type is refused) and `Cross-Origin-Resource-Policy` (no other site
 * embeds them) stay, as does HSTS.
 */
const DOCUMENT_ONLY_HEADERS = [
  'content-security-policy',
  'cross-origin-opener-policy',
  'origin-agent-cluster',
  'referrer-policy',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-frame-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
  'etag',
  'last-modified',
];

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

/**
 * Serves the built web app when WEB_DIST holds one; answers whether it does. With `memberHome`,
 * a signed-in member's `/` is their own page (`memberPage`).
 */
export async function registerWebApp(
  app: FastifyInstance,
  webDist: string,
  memberHome?: MemberHomeSource,
): Promise<boolean> {
  if (!existsSync(path.join(webDist, 'index.html'))) return false;
  await app.register(fastifyStatic, {
    root: webDist,
    // The build writes a .br and a .gz beside every text file (scripts/precompress.mjs in
    // apps/web): the one the client accepts is sent as it is, with Vary: Accept-Encoding.
    preCompressed: true,
    cacheControl: false,
    // '/' is the page in the visitor's language (below), not index.html as it is.
    index: false,
    setHeaders(reply, filePath) {
      const relative = path.relative(webDist, filePath).split(path.sep).join('/');
      // Vite puts content-hashed files under assets/: a new build gets new names.
      if (!relative.startsWith('assets/')) {
        reply.header('cache-control', 'no-cache');
        return;
      }
      reply.header('cache-control', IMMUTABLE);
      // A page's scripts and styles (the app starts no worker from assets/): only what a
      // subresource obeys goes with them. Over HTTP/1.1 each header is sent in full with every
      // file, and a first screen loads some thirty of them.
      for (const name of DOCUMENT_ONLY_HEADERS) reply.removeHeader(name);
    },
  });
  const pages = languagePages(webDist);
  // The pages as text, read once: a member's home is one of them with their feed written in.
  const texts = new Map<string, string>();
  const textOf = (file: string) => {
    let text = texts.get(file);
    if (text === undefined) {
      text = readFileSync(path.join(webDist, file), 'utf8');
      texts.set(file, text);
    }
    return text;
  };
  app.get('/', async (request, reply) => {
    const file = pageFor(request, pages);
    reply.header('vary', 'Cookie, Accept-Language');
    const home = request.method === 'GET' && memberHome ? await memberHome(request) : null;
    if (!home) return reply.header('cache-control', 'no-cache').sendFile(file);
    // Made for this member alone: kept by no cache, shared or the browser's.
    return reply
      .header('cache-control', 'private, no-store')
      .type('text/html; charset=utf-8')
      .send(memberPage(textOf(file), home));
  });
  return true;
}

/**
 * A signed-in member's home page (the phone issue): the page in their language with, in its
 * head, a preload of the first card's first picture (the same srcset and sizes as the card's
 * <img>, so the photo starts loading with the HTML) and their first feed page as a data block the
 * app reads at boot instead of asking the API (`startHomeEarly`). A data block is not run, so
 * the CSP stays as strict as for any page; every `<` in it is written `\u003c`, so no text of a
 * post can close the element.
 */
export function memberPage(page: string, home: MemberHome): string {
  const data =
    `{"memberId":${JSON.stringify(home.memberId)},` +
    `"nextCursor":${JSON.stringify(home.nextCursor)},"posts":${home.postsJson}}`;
  const block = `<script type="application/json" id="${HOME_FEED_ELEMENT_ID}">${data.replace(/</g, '\\u003c')}</script>`;
  const picture = home.firstPicture;
  const preload = picture
    ? `<link rel="preload" as="image" href="${attribute(picture.src)}"` +
      (picture.srcSet ? ` imagesrcset="${attribute(picture.srcSet)}"` : '') +
      (picture.sizes ? ` imagesizes="${attribute(picture.sizes)}"` : '') +
      ' fetchpriority="high">'
    : '';
  // The preload first in the head, so the browser's scanner meets it before the styles.
  const withPreload = page.replace(/<head>/i, (head) => `${head}${preload}`);
  return withPreload.replace(/<\/head>/i, (end) => `${block}${end}`);
}

/** Text for an HTML attribute in double quotes. */
function attribute(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
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

/** The value of the cookie `name` in a Cookie header; none when it is not URI-encoded text. */
export function cookieValue(header: string | undefined, name: string): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const [key, ...value] = part.trim().split('=');
    if (key !== name) continue;
    try {
      return decodeURIComponent(value.join('='));
    } catch {
      // A damaged cookie is no cookie (`%E0%A4%A`), not an error answer.
      return undefined;
    }
  }
  return undefined;
}

/**
 * The page for the visitor's language (the languages issue): the web build writes the login
 * screen prerendered in each translated language (index.{code}.html beside index.html). The
 * language is the one they chose (the `lang` cookie), else their browser's (Accept-Language).
 */
function pageFor(request: FastifyRequest, pages: ReadonlySet<string>): string {
  // `/?lang=fr` (the login footer's links, followed before the app has loaded), else the cookie.
  const named = new URL(request.url, 'http://page.invalid').searchParams.get('lang');
  const chosen = isLanguageCode(named)
    ? named
    : cookieValue(request.headers.cookie, COOKIE_NAMES.language);
  // Without a choice: the browser's first language that has a page ('de-DE, ar;q=0.5' is the
  // Arabic page when there is no German one).
  const withPages = LANGUAGE_CODES.filter(
    (code) => code === DEFAULT_LANGUAGE || pages.has(`index.${code}.html`),
  );
  const language = isLanguageCode(chosen)
    ? chosen
    : pickLanguage(acceptedLanguages(request.headers['accept-language']), withPages);
  const file = `index.${language}.html`;
  return pages.has(file) ? file : 'index.html';
}

/** The language pages of the built web app (index.{code}.html). */
function languagePages(webDist: string | undefined): Set<string> {
  if (!webDist || !existsSync(webDist)) return new Set();
  return new Set(readdirSync(webDist).filter((name) => /^index\.[a-zA-Z-]+\.html$/.test(name)));
}

/**
 * Unknown API paths get a JSON 404; a page request anywhere else gets the web app's index.html
 * in the visitor's language (history fallback), so deep links like /profile/ada load the app.
 */
export function registerNotFound(app: FastifyInstance, hasWebApp: boolean, webDist?: string): void {
  const pages = languagePages(hasWebApp ? webDist : undefined);
  app.setNotFoundHandler((request, reply) => {
    if (hasWebApp && !isServerPath(request.url) && wantsPage(request)) {
      return reply
        .header('cache-control', 'no-cache')
        .header('vary', 'Cookie, Accept-Language')
        .sendFile(pageFor(request, pages));
    }
    return reply.code(404).send({ message: SERVER_MESSAGES.notFound });
  });
}

import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import fastifyStatic from '@fastify/static';
import {
  acceptedLanguages,
  COOKIE_NAMES,
  DEFAULT_LANGUAGE,
  HOME_FEED_ELEMENT_ID,
  HOME_SCREEN_ATTRIBUTE,
  isLanguageCode,
  LANGUAGE_CODES,
  type LanguageCode,
  type Post,
  pickLanguage,
  SERVER_MESSAGES,
  type SessionUser,
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
    // Nothing under a dot name: the build's `.ssr/` (the server's own renderer) and `.vite/`.
    dotfiles: 'ignore',
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
  const homeScreen = await loadHomeScreen(webDist, app);
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
    const screen = homeScreen && (await homeScreen(request, home, languageOf(file)));
    // Made for this member alone: kept by no cache, shared or the browser's.
    return reply
      .header('cache-control', 'private, no-store')
      .type('text/html; charset=utf-8')
      .send(memberPage(textOf(file), home, screen ?? undefined));
  });
  return true;
}

/** The language of a page file (index.html is English's, index.{code}.html the others'). */
function languageOf(file: string): LanguageCode {
  const code = /^index\.([a-zA-Z-]+)\.html$/.exec(file)?.[1];
  return isLanguageCode(code) ? code : DEFAULT_LANGUAGE;
}

/** The member's home screen as the server draws it into their page (`memberPage`). */
export interface HomeScreen {
  /** The screen's stylesheets, inline: for the end of the head. */
  head: string;
  /** The screen's modules, which the app's loader preloads with the app's own. */
  modules: string[];
  /** The layout and the home with the first cards, as the app would draw them. */
  markup: string;
}

interface HomeMarkupModule {
  renderHomeMarkup(input: {
    language: LanguageCode;
    user: SessionUser;
    posts: Post[];
    nextCursor: string | null;
    now: number;
  }): Promise<string>;
}

/**
 * The web build's renderer of a member's home screen (apps/web src/prerender/home-markup.tsx,
 * built into `.ssr/`, with the home's stylesheets and modules in `.ssr/home.json`), when the
 * build has one. A failed render is logged and the page goes without the screen: the app then
 * draws it as it always did.
 */
async function loadHomeScreen(
  webDist: string,
  app: FastifyInstance,
): Promise<
  | ((
      request: FastifyRequest,
      home: MemberHome,
      language: LanguageCode,
    ) => Promise<HomeScreen | null>)
  | undefined
> {
  const folder = path.join(webDist, '.ssr');
  const modulePath = path.join(folder, 'home-markup.js');
  const assetsPath = path.join(folder, 'home.json');
  if (!existsSync(modulePath) || !existsSync(assetsPath)) return undefined;
  let renderer: HomeMarkupModule;
  let head: string;
  let modules: string[];
  try {
    renderer = (await import(pathToFileURL(modulePath).href)) as HomeMarkupModule;
    const assets = JSON.parse(readFileSync(assetsPath, 'utf8')) as {
      css: string[];
      modules: string[];
    };
    const css = assets.css.map((file) => readFileSync(path.join(webDist, file), 'utf8').trim());
    if (css.some((text) => /<\/style/i.test(text)))
      throw new Error('a stylesheet cannot be inlined');
    head = [
      `<style>${css.join('\n')}</style>`,
      // Disabled links are neither fetched nor applied; Vite's loader, which looks for a
      // stylesheet link by address, takes them as loaded when the home's code arrives.
      ...assets.css.map((file) => `<link rel="stylesheet" crossorigin href="/${file}" disabled>`),
    ].join('');
    modules = assets.modules.map((file) => `/${file}`);
  } catch (error) {
    app.log.warn(
      { err: error },
      'the web build’s home renderer cannot load: homes are drawn by the app',
    );
    return undefined;
  }
  return async (request, home, language) => {
    if (!home.user) return null;
    try {
      const markup = await renderer.renderHomeMarkup({
        language,
        user: home.user,
        posts: home.posts,
        nextCursor: home.nextCursor,
        now: home.renderedAt,
      });
      return { head, modules, markup };
    } catch (error) {
      request.log.warn({ err: error }, 'the home page goes without its first screen');
      return null;
    }
  };
}

/**
 * A signed-in member's home page (the phone issue): the page in their language with, in its
 * head, a preload of the first card's first picture (the same srcset and sizes as the card's
 * <img>, so the photo starts loading with the HTML) and their first feed page as a data block the
 * app reads at boot instead of asking the API (`startHomeEarly`). A data block is not run, so
 * the CSP stays as strict as for any page; every `<` in it is written `\u003c`, so no text of a
 * post can close the element.
 */
export function memberPage(page: string, home: MemberHome, screen?: HomeScreen): string {
  const data =
    `{"memberId":${JSON.stringify(home.memberId)},` +
    `"nextCursor":${JSON.stringify(home.nextCursor)},"renderedAt":${home.renderedAt},` +
    `"posts":${home.postsJson}}`;
  const block = `<script type="application/json" id="${HOME_FEED_ELEMENT_ID}">${data.replace(/</g, '\\u003c')}</script>`;
  const picture = home.firstPicture;
  const preload = picture
    ? `<link rel="preload" as="image" href="${attribute(picture.src)}"` +
      (picture.srcSet ? ` imagesrcset="${attribute(picture.srcSet)}"` : '') +
      (picture.sizes ? ` imagesizes="${attribute(picture.sizes)}"` : '') +
      ' fetchpriority="high">'
    : '';
  // The preload first in the head, so the browser's scanner meets it before the styles.
  const withPreload = (screen ? withoutLoginStyles(page) : page).replace(
    /<head>/i,
    (head) => `${head}${preload}`,
  );
  const withData = withPreload.replace(/<\/head>/i, (end) => `${screen?.head ?? ''}${block}${end}`);
  return screen ? withHomeScreen(withData, screen) : withData;
}

/**
 * The page without the prerendered login screen's styles (`data-prerendered-css`), which its
 * script drops for a session anyway: a member's home page need not carry or parse them.
 */
function withoutLoginStyles(page: string): string {
  // The same few pages (one per language) every time: worked out once each, not per request.
  let stripped = strippedPages.get(page);
  if (stripped === undefined) {
    stripped = page.replace(
      /<style data-prerendered-css>[\s\S]*?<\/style>|\s*<link [^>]*data-prerendered-css>/g,
      '',
    );
    strippedPages.set(page, stripped);
  }
  return stripped;
}
const strippedPages = new Map<string, string>();

/**
 * The page with the home screen in #root instead of the prerendered login screen (which a
 * session hides): #root holds everything up to the app's loader, the body's last script.
 * `HOME_SCREEN_ATTRIBUTE` on #root tells the app to mount once the home's code is here, and
 * its loader which modules that code is.
 */
function withHomeScreen(page: string, { markup, modules }: HomeScreen): string {
  const open = '<div id="root">';
  const start = page.indexOf(open);
  const loader = page.lastIndexOf('<script', page.lastIndexOf('</body>'));
  const end = page.lastIndexOf('</div>', loader);
  if (start < 0 || loader < 0 || end < start) return page;
  const root = `<div id="root" ${HOME_SCREEN_ATTRIBUTE}="${attribute(modules.join(' '))}">`;
  return `${page.slice(0, start)}${root}${markup}${page.slice(end)}`;
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

import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { SessionUser } from '@hearth/contract';
import puppeteer, { type Browser } from 'puppeteer-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../../e2e/support/browser.js';
import { withTimeout } from '../run/resilience.js';
import { BROWSER_ACCEPT_ENCODING } from '../run/scenarios.js';
import { languageCookies, sessionCookies } from './session.js';

/** A phone: the width the first-screen images are judged at. */
export const MOBILE_VIEWPORT = {
  width: 375,
  height: 812,
  deviceScaleFactor: 3,
  isMobile: true,
  hasTouch: true,
} as const;

/** Files of one kind and their bytes: as received (headers included) and once decoded. */
export interface Transfer {
  files: number;
  /** What the network carried: Chromium's encodedDataLength, response headers included. */
  transferred: number;
  /** The bodies once decompressed. */
  decoded: number;
}

export type ResourceKind = 'html' | 'js' | 'css' | 'image' | 'font' | 'api' | 'other';

export interface RouteWeight {
  route: string;
  signedIn: boolean;
  /** The language asked for (its cookie; none for English), and the one the page said it shows. */
  language: string;
  htmlLang: string;
  /** First contentful paint, from the page's own paint timing. */
  fcpMs: number | undefined;
  /** Scripts whose request started before the first contentful paint. */
  jsBeforeRender: Transfer;
  cssBeforeRender: Transfer;
  /** Everything the visit loaded until the network was quiet, by kind. */
  all: Record<ResourceKind, Transfer>;
  /** Content-Encoding of the HTML, scripts, styles and API answers: "br 12, none 3". */
  encodings: Record<string, number>;
}

export interface FirstScreenImages {
  route: string;
  images: Array<{ url: string; transferred: number; decoded: number }>;
  total: Transfer;
}

export interface PageWeight {
  baseUrl: string;
  acceptEncoding: string;
  viewport: typeof MOBILE_VIEWPORT;
  routes: RouteWeight[];
  firstScreenImages?: FirstScreenImages;
  /** The local build's lazy chunks (gzip -9 of the files on disk), when the build is local. */
  lazy?: LazyChunk[];
}

interface Request {
  url: string;
  kind: ResourceKind;
  encoding: string;
  transferred: number;
  decoded: number;
  finished: boolean;
}

const empty = (): Transfer => ({ files: 0, transferred: 0, decoded: 0 });
const add = (sum: Transfer, r: { transferred: number; decoded: number }) => {
  sum.files += 1;
  sum.transferred += r.transferred;
  sum.decoded += r.decoded;
};

function kindOf(cdpType: string | undefined, mime: string, url: string): ResourceKind {
  if (cdpType === 'Document') return 'html';
  if (cdpType === 'Fetch' || cdpType === 'XHR' || mime.includes('json')) return 'api';
  if (cdpType === 'Stylesheet' || mime === 'text/css') return 'css';
  if (cdpType === 'Script' || mime.includes('javascript') || /\.m?js(\?|$)/.test(url)) return 'js';
  if (cdpType === 'Image' || mime.startsWith('image/')) return 'image';
  if (cdpType === 'Font' || mime.startsWith('font/')) return 'font';
  return 'other';
}

/**
 * Run in the page (as text: the bench has no DOM types): the URLs of the images, as <img> or
 * as a CSS background, whose element intersects the first w × h of the page.
 */
const ON_SCREEN_IMAGES = `(w, h) => {
  const visible = (el) => {
    const box = el.getBoundingClientRect();
    return box.width > 0 && box.height > 0 && box.bottom > 0 && box.right > 0 && box.top < h && box.left < w;
  };
  const urls = new Set();
  for (const img of document.images) if (img.currentSrc && visible(img)) urls.add(img.currentSrc);
  for (const el of document.querySelectorAll('body *')) {
    const background = getComputedStyle(el).backgroundImage;
    if (!background || background === 'none' || !visible(el)) continue;
    for (const match of background.matchAll(/url\\("?([^")]+)"?\\)/g)) urls.add(new URL(match[1], location.href).href);
  }
  return [...urls].filter((url) => !url.startsWith('data:'));
}`;

/** One visit with an empty cache, at the phone's viewport; what went over the wire. */
async function visit(
  browser: Browser,
  baseUrl: string,
  route: string,
  member: SessionUser | undefined,
  firstScreen: boolean,
  language: string,
): Promise<{ weight: RouteWeight; images?: FirstScreenImages }> {
  const context = await browser.createBrowserContext();
  try {
    const cookies = [
      ...(member ? sessionCookies(baseUrl, member) : []),
      ...languageCookies(baseUrl, language),
    ];
    if (cookies.length > 0) await context.setCookie(...cookies);
    const page = await context.newPage();
    await page.setViewport(MOBILE_VIEWPORT);
    await page.evaluateOnNewDocument(() => performance.setResourceTimingBufferSize(5000));
    const client = await page.createCDPSession();
    const requests = new Map<string, Request>();
    client.on('Network.requestWillBeSent', (e) => {
      requests.set(e.requestId, {
        url: e.request.url,
        kind: kindOf(e.type, '', e.request.url),
        encoding: '',
        transferred: 0,
        decoded: 0,
        finished: false,
      });
    });
    client.on('Network.responseReceived', (e) => {
      const r = requests.get(e.requestId);
      if (!r) return;
      r.kind = kindOf(e.type, e.response.mimeType, e.response.url);
      const header = Object.entries(e.response.headers).find(
        ([name]) => name.toLowerCase() === 'content-encoding',
      );
      r.encoding = header?.[1] ?? '';
    });
    client.on('Network.dataReceived', (e) => {
      const r = requests.get(e.requestId);
      if (r) r.decoded += e.dataLength;
    });
    client.on('Network.loadingFinished', (e) => {
      const r = requests.get(e.requestId);
      if (!r) return;
      r.transferred = e.encodedDataLength;
      r.finished = true;
    });
    await client.send('Network.enable');
    await client.send('Network.setCacheDisabled', { cacheDisabled: true });
    await client.send('Network.setExtraHTTPHeaders', {
      headers: { 'Accept-Encoding': BROWSER_ACCEPT_ENCODING },
    });
    await page.goto(`${baseUrl}${route}`, { waitUntil: 'networkidle0', timeout: 60_000 });
    // The feed and its pictures come after the page's own load: wait until they are in too.
    await page.waitForNetworkIdle({ idleTime: 1000, timeout: 30_000 }).catch(() => {});
    const timing = await page.evaluate(() => ({
      fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime,
      resources: performance
        .getEntriesByType('resource')
        .map((entry) => ({ name: entry.name, start: entry.startTime })),
    }));
    const startedAt = new Map<string, number>();
    for (const { name, start } of timing.resources) {
      if (!startedAt.has(name)) startedAt.set(name, start);
    }
    const finished = [...requests.values()].filter((r) => r.finished);
    const beforeRender = (r: Request) =>
      timing.fcp !== undefined && (startedAt.get(r.url) ?? Number.POSITIVE_INFINITY) < timing.fcp;
    // A page in another language than asked would measure the wrong catalogue.
    const htmlLang = (await page.evaluate('document.documentElement.lang')) as string;
    if (htmlLang !== language) {
      throw new Error(`${route} asked in ${language} showed lang="${htmlLang}"`);
    }
    const weight: RouteWeight = {
      route,
      signedIn: member !== undefined,
      language,
      htmlLang,
      fcpMs: timing.fcp,
      jsBeforeRender: empty(),
      cssBeforeRender: empty(),
      all: {
        html: empty(),
        js: empty(),
        css: empty(),
        image: empty(),
        font: empty(),
        api: empty(),
        other: empty(),
      },
      encodings: {},
    };
    for (const r of finished) {
      add(weight.all[r.kind], r);
      if (r.kind === 'js' && beforeRender(r)) add(weight.jsBeforeRender, r);
      if (r.kind === 'css' && beforeRender(r)) add(weight.cssBeforeRender, r);
      if (['html', 'js', 'css', 'api'].includes(r.kind)) {
        const key = r.encoding || 'none';
        weight.encodings[key] = (weight.encodings[key] ?? 0) + 1;
      }
    }
    if (timing.fcp === undefined) throw new Error(`${route} painted nothing`);
    if (!firstScreen) return { weight };

    const onScreen = (await page.evaluate(
      `(${ON_SCREEN_IMAGES})(${MOBILE_VIEWPORT.width}, ${MOBILE_VIEWPORT.height})`,
    )) as string[];
    const images: FirstScreenImages = { route, images: [], total: empty() };
    for (const url of onScreen) {
      const r = finished.find((f) => f.url === url);
      if (!r) continue;
      images.images.push({
        url: url.replace(baseUrl, ''),
        transferred: r.transferred,
        decoded: r.decoded,
      });
      add(images.total, r);
    }
    images.images.sort((a, b) => b.transferred - a.transferred);
    return { weight, images };
  } finally {
    await context.close();
  }
}

/**
 * What a phone's browser receives from the running server with `Accept-Encoding: br, gzip` and
 * an empty cache: `/login` signed out and `/` signed in as `member`, each until the network is
 * quiet, in each of `languages` (English first: its first-screen images are the report's); the
 * images on the first screen of `/` once its feed is in.
 */
export async function pageWeight(
  baseUrl: string,
  member: SessionUser,
  { webDist, languages = ['en'] }: { webDist?: string | undefined; languages?: string[] } = {},
): Promise<PageWeight> {
  const browser = await puppeteer.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [...CHROMIUM_ARGS],
  });
  try {
    const routes: RouteWeight[] = [];
    let images: FirstScreenImages | undefined;
    for (const language of languages) {
      const login = await withTimeout(
        visit(browser, baseUrl, '/login', undefined, false, language),
        120_000,
        `page weight of /login in ${language}`,
      );
      const home = await withTimeout(
        visit(browser, baseUrl, '/', member, true, language),
        120_000,
        `page weight of / in ${language}`,
      );
      routes.push(login.weight, home.weight);
      images ??= home.images;
    }
    return {
      baseUrl,
      acceptEncoding: BROWSER_ACCEPT_ENCODING,
      viewport: MOBILE_VIEWPORT,
      routes,
      ...(images ? { firstScreenImages: images } : {}),
      ...(webDist ? { lazy: await lazyChunks(webDist) } : {}),
    };
  } finally {
    await browser.close().catch(() => {});
  }
}

/** One chunk of Vite's build manifest (build.manifest). */
interface ManifestChunk {
  file: string;
  src?: string;
  name?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

/** The page each route renders first: lazy chunks loaded before anything shows. */
export const ROUTE_PAGES: Record<string, string[]> = {
  '/login': ['src/features/auth/login-page.tsx'],
  '/': ['src/features/layout/app-layout.tsx', 'src/features/home/home-page.tsx'],
  '/profile': ['src/features/layout/app-layout.tsx', 'src/features/profile/profile-page.tsx'],
  '/friends': ['src/features/layout/app-layout.tsx', 'src/features/friends/friends-page.tsx'],
};

export interface LazyChunk {
  /** The module that starts the chunk, or the chunk's name. */
  source: string;
  file: string;
  gzipBytes: number;
  /** Also on some route's first render (then it is not really lazy there). */
  inFirstRenderOf: string[];
}

/** The local build's lazy chunks and what opening each costs (gzip -9 of the files on disk). */
export async function lazyChunks(webDist: string): Promise<LazyChunk[]> {
  const manifest = JSON.parse(
    await readFile(path.join(webDist, '.vite', 'manifest.json'), 'utf8'),
  ) as Manifest;
  const entryKey = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
  if (!entryKey) throw new Error('the web build has no entry in its manifest');
  const sizes = new Map<string, number>();
  const gzipOf = async (file: string) => {
    let size = sizes.get(file);
    if (size === undefined) {
      size = gzipSync(await readFile(path.join(webDist, file)), { level: 9 }).length;
      sizes.set(file, size);
    }
    return size;
  };
  const closure = (roots: string[]) => {
    const seen = new Set<string>();
    const visit = (key: string) => {
      if (seen.has(key)) return;
      const chunk = manifest[key];
      if (!chunk) return;
      seen.add(key);
      for (const imported of chunk.imports ?? []) visit(imported);
    };
    for (const root of roots) visit(root);
    return seen;
  };
  const firstRender = new Map(
    Object.entries(ROUTE_PAGES).map(([route, pages]) => [route, closure([entryKey, ...pages])]),
  );
  const lazy: LazyChunk[] = [];
  for (const [key, chunk] of Object.entries(manifest)) {
    if (!chunk.isDynamicEntry) continue;
    const inFirstRenderOf = [...firstRender]
      .filter(([, keys]) => keys.has(key))
      .map(([route]) => route);
    let gzipBytes = 0;
    // What opening it costs: the chunk and whatever it imports that no route loaded first.
    for (const part of closure([key])) {
      if (part !== key && [...firstRender.values()].some((keys) => keys.has(part))) continue;
      gzipBytes += await gzipOf(manifest[part]!.file);
    }
    lazy.push({
      source: chunk.src ?? chunk.name ?? key,
      file: chunk.file,
      gzipBytes,
      inFirstRenderOf,
    });
  }
  lazy.sort((a, b) => b.gzipBytes - a.gzipBytes);
  return lazy;
}

/// <reference lib="webworker" />
import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import { clientsClaim } from 'workbox-core';
import type { WorkboxPlugin } from 'workbox-core/types';
import { ExpirationPlugin } from 'workbox-expiration';
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst, NetworkFirst } from 'workbox-strategies';
import {
  API_CACHE,
  BUILTIN_CACHE,
  KEEP_PAGE_MESSAGE,
  MEDIA_CACHE,
  NETWORK_MESSAGE,
  NETWORK_QUERY,
  PAGES_CACHE,
} from './pwa/worker-protocol';

/*
 * Hearth's service worker (the phone issue), built with Workbox by vite-plugin-pwa
 * (injectManifest): the app's hashed scripts and styles, and the offline page shell, are
 * precached (cache-first: a hashed name never changes); pages and API reads go to the network
 * first and are kept, so the last ones a member saw show when the network is away; pictures
 * already seen come from the cache. Nothing of a member is kept past their logout: the app
 * empties MEMBER_CACHES then.
 */

declare const self: ServiceWorkerGlobalScope & {
  __WB_MANIFEST: Array<{ url: string; revision: string | null }>;
};

/** How long a kept page or API answer may be shown offline (a week). */
const KEPT_SECONDS = 7 * 24 * 60 * 60;

/** The page every navigation falls back to offline when it was never kept: the app's shell. */
const SHELL = '/index.html';

// Only the precached addresses themselves: '/' is not '/index.html' here (Workbox's default would
// answer a member's home with the shell, without their feed, and never ask the network).
precacheAndRoute(self.__WB_MANIFEST, { directoryIndex: '', cleanURLs: false });
cleanupOutdatedCaches();
// A first install takes over the open pages at once, so one visit is enough to be kept offline.
// A new version waits until the member chooses 'Reload' (the app's update bar).
clientsClaim();

/** Whether the last request this worker sent to the network failed (reset when one succeeds). */
let networkDown = false;

async function tellPages(down: boolean): Promise<void> {
  if (down === networkDown) return;
  networkDown = down;
  for (const page of await self.clients.matchAll({ type: 'window', includeUncontrolled: true })) {
    page.postMessage({ type: NETWORK_MESSAGE, down });
  }
}

/** Watches every request the routes below send: the pages' offline bar follows what happened. */
const networkWatch: WorkboxPlugin = {
  fetchDidFail: async () => {
    await tellPages(true);
  },
  fetchDidSucceed: async ({ response }) => {
    await tellPages(false);
    return response;
  },
};

self.addEventListener('message', (event) => {
  const data = event.data as { type?: string; url?: string } | undefined;
  if (data?.type === 'SKIP_WAITING') void self.skipWaiting();
  if (data?.type === NETWORK_QUERY) {
    event.source?.postMessage({ type: NETWORK_MESSAGE, down: networkDown });
  }
  if (data?.type === KEEP_PAGE_MESSAGE && typeof data.url === 'string') {
    event.waitUntil(keepPage(data.url, event));
  }
});

const sameOrigin = (url: URL) => url.origin === self.location.origin;

// Pages: the network first, so a member's own home (made for them on each visit) is never
// replaced by a kept copy while online; offline, the last copy of that address, else the shell.
const pages = new NetworkFirst({
  cacheName: PAGES_CACHE,
  plugins: [
    networkWatch,
    new CacheableResponsePlugin({ statuses: [200] }),
    // A kept page may hold a member's first feed page: never longer than the API's answers.
    new ExpirationPlugin({ maxEntries: 30, maxAgeSeconds: KEPT_SECONDS }),
    { handlerDidError: async () => (await matchPrecache(SHELL)) ?? undefined },
  ],
});
registerRoute(new NavigationRoute(pages, { denylist: [/^\/(api|media|dev)\//] }));

/**
 * Keeps the page at `url` (the one shown when this worker first took over), as a visit would:
 * through the pages' own strategy, asking for HTML as a navigation does (the server answers page
 * paths with the page only to a client that wants HTML).
 */
async function keepPage(url: string, event: ExtendableEvent): Promise<void> {
  const address = new URL(url, self.location.href);
  if (address.origin !== self.location.origin) return;
  const request = new Request(address.href, {
    credentials: 'same-origin',
    headers: { accept: 'text/html' },
  });
  const [, done] = pages.handleAll({ event, request });
  await done;
}

// API reads: the network first; the last answer of each address is kept for offline. The live
// socket and the media addresses an answer signs are not.
registerRoute(
  ({ url, request }) =>
    sameOrigin(url) &&
    request.method === 'GET' &&
    url.pathname.startsWith('/api/v1/') &&
    !url.pathname.startsWith('/api/v1/streaming'),
  new NetworkFirst({
    cacheName: API_CACHE,
    plugins: [
      networkWatch,
      new CacheableResponsePlugin({ statuses: [200] }),
      new ExpirationPlugin({ maxEntries: 300, maxAgeSeconds: KEPT_SECONDS }),
    ],
  }),
);

/** Pictures under `paths`, from the cache first: an address names one file for good. */
function keptPictures(
  paths: RegExp,
  cacheName: string,
  kept: { maxEntries: number; maxAgeSeconds?: number },
) {
  registerRoute(
    ({ url, request }) =>
      sameOrigin(url) && request.destination === 'image' && paths.test(url.pathname),
    new CacheFirst({
      cacheName,
      plugins: [new CacheableResponsePlugin({ statuses: [200] }), new ExpirationPlugin(kept)],
    }),
  );
}

// Members' pictures (a new picture gets a new address).
keptPictures(/^\/media\//, MEDIA_CACHE, { maxEntries: 400, maxAgeSeconds: 30 * 24 * 60 * 60 });
// The server's own pictures (the default avatar, the post backgrounds): nobody's, kept past a
// logout like the app's code.
keptPictures(/^\/(images|backgrounds)\//, BUILTIN_CACHE, { maxEntries: 40 });

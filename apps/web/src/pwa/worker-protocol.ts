/*
 * What the app and its service worker (sw.ts) share: the caches the worker keeps, named here so
 * the app can empty the member's ones when they log out (offline-data.ts; the app's own code is
 * kept by Workbox's precache, which holds nothing of a member), and the messages between them.
 */

/** Pages as the server last answered them (a member's home carries their first feed page). */
export const PAGES_CACHE = 'hearth-pages';
/** The API's answers to reads, the last of each address. */
export const API_CACHE = 'hearth-api';
/** Members' pictures and photos already seen. */
export const MEDIA_CACHE = 'hearth-media';

/** The server's own pictures (the default avatar, the backgrounds): no member's. */
export const BUILTIN_CACHE = 'hearth-builtin';

/** Every cache that may hold what a member saw: emptied at logout and at login. */
export const MEMBER_CACHES = [PAGES_CACHE, API_CACHE, MEDIA_CACHE] as const;

/** The message a page sends its service worker to keep the page it shows (its first visit). */
export const KEEP_PAGE_MESSAGE = 'HEARTH_KEEP_PAGE';

/**
 * The worker's word on the network (`{ type, down }`): sent to every page when a request through
 * it fails or succeeds again, and to a page that asks with NETWORK_QUERY. The browser's own
 * `navigator.onLine` says true on a network that leads nowhere (a train in a tunnel, a captive
 * portal); a failed request does not.
 */
export const NETWORK_MESSAGE = 'HEARTH_NETWORK';
export const NETWORK_QUERY = 'HEARTH_NETWORK_QUERY';

import { MEMBER_CACHES } from './worker-protocol';

/**
 * Empties every cache of the service worker that may hold what a member saw (pages, API answers,
 * pictures): at logout, and at login so no one sees the previous member's. The app's own code
 * stays. Failures are ignored: a browser without Cache Storage kept nothing.
 */
export async function forgetOfflineData(): Promise<void> {
  if (typeof caches === 'undefined') return;
  await Promise.all(MEMBER_CACHES.map((name) => caches.delete(name).catch(() => false)));
}

import { Workbox } from 'workbox-window';
import { announceUpdate } from './app-status';
import { KEEP_PAGE_MESSAGE } from './worker-protocol';

/**
 * Registers Hearth's service worker (sw.ts, built by vite-plugin-pwa), once the page has loaded:
 * a new version waiting shows the update bar, whose 'Reload' lets it take over and reloads; on a
 * first install, the page shown and the home (where the installed app opens) are kept for
 * offline, since they loaded before the worker existed. Later visits pass through the worker.
 */
export async function registerServiceWorker(): Promise<void> {
  const workbox = new Workbox('/sw.js');
  workbox.addEventListener('waiting', () => {
    announceUpdate(() => {
      workbox.addEventListener('controlling', () => window.location.reload());
      workbox.messageSkipWaiting();
    });
  });
  const firstInstall = !navigator.serviceWorker.controller;
  if (firstInstall) {
    navigator.serviceWorker.addEventListener(
      'controllerchange',
      () => {
        const pages = new Set([window.location.href, new URL('/', window.location.href).href]);
        for (const url of pages) {
          navigator.serviceWorker.controller?.postMessage({ type: KEEP_PAGE_MESSAGE, url });
        }
      },
      { once: true },
    );
  }
  await workbox.register();
}

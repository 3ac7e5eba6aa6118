import { useSyncExternalStore } from 'react';
import { NETWORK_MESSAGE, NETWORK_QUERY } from './worker-protocol';

/*
 * What the app's status bars show (status-bars.tsx): whether the browser is online, and whether a
 * new version of Hearth waits to be loaded (the service worker's registration, register.ts, says
 * so). A store of its own, read with useSyncExternalStore, so the registration code stays out of
 * the first screen's scripts.
 */

let reloadToUpdate: (() => void) | null = null;
const listeners = new Set<() => void>();

function notify() {
  for (const listener of listeners) listener();
}

/** A new version is ready: `reload` switches to it and reloads the page. */
export function announceUpdate(reload: () => void): void {
  reloadToUpdate = reload;
  notify();
}

function subscribeUpdate(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

const readUpdate = () => reloadToUpdate;

/** The switch to the new version, while one waits. */
export function useUpdateReady(): (() => void) | null {
  return useSyncExternalStore(subscribeUpdate, readUpdate, readUpdate);
}

/** What the service worker last said of the network (its requests failing, or not). */
let workerSaysDown = false;
const onlineListeners = new Set<() => void>();

function notifyOnline() {
  for (const listener of onlineListeners) listener();
}

/** Listens to the service worker, once, and asks it what it knows (a page opened offline). */
function listenToWorker() {
  const worker = typeof navigator === 'undefined' ? undefined : navigator.serviceWorker;
  if (!worker || listenToWorker.done) return;
  listenToWorker.done = true;
  worker.addEventListener('message', (event: MessageEvent) => {
    const data = event.data as { type?: string; down?: unknown } | undefined;
    if (data?.type !== NETWORK_MESSAGE) return;
    workerSaysDown = data.down === true;
    notifyOnline();
  });
  worker.controller?.postMessage({ type: NETWORK_QUERY });
}
listenToWorker.done = false;

function subscribeOnline(listener: () => void) {
  listenToWorker();
  onlineListeners.add(listener);
  window.addEventListener('online', listener);
  window.addEventListener('offline', listener);
  return () => {
    onlineListeners.delete(listener);
    window.removeEventListener('online', listener);
    window.removeEventListener('offline', listener);
  };
}

const readOnline = () => navigator.onLine && !workerSaysDown;

/**
 * Whether the app has a network: the browser says so, and the service worker's last request
 * did not fail.
 */
export function useOnline(): boolean {
  return useSyncExternalStore(subscribeOnline, readOnline, () => true);
}

import { useSyncExternalStore } from 'react';
import styles from './notices.module.css';

/** How long a notice stays on screen. */
export const NOTICE_MS = 5000;

interface Notice {
  id: number;
  text: string;
}

// One notice at a time, for the whole app: a newer one replaces the one shown.
let current: Notice | null = null;
let sequence = 0;
let timer: ReturnType<typeof setTimeout> | undefined;
const listeners = new Set<() => void>();

function publish(next: Notice | null) {
  current = next;
  for (const listener of listeners) listener();
}

/**
 * Says briefly that something was done, at the bottom of the screen, also to screen readers.
 * For what outlives the control that did it (a muted member's card has left the feed).
 */
export function showNotice(text: string) {
  sequence += 1;
  publish({ id: sequence, text });
  clearTimeout(timer);
  timer = setTimeout(() => publish(null), NOTICE_MS);
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
    // With no place left to show it (logged out), the notice is forgotten, not shown later.
    if (listeners.size === 0) {
      clearTimeout(timer);
      current = null;
    }
  };
}

const read = () => current;

/**
 * Where notices show. The live region is always there, empty between notices, so a screen
 * reader announces each text as it arrives (a polite region, as role="status" is, without
 * the role: the pages' own status messages stay the only ones found by it).
 */
export function Notices() {
  const notice = useSyncExternalStore(subscribe, read, read);
  return (
    <div aria-live="polite" aria-atomic="true" className={styles.region}>
      {notice && (
        <p key={notice.id} className={styles.notice}>
          {notice.text}
        </p>
      )}
    </div>
  );
}

import { act } from '@testing-library/react';
import { vi } from 'vitest';

/**
 * A tall screen: every element the app observes is reported as intersecting at once (the feed's
 * next-page sentinel, the post cards the live connection watches).
 */
export function everythingInView() {
  vi.stubGlobal(
    'IntersectionObserver',
    class {
      constructor(private readonly report: IntersectionObserverCallback) {}
      observe(target: Element) {
        this.report(
          [{ isIntersecting: true, target } as IntersectionObserverEntry],
          this as unknown as IntersectionObserver,
        );
      }
      disconnect() {}
      unobserve() {}
      takeRecords() {
        return [];
      }
    },
  );
}

/**
 * A screen the member scrolls: nothing the app observes is in view until the test shows it
 * (`show`), as when the member scrolls down to it.
 */
export function scrollableView() {
  const observers = new Set<WatchingObserver>();
  class WatchingObserver {
    readonly targets = new Set<Element>();
    constructor(readonly report: IntersectionObserverCallback) {
      observers.add(this);
    }
    observe(target: Element) {
      this.targets.add(target);
    }
    unobserve(target: Element) {
      this.targets.delete(target);
    }
    disconnect() {
      this.targets.clear();
      observers.delete(this);
    }
    takeRecords() {
      return [];
    }
  }
  vi.stubGlobal('IntersectionObserver', WatchingObserver);
  return {
    /** Whether the app watches `target` coming into view. */
    watches: (target: Element) => [...observers].some((observer) => observer.targets.has(target)),
    /** `target` comes into view: each observer watching it is told so. */
    show(target: Element) {
      act(() => {
        for (const observer of [...observers]) {
          if (!observer.targets.has(target)) continue;
          observer.report(
            [{ isIntersecting: true, target } as IntersectionObserverEntry],
            observer as unknown as IntersectionObserver,
          );
        }
      });
    },
  };
}

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

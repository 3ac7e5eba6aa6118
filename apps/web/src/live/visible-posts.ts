import { LIVE_WATCHED_POSTS_MAX } from '@hearth/contract';

/** Cards come and go while the member scrolls: the set is sent once it settles. */
export const WATCH_DEBOUNCE_MS = 300;

/**
 * Which post cards are on screen, from one IntersectionObserver over all of them; `onChange`
 * gets the whole set (at most 200 ids, the first on screen first) once it stops changing.
 */
export class VisiblePosts {
  private readonly postIdOf = new Map<Element, string>();
  private readonly visible = new Set<Element>();
  private observer: IntersectionObserver | null = null;
  private timer: ReturnType<typeof setTimeout> | undefined;

  constructor(private readonly onChange: (postIds: string[]) => void) {}

  /** Starts watching a card; the function returned stops. */
  track(element: Element, postId: string): () => void {
    this.postIdOf.set(element, postId);
    const observer = this.ensureObserver();
    if (observer) observer.observe(element);
    // Without an observer (an old browser), every card shown counts as on screen.
    else this.visible.add(element);
    this.changed();
    return () => {
      this.observer?.unobserve(element);
      this.postIdOf.delete(element);
      this.visible.delete(element);
      this.changed();
    };
  }

  /** The posts on screen now, in page order, without repeats. */
  current(): string[] {
    const elements = [...this.visible].sort((a, b) =>
      a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1,
    );
    const ids = new Set<string>();
    for (const element of elements) {
      const id = this.postIdOf.get(element);
      if (id) ids.add(id);
      if (ids.size === LIVE_WATCHED_POSTS_MAX) break;
    }
    return [...ids];
  }

  dispose() {
    clearTimeout(this.timer);
    this.observer?.disconnect();
    this.observer = null;
    this.postIdOf.clear();
    this.visible.clear();
  }

  private ensureObserver(): IntersectionObserver | null {
    if (this.observer || typeof IntersectionObserver === 'undefined') return this.observer;
    this.observer = new IntersectionObserver((entries) => {
      for (const entry of entries) {
        if (!this.postIdOf.has(entry.target)) continue;
        if (entry.isIntersecting) this.visible.add(entry.target);
        else this.visible.delete(entry.target);
      }
      this.changed();
    });
    return this.observer;
  }

  private changed() {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.onChange(this.current()), WATCH_DEBOUNCE_MS);
  }
}

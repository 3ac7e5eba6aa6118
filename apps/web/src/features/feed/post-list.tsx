import type { Post } from '@hearth/contract';
import {
  type RefObject,
  startTransition,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { errorMessage } from '../../api/client';
import { useFeedQuery } from '../../api/posts';
import { useT } from '../../i18n';
import { serverUiMessages } from '../../i18n/server-ui.messages';
import { ErrorBox } from '../../ui/error-box';
import { Spinner } from '../../ui/spinner';
import { PostCard } from '../post/post-card';
import { feedMessages as m } from './feed.messages';
import styles from './post-list.module.css';

/** Extra skeleton height below the middle column (spec 'Post card'). */
const SKELETON_EXTRA_HEIGHT = 150;
/** Start loading the next page this far before the member reaches the end. */
const PREFETCH_MARGIN = '800px 0px';
/**
 * Cards drawn in the commit that replaces the skeleton: enough to fill a screen. The rest of the
 * first page follows in a transition, which React renders in slices, so a phone's main thread is
 * not blocked for the whole page of cards at once (about 0.8 s at 4× CPU throttling).
 */
export const FIRST_PAINT_CARDS = 3;

/** The home feed: a skeleton while it loads, then the cards, page after page on scroll. */
export function PostList({ columnRef }: { columnRef: RefObject<HTMLElement | null> }) {
  const t = useT();
  const feed = useFeedQuery();
  const posts = useMemo(() => {
    // A post may move to a later page while the member scrolls; show it once.
    const seen = new Set<string>();
    const list: Post[] = [];
    for (const page of feed.data?.pages ?? []) {
      for (const post of page.posts) {
        if (!seen.has(post._id)) {
          seen.add(post._id);
          list.push(post);
        }
      }
    }
    return list;
  }, [feed.data]);
  const [allShown, setAllShown] = useState(false);
  const staged = !allShown && posts.length > FIRST_PAINT_CARDS;
  useEffect(() => {
    if (staged) startTransition(() => setAllShown(true));
  }, [staged]);
  const shown = staged ? posts.slice(0, FIRST_PAINT_CARDS) : posts;

  if (feed.isPending) return <PostsSkeleton columnRef={columnRef} />;
  if (feed.isError && !feed.data) {
    return <ErrorBox message={errorMessage(feed.error)} onRetry={() => void feed.refetch()} />;
  }
  if (posts.length === 0) return <p className={styles.empty}>{t(serverUiMessages.noPosts)}</p>;

  return (
    <section className={styles.list} aria-label={t(m.posts)}>
      {shown.map((post, index) => (
        <PostCard key={post._id} post={post} first={index === 0} />
      ))}
      {feed.hasNextPage && !staged && (
        <NextPageTrigger
          busy={feed.isFetchingNextPage}
          failed={feed.isFetchNextPageError}
          onReach={() => void feed.fetchNextPage()}
        />
      )}
    </section>
  );
}

/** Where a list's end is watched: the next page loads as it nears the screen (also the profile's). */
export function NextPageTrigger({
  busy,
  failed,
  onReach,
}: {
  busy: boolean;
  failed: boolean;
  onReach: () => void;
}) {
  const t = useT();
  const ref = useRef<HTMLDivElement>(null);
  const [inView, setInView] = useState(false);
  const reach = useRef(onReach);
  useEffect(() => {
    reach.current = onReach;
  });

  useEffect(() => {
    const node = ref.current;
    if (!node || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => setInView(entries.some((entry) => entry.isIntersecting)),
      { rootMargin: PREFETCH_MARGIN },
    );
    observer.observe(node);
    return () => observer.disconnect();
  }, []);

  // Also after a page arrives (or a fetch was cancelled) while the end is still in view.
  useEffect(() => {
    if (inView && !busy && !failed) reach.current();
  }, [inView, busy, failed]);

  return (
    <div ref={ref} className={styles.trigger}>
      {busy && <Spinner label={t(m.loadingMore)} />}
      {failed && (
        <button type="button" className={styles.retry} onClick={onReach}>
          {t(m.loadMore)}
        </button>
      )}
    </div>
  );
}

function PostsSkeleton({ columnRef }: { columnRef: RefObject<HTMLElement | null> }) {
  const t = useT();
  const [height, setHeight] = useState<number | undefined>(undefined);
  useLayoutEffect(() => {
    const column = columnRef.current;
    if (column) setHeight(column.offsetHeight + SKELETON_EXTRA_HEIGHT);
  }, [columnRef]);
  return (
    <div
      className={styles.skeleton}
      style={height ? { height } : undefined}
      role="status"
      aria-label={t(m.loading)}
      aria-busy="true"
    >
      {[0, 1].map((key) => (
        <div key={key} className={styles.skeletonCard}>
          <div className={styles.skeletonHead}>
            <span className={styles.skeletonAvatar} />
            <span className={styles.skeletonLines}>
              <span className={styles.skeletonLine} />
              <span className={`${styles.skeletonLine} ${styles.short}`} />
            </span>
          </div>
          <span className={styles.skeletonBlock} />
        </div>
      ))}
    </div>
  );
}

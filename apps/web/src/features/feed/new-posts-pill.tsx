import { useFeedQuery, useReloadFeed } from '../../api/posts';
import { useT } from '../../i18n';
import { useNewPosts } from '../../live/live-provider';
import { feedMessages as m } from './feed.messages';
import styles from './new-posts-pill.module.css';

/**
 * 'New posts' (Facebook's pill): followed members posted since the feed loaded. A click reads
 * the feed's first page again and goes back to the top, where they now are.
 */
export function NewPostsPill() {
  const t = useT();
  const { postIds, clear } = useNewPosts();
  const feed = useFeedQuery();
  const reload = useReloadFeed();
  const unseen = postIds.some(
    (id) => !feed.data?.pages.some((page) => page.posts.some((post) => post._id === id)),
  );
  if (!unseen || !feed.data) return null;

  function showNewPosts() {
    clear();
    void reload();
    window.scrollTo({ top: 0, behavior: 'smooth' });
  }

  return (
    <button type="button" className={styles.pill} onClick={showNewPosts}>
      <svg viewBox="0 0 16 16" width={16} height={16} aria-hidden="true">
        <path d="M8 2.5 3 7.5l1.1 1.1L7.2 5.5V14h1.6V5.5l3.1 3.1L13 7.5z" fill="currentColor" />
      </svg>
      {t(m.newPosts)}
    </button>
  );
}

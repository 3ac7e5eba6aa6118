import type { UseInfiniteQueryResult } from '@tanstack/react-query';
import type { ReactNode, Ref } from 'react';
import { errorMessage } from '../../api/client';
import { type CursorPages, itemsOf } from '../../api/cursor-pages';
import { useT } from '../../i18n';
import { ErrorBox } from '../../ui/error-box';
import { Spinner } from '../../ui/spinner';
import { adminMessages as m } from './admin.messages';
import styles from './admin.module.css';

/**
 * A list of the moderation area read page by page (Members, Applications): a spinner while the
 * first page loads, the failure with Retry, the `empty` sentence, or the rows with Show more
 * while pages remain.
 */
export function PagedList<Item>({
  query,
  label,
  loading,
  empty,
  listRef,
  renderItem,
}: {
  query: UseInfiniteQueryResult<CursorPages<Item>>;
  /** The list's accessible name. */
  label: string;
  /** The spinner's words while the first page loads: 'Loading members'. */
  loading: string;
  empty: string;
  listRef?: Ref<HTMLUListElement>;
  /** The item's row: an `<li>` with its key. */
  renderItem: (item: Item, index: number) => ReactNode;
}) {
  const t = useT();
  if (query.isPending) {
    return (
      <div className={styles.loading}>
        <Spinner label={loading} />
      </div>
    );
  }
  if (query.isError) {
    return <ErrorBox message={errorMessage(query.error)} onRetry={() => void query.refetch()} />;
  }
  const items = itemsOf(query.data);
  if (items.length === 0) return <p className={styles.empty}>{empty}</p>;
  return (
    <>
      <ul ref={listRef} className={styles.list} aria-label={label}>
        {items.map((item, index) => renderItem(item, index))}
      </ul>
      {query.hasNextPage && (
        <button
          type="button"
          className={styles.more}
          disabled={query.isFetchingNextPage}
          onClick={() => void query.fetchNextPage()}
        >
          {query.isFetchingNextPage ? t(m.loadingMore) : t(m.showMore)}
        </button>
      )}
    </>
  );
}

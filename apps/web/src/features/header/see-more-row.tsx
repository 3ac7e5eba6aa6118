import { Spinner } from '../../ui/spinner';
import styles from './notifications.module.css';

/** A paged list's next page, as a header panel asks for it: 'See more', a spinner meanwhile. */
export function SeeMoreRow({
  list,
  label,
  loadingLabel,
}: {
  list: { hasNextPage: boolean; isFetchingNextPage: boolean; fetchNextPage: () => unknown };
  label: string;
  loadingLabel: string;
}) {
  if (!list.hasNextPage) return null;
  return (
    <div className={styles.more}>
      {list.isFetchingNextPage ? (
        <Spinner label={loadingLabel} size={20} />
      ) : (
        <button type="button" className={styles.seeMore} onClick={() => void list.fetchNextPage()}>
          {label}
        </button>
      )}
    </div>
  );
}

import type { Post } from '@hearth/contract';
import type { Ref } from 'react';
import { useT } from '../../i18n';
import { Spinner } from '../../ui/spinner';
import { CommentBox } from './comment-box';
import { CommentItem } from './comment-item';
import { commentsMessages as m } from './comments.messages';
import styles from './comments.module.css';
import { useCommentPaging } from './use-comment-paging';

export function CommentsSection({
  post,
  inputRef,
  expanded = false,
}: {
  post: Post;
  inputRef: Ref<HTMLTextAreaElement>;
  /** Every comment the post carries shown at first (its own page). */
  expanded?: boolean;
}) {
  const t = useT();
  const paging = useCommentPaging(post, expanded);
  return (
    <div className={styles.section}>
      <CommentBox postId={post._id} inputRef={inputRef} onPosted={paging.showOneMore} />
      {paging.shown.length > 0 && (
        <ul className={styles.list} aria-label={t(m.comments)}>
          {paging.shown.map((comment) => (
            <CommentItem key={comment._id} comment={comment} />
          ))}
        </ul>
      )}
      {paging.loading && (
        <div className={styles.loading}>
          <Spinner label={t(m.loading)} size={18} />
        </div>
      )}
      {paging.hasMore && (
        <button type="button" className={styles.viewMore} onClick={paging.showMore}>
          {t(m.viewMore)}
        </button>
      )}
    </div>
  );
}

import { UI_MESSAGES } from '@hearth/contract';
import { useCallback } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { errorMessage } from '../../api/client';
import { usePostQuery } from '../../api/posts';
import buttons from '../../ui/button.module.css';
import { ErrorBox } from '../../ui/error-box';
import { Spinner } from '../../ui/spinner';
import { PostCard } from './post-card';
import styles from './post-page.module.css';

/**
 * One post on its own page (/post/{postId}, where a notification leads): its card with the
 * comments expanded, in the feed's column; a missing or trashed post says so.
 */
export function PostPage() {
  const { postId = '' } = useParams();
  const navigate = useNavigate();
  const post = usePostQuery(postId);
  const goHome = useCallback(() => void navigate('/', { replace: true }), [navigate]);

  return (
    <div className={styles.page}>
      {post.isPending ? (
        <div className={styles.loading}>
          <Spinner label="Loading the post" />
        </div>
      ) : post.isError ? (
        <ErrorBox message={errorMessage(post.error)} onRetry={() => void post.refetch()} />
      ) : post.data ? (
        <>
          <h1 className="visually-hidden">
            Post by {post.data.user.first_name} {post.data.user.last_name}
          </h1>
          <PostCard key={post.data._id} post={post.data} first expanded onDeleted={goHome} />
        </>
      ) : (
        <section className={styles.unavailable} aria-labelledby="post-unavailable">
          <h1 id="post-unavailable" className={styles.title}>
            {UI_MESSAGES.postUnavailable}
          </h1>
          <p className={styles.detail}>{UI_MESSAGES.postUnavailableDetail}</p>
          <Link to="/" className={buttons.primary}>
            {UI_MESSAGES.postUnavailableHome}
          </Link>
        </section>
      )}
    </div>
  );
}

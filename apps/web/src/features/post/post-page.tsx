import { useCallback } from 'react';
import { errorMessage } from '../../api/client';
import { usePostQuery } from '../../api/posts';
import { useT } from '../../i18n';
import { serverUiMessages } from '../../i18n/server-ui.messages';
import { Link, useNavigate, useParams } from '../../routing/routing';
import buttons from '../../ui/button.module.css';
import { ErrorBox } from '../../ui/error-box';
import { Spinner } from '../../ui/spinner';
import { postMessages as m } from './post.messages';
import { PostCard } from './post-card';
import styles from './post-page.module.css';

/**
 * One post on its own page (/post/{postId}, where a notification leads): its card with the
 * comments expanded, in the feed's column; a missing or trashed post says so.
 */
export function PostPage() {
  const t = useT();
  const { postId = '' } = useParams();
  const navigate = useNavigate();
  const post = usePostQuery(postId);
  const goHome = useCallback(() => void navigate('/', { replace: true }), [navigate]);

  return (
    <div className={styles.page}>
      {post.isPending ? (
        <div className={styles.loading}>
          <Spinner label={t(m.loadingPost)} />
        </div>
      ) : post.isError ? (
        <ErrorBox message={errorMessage(post.error)} onRetry={() => void post.refetch()} />
      ) : post.data ? (
        <>
          <h1 className="visually-hidden">
            {t(m.postBy, { name: `${post.data.user.first_name} ${post.data.user.last_name}` })}
          </h1>
          <PostCard key={post.data._id} post={post.data} first expanded onDeleted={goHome} />
        </>
      ) : (
        <section className={styles.unavailable} aria-labelledby="post-unavailable">
          <h1 id="post-unavailable" className={styles.title}>
            {t(serverUiMessages.postUnavailable)}
          </h1>
          <p className={styles.detail}>{t(serverUiMessages.postUnavailableDetail)}</p>
          <Link to="/" className={buttons.primary}>
            {t(serverUiMessages.postUnavailableHome)}
          </Link>
        </section>
      )}
    </div>
  );
}

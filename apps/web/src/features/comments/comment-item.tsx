import type { Comment } from '@hearth/contract';
import { Suspense, useState } from 'react';
import { lazyTranslated, useT } from '../../i18n';
import { Link } from '../../routing/routing';
import { useSessionUser } from '../../session/session-context';
import { Avatar } from '../../ui/avatar';
import { cappedPictureAttributes } from '../../ui/picture';
import { RelativeTime } from '../../ui/relative-time';
import { commentsMessages as m } from './comments.messages';
import styles from './comments.module.css';

// Loaded once a member reports something, not with the feed.
const ReportDialog = lazyTranslated(() =>
  import('../moderation/report-dialog').then((m) => ({ default: m.ReportDialog })),
);

/** One comment: its author, text and photo, when it was written, and Report on others' ones. */
export function CommentItem({ comment }: { comment: Comment }) {
  const t = useT();
  const user = useSessionUser();
  const [reporting, setReporting] = useState(false);
  const author = comment.commentBy;
  const name = `${author.first_name} ${author.last_name}`;
  const profile = `/profile/${author.username}`;
  return (
    <li className={styles.comment}>
      <Link to={profile} className={styles.commentAvatar} tabIndex={-1} aria-hidden="true">
        <Avatar src={author.picture} size={32} />
      </Link>
      <div className={styles.commentBody}>
        <div className={styles.bubble}>
          <Link to={profile} className={styles.commentAuthor} dir="auto">
            {name}
          </Link>
          {comment.comment && (
            <p className={styles.commentText} dir="auto">
              {comment.comment}
            </p>
          )}
        </div>
        {comment.image && (
          <img
            className={styles.commentImage}
            // At most 240 px wide (comments.module.css): the 480 px variant is sharp at 2x.
            {...cappedPictureAttributes(comment.image, 480)}
            alt={t(m.fromComment, { name })}
            loading="lazy"
          />
        )}
        <div className={styles.commentFooter}>
          <RelativeTime iso={comment.commentAt} className={styles.commentTime} />
          {author._id !== user.id && (
            <button
              type="button"
              className={styles.commentAction}
              aria-label={t(m.reportCommentBy, { name })}
              aria-haspopup="dialog"
              onClick={() => setReporting(true)}
            >
              {t(m.report)}
            </button>
          )}
        </div>
      </div>
      {reporting && (
        <Suspense fallback={null}>
          <ReportDialog
            title={t(m.reportComment)}
            target={{ commentId: comment._id }}
            onClose={() => setReporting(false)}
          />
        </Suspense>
      )}
    </li>
  );
}

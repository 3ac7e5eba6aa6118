import type { Comment } from '@hearth/contract';
import { Link } from 'react-router';
import { Avatar } from '../../ui/avatar';
import { cappedPictureAttributes } from '../../ui/picture';
import { RelativeTime } from '../../ui/relative-time';
import styles from './comments.module.css';

export function CommentItem({ comment }: { comment: Comment }) {
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
          <Link to={profile} className={styles.commentAuthor}>
            {name}
          </Link>
          {comment.comment && <p className={styles.commentText}>{comment.comment}</p>}
        </div>
        {comment.image && (
          <img
            className={styles.commentImage}
            // At most 240 px wide (comments.module.css): the 480 px variant is sharp at 2x.
            {...cappedPictureAttributes(comment.image, 480)}
            alt={`From ${name}'s comment`}
            loading="lazy"
          />
        )}
        <RelativeTime iso={comment.commentAt} className={styles.commentTime} />
      </div>
    </li>
  );
}

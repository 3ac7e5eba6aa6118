import { type Post, PROFILE_PICTURE_SIZES, topReactions } from '@hearth/contract';
import { memo, type Ref, Suspense, useRef, useState } from 'react';
import { errorMessage } from '../../api/client';
import { useMuteMutation } from '../../api/muting';
import {
  useDeletePostMutation,
  usePostNotificationsMutation,
  useSavePostMutation,
} from '../../api/posts';
import { formatLocale, lazyTranslated, translate, useT } from '../../i18n';
import { useWatchedPost } from '../../live/live-provider';
import { Link } from '../../routing/routing';
import { useSessionUser } from '../../session/session-context';
import { AudienceIcon } from '../../ui/audience-icons';
import { Avatar } from '../../ui/avatar';
import { CommentIcon, ShareIcon } from '../../ui/feed-icons';
import { showNotice } from '../../ui/notices';
import { pictureAttributes, pictureBackground } from '../../ui/picture';
import { RelativeTime } from '../../ui/relative-time';
import { CommentsSection } from '../comments/comments-section';
import { LikeButton } from '../reactions/like-button';
import { REACTION_NAMES, ReactionIcon } from '../reactions/reaction-icon';
import { AUDIENCE_TEXTS, EditAudienceDialog } from './audience-choice';
import { downloadImages } from './download-images';
import { ImagesGrid } from './images-grid';
import { postMessages as m } from './post.messages';
import styles from './post-card.module.css';
import { PostMenu } from './post-menu';

// Loaded once a member edits a post or reads its history, not with the feed.
const CreatePostDialog = lazyTranslated(() =>
  import('./create-post-dialog').then((m) => ({ default: m.CreatePostDialog })),
);
const EditHistoryDialog = lazyTranslated(() =>
  import('./edit-history').then((m) => ({ default: m.EditHistoryDialog })),
);
const ReportDialog = lazyTranslated(() =>
  import('../moderation/report-dialog').then((m) => ({ default: m.ReportDialog })),
);

const TYPE_WORDING = {
  profilePicture: m.updatedProfilePicture,
  coverPicture: m.updatedCoverPhoto,
} as const;

const listFormats = new Map<string, Intl.ListFormat>();

/**
 * 'like, love': the reactions' names, listed as the member's language lists words. English by
 * hand, as `Intl.ListFormat('en', { type: 'unit', style: 'short' })` writes it: the first Intl
 * formatter a page makes loads the browser's locale data (some 60 ms on a desktop, four times
 * that on a phone) in the middle of the feed's first render (see ui/relative-time.tsx). Other
 * languages make theirs once.
 */
export function listReactions(names: readonly string[]): string {
  const locale = formatLocale();
  if (locale === 'en') return names.join(', ');
  let format = listFormats.get(locale);
  if (!format) {
    format = new Intl.ListFormat(locale, { type: 'unit', style: 'short' });
    listFormats.set(locale, format);
  }
  return format.format(names);
}

/**
 * One post of a list (spec 'Post card'): header, body, counts, actions, comments, menu. The
 * list's first card is `first`: its photos are likely the largest paint of the screen, so they
 * load at once and first instead of lazily. On the post's own page the comments are `expanded`
 * and `onDeleted` leaves the page once the post is in trash.
 */
export const PostCard = memo(function PostCard({
  post,
  first = false,
  expanded = false,
  onDeleted,
}: {
  post: Post;
  first?: boolean;
  expanded?: boolean;
  onDeleted?: () => void;
}) {
  const t = useT();
  const user = useSessionUser();
  const save = useSavePostMutation();
  const remove = useDeletePostMutation();
  const notifications = usePostNotificationsMutation();
  const mute = useMuteMutation();
  const [leaving, setLeaving] = useState(false);
  const [editingAudience, setEditingAudience] = useState(false);
  const [editing, setEditing] = useState(false);
  const [readingHistory, setReadingHistory] = useState(false);
  const [reporting, setReporting] = useState(false);
  const commentFieldRef = useRef<HTMLTextAreaElement>(null);
  const imagesRef = useRef<HTMLDivElement>(null);
  const watchRef = useWatchedPost(post._id);

  const author = post.user;
  const name = `${author.first_name} ${author.last_name}`;
  const profile = `/profile/${author.username}`;
  const { reactions } = post;
  const top = topReactions(reactions);
  const audienceName = t(AUDIENCE_TEXTS[post.audience].name);

  const owner = author._id === user.id;

  function onMute() {
    mute.mutate(author, {
      onSuccess: () => showNotice(translate(m.muted, { name: author.first_name })),
      onError: (failure) => showNotice(errorMessage(failure)),
    });
  }

  function onNotifications(on: boolean) {
    notifications.mutate(
      { postId: post._id, on },
      { onError: (failure) => showNotice(errorMessage(failure)) },
    );
  }

  function onDelete(closeMenu: () => void) {
    remove.mutate(post._id, {
      onSuccess: () => {
        closeMenu();
        if (onDeleted) onDeleted();
        else setLeaving(true);
      },
    });
  }

  return (
    <article
      ref={watchRef}
      aria-label={t(m.postBy, { name })}
      className={leaving ? `${styles.card} ${styles.leaving}` : styles.card}
    >
      <header className={styles.header}>
        <Link to={profile} tabIndex={-1} aria-hidden="true">
          <Avatar src={author.picture} size={40} />
        </Link>
        <div className={styles.meta}>
          <p className={styles.byline}>
            <Link to={profile} className={styles.author} dir="auto">
              {name}
            </Link>
            {post.type && <span className={styles.wording}> {t(TYPE_WORDING[post.type])}</span>}
          </p>
          <p className={styles.when}>
            <RelativeTime iso={post.createdAt} />
            <span aria-hidden="true"> · </span>
            <span
              role="img"
              className={styles.audience}
              title={audienceName}
              aria-label={t(m.sharedWith, { audience: audienceName })}
            >
              <AudienceIcon audience={post.audience} width={12} height={12} />
            </span>
            {post.editedAt && (
              <>
                <span aria-hidden="true"> · </span>
                <button
                  type="button"
                  className={styles.edited}
                  aria-haspopup="dialog"
                  title={t(m.seeEditHistory)}
                  onClick={() => setReadingHistory(true)}
                >
                  {t(m.edited)}
                </button>
              </>
            )}
          </p>
        </div>
        <PostMenu
          owner={owner}
          saved={reactions.checkSaved}
          hasImages={post.images.length > 0}
          onEdit={owner && post.type === null ? () => setEditing(true) : undefined}
          notificationsOn={reactions.notificationsOn}
          onNotifications={onNotifications}
          authorFirstName={author.first_name}
          onMute={onMute}
          onReport={() => setReporting(true)}
          onSave={() => save.mutate({ postId: post._id })}
          onDownload={() => void downloadImages(post.images)}
          onFullscreen={() => void imagesRef.current?.requestFullscreen?.()}
          onEditAudience={() => setEditingAudience(true)}
          onDelete={onDelete}
        />
      </header>
      {editingAudience && (
        <EditAudienceDialog
          postId={post._id}
          audience={post.audience}
          onClose={() => setEditingAudience(false)}
        />
      )}
      {(editing || readingHistory || reporting) && (
        <Suspense fallback={null}>
          {editing && <CreatePostDialog post={post} onClose={() => setEditing(false)} />}
          {readingHistory && (
            <EditHistoryDialog post={post} onClose={() => setReadingHistory(false)} />
          )}
          {reporting && (
            <ReportDialog
              title={t(m.reportPost)}
              target={{ postId: post._id }}
              onClose={() => setReporting(false)}
            />
          )}
        </Suspense>
      )}

      <PostBody post={post} author={name} imagesRef={imagesRef} eager={first} />

      <div className={styles.counts}>
        {reactions.total > 0 ? (
          <div
            className={styles.reactionCount}
            role="img"
            aria-label={t(m.reactionCount, {
              count: reactions.total,
              reactions: listReactions(top.map((react) => t(REACTION_NAMES[react]))),
            })}
          >
            <span className={styles.reactionIcons}>
              {top.map((react) => (
                <ReactionIcon key={react} react={react} size={18} />
              ))}
            </span>
            <span>{reactions.total}</span>
          </div>
        ) : (
          <span />
        )}
        <div className={styles.otherCounts}>
          <span>{t(m.commentCount, { count: post.commentCount })}</span>
          <span>{t(m.shareCount, { count: 1 })}</span>
        </div>
      </div>

      <div className={styles.actions}>
        <LikeButton postId={post._id} reactions={reactions} />
        <button
          type="button"
          className={styles.action}
          onClick={() => commentFieldRef.current?.focus()}
        >
          <CommentIcon />
          <span>{t(m.comment)}</span>
        </button>
        <button type="button" className={styles.action}>
          <ShareIcon />
          <span>{t(m.share)}</span>
        </button>
      </div>

      <CommentsSection post={post} inputRef={commentFieldRef} expanded={expanded} />
    </article>
  );
});

function PostBody({
  post,
  author,
  imagesRef,
  eager,
}: {
  post: Post;
  author: string;
  imagesRef: Ref<HTMLDivElement>;
  eager: boolean;
}) {
  const t = useT();
  if (post.background) {
    return (
      <div className={styles.background} style={{ backgroundImage: `url("${post.background}")` }}>
        <p className={styles.backgroundText} dir="auto">
          {post.text}
        </p>
      </div>
    );
  }
  const picture = post.type === 'profilePicture' ? post.images[0] : undefined;
  return (
    <>
      {post.text && (
        <p className={styles.text} dir="auto">
          {post.text}
        </p>
      )}
      {picture ? (
        <div
          ref={imagesRef}
          className={styles.profilePicture}
          style={
            post.user.cover ? { backgroundImage: pictureBackground(post.user.cover) } : undefined
          }
        >
          <img
            {...pictureAttributes(picture.url, PROFILE_PICTURE_SIZES)}
            alt={t(m.newProfileAvatar, { name: author })}
            loading={eager ? 'eager' : 'lazy'}
            fetchPriority={eager ? 'high' : undefined}
          />
        </div>
      ) : (
        <ImagesGrid ref={imagesRef} images={post.images} author={author} eager={eager} />
      )}
    </>
  );
}

import type { Post, PostEdits } from '@hearth/contract';
import { errorMessage } from '../../api/client';
import { usePostEditsQuery } from '../../api/posts';
import { useT } from '../../i18n';
import { Dialog, DialogBody } from '../../ui/dialog';
import { ErrorBox } from '../../ui/error-box';
import { pictureAttributes } from '../../ui/picture';
import { RelativeTime } from '../../ui/relative-time';
import { Spinner } from '../../ui/spinner';
import styles from './edit-history.module.css';
import { postMessages as m } from './post.messages';

/** What a version shows: the post now, or one of its earlier versions. */
type Version = Pick<PostEdits[number], 'text' | 'background' | 'images'>;

/** A thumbnail's width: a third of the dialog's, less its gaps. */
const THUMBNAIL_SIZES = '(max-width: 500px) 30vw, 150px';

/**
 * 'Edit history' (the card's 'Edited'): the post as it reads now on top, labelled as current,
 * then each earlier version, newest first, with the time it was written; the last is the post
 * as first shared.
 */
export function EditHistoryDialog({ post, onClose }: { post: Post; onClose: () => void }) {
  const t = useT();
  const edits = usePostEditsQuery(post._id);
  const author = `${post.user.first_name} ${post.user.last_name}`;
  return (
    <Dialog title={t(m.editHistory)} onClose={onClose} className={styles.dialog}>
      <DialogBody>
        <ol className={styles.versions} aria-label={t(m.versions)}>
          <VersionItem
            label={t(m.currentVersion)}
            current
            time={post.editedAt ?? post.createdAt}
            version={post}
            author={author}
          />
          {edits.data?.map((edit, index) => (
            <VersionItem
              key={edit._id}
              label={t(index === edits.data.length - 1 ? m.originalPost : m.earlierVersion)}
              time={edit.createdAt}
              version={edit}
              author={author}
            />
          ))}
        </ol>
        {edits.isPending && (
          <div className={styles.status}>
            <Spinner label={t(m.loadingVersions)} />
          </div>
        )}
        {edits.isError && (
          <ErrorBox message={errorMessage(edits.error)} onRetry={() => void edits.refetch()} />
        )}
      </DialogBody>
    </Dialog>
  );
}

function VersionItem({
  label,
  current = false,
  time,
  version,
  author,
}: {
  label: string;
  /** The post's author, for the photos' alternative text. */
  author: string;
  current?: boolean;
  /** When this version was written. */
  time: string;
  version: Version;
}) {
  return (
    <li className={styles.version}>
      <p className={styles.heading}>
        <span className={current ? styles.current : styles.label}>{label}</span>
        <RelativeTime iso={time} className={styles.time} />
      </p>
      <VersionContent version={version} author={author} />
    </li>
  );
}

function VersionContent({ version, author }: { version: Version; author: string }) {
  const t = useT();
  const { text, background, images } = version;
  if (background) {
    return (
      <div className={styles.background} style={{ backgroundImage: `url("${background}")` }}>
        <p className={styles.backgroundText} dir="auto">
          {text}
        </p>
      </div>
    );
  }
  return (
    <>
      {text && (
        <p className={styles.text} dir="auto">
          {text}
        </p>
      )}
      {images.length > 0 && (
        <ul className={styles.photos} aria-label={t(m.photos)}>
          {images.map((image, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: a version may carry the same image twice.
            <li key={`${image.url}-${index}`} className={styles.photo}>
              <img
                {...pictureAttributes(image.url, THUMBNAIL_SIZES)}
                alt={t(m.sharedBy, { name: author, position: index + 1, total: images.length })}
                loading="lazy"
              />
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

import { Suspense, useState } from 'react';
import { lazyTranslated, useT } from '../../i18n';
import { useSessionUser } from '../../session/session-context';
import { Avatar } from '../../ui/avatar';
import { FlagIcon, LiveVideoIcon, PhotoIcon, SmileIcon } from '../../ui/feed-icons';
import styles from './create-post-box.module.css';
import { postMessages as m } from './post.messages';

const loadDialog = () => import('./create-post-dialog');
// The dialog is only needed once the member starts a post.
const CreatePostDialog = lazyTranslated(() =>
  loadDialog().then((m) => ({ default: m.CreatePostDialog })),
);

/**
 * The post-creation prompt (spec section 1): the prompt and Photo/Video open the dialog; the
 * third action is Life Event on a profile page and Feeling/Activity elsewhere.
 */
export function CreatePostBox({ onProfile = false }: { onProfile?: boolean }) {
  const t = useT();
  const user = useSessionUser();
  const [open, setOpen] = useState<null | { photos: boolean }>(null);

  return (
    <section className={styles.box} aria-label={t(m.createAPost)}>
      <div className={styles.top}>
        <Avatar src={user.picture} size={40} />
        <button
          type="button"
          className={styles.prompt}
          onPointerEnter={() => void loadDialog()}
          onFocus={() => void loadDialog()}
          onClick={() => setOpen({ photos: false })}
        >
          {t(m.prompt, { name: user.first_name })}
        </button>
      </div>
      <div className={styles.actions}>
        <button type="button" className={styles.action}>
          <LiveVideoIcon className={styles.live} width={24} height={24} />
          <span>{t(m.liveVideo)}</span>
        </button>
        <button
          type="button"
          className={styles.action}
          onPointerEnter={() => void loadDialog()}
          onClick={() => setOpen({ photos: true })}
        >
          <PhotoIcon className={styles.photo} width={24} height={24} />
          <span>{t(m.photoVideo)}</span>
        </button>
        {onProfile ? (
          <button type="button" className={styles.action}>
            <FlagIcon className={styles.lifeEvent} width={24} height={24} />
            <span>{t(m.lifeEvent)}</span>
          </button>
        ) : (
          <button type="button" className={styles.action}>
            <SmileIcon className={styles.feeling} width={24} height={24} />
            <span>{t(m.feelingActivity)}</span>
          </button>
        )}
      </div>
      {open && (
        <Suspense fallback={null}>
          <CreatePostDialog showPhotos={open.photos} onClose={() => setOpen(null)} />
        </Suspense>
      )}
    </section>
  );
}

import { COVER_CROP_HEIGHT } from '@hearth/contract';
import { type ChangeEvent, Suspense, useRef, useState } from 'react';
import { errorMessage } from '../../api/client';
import { useImagesQuery, usePictureChangeMutation } from '../../api/profile';
import { lazyTranslated, useT } from '../../i18n';
import { Dialog, DialogBody } from '../../ui/dialog';
import { ErrorBox } from '../../ui/error-box';
import { CameraIcon, PhotoIcon } from '../../ui/feed-icons';
import { acceptAttribute, imageFileError } from '../../ui/image-files';
import { pictureAttributes } from '../../ui/picture';
import { UploadIcon } from '../../ui/profile-icons';
import { Spinner } from '../../ui/spinner';
import { MenuButton } from './menu-button';
import { profileMessages as m } from './profile.messages';
import styles from './profile-page.module.css';

/** The cover spans the profile's top band, at most 940 px (profile-page.module.css). */
const COVER_SIZES = '(max-width: 940px) 100vw, 940px';
/**
 * A photo of 'Select photo': cells of at least 120 px filling a dialog of min(720px, 100vw - 24px)
 * less 32 px of padding: one cell under 304 px, else never more than 184 px.
 */
const PICK_SIZES = '(max-width: 303px) calc(100vw - 56px), 184px';

const loadCrop = () => import('./cover-crop-dialog');
// The cropper (react-easy-crop) loads only when a crop dialog opens.
const CoverCropDialog = lazyTranslated(() =>
  loadCrop().then((m) => ({ default: m.CoverCropDialog })),
);

/** The cover: the image or a plain ground; the owner changes it from 'Edit cover photo'. */
export function ProfileCover({
  cover,
  username,
  own,
}: {
  cover: string;
  username: string;
  own: boolean;
}) {
  const t = useT();
  const coverRef = useRef<HTMLDivElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const [error, setError] = useState<string | null>(null);
  const [file, setFile] = useState<File | null>(null);
  const [aspect, setAspect] = useState(1);
  const [selecting, setSelecting] = useState(false);

  function onFile(event: ChangeEvent<HTMLInputElement>) {
    const chosen = event.target.files?.[0];
    event.target.value = '';
    if (!chosen) return;
    const problem = imageFileError(chosen, 'coverPictures');
    setError(problem);
    if (problem) return;
    // The crop has the cover's shape as shown: its width over 350 px.
    const width = coverRef.current?.clientWidth || 940;
    setAspect(width / COVER_CROP_HEIGHT);
    setFile(chosen);
  }

  return (
    <div ref={coverRef} className={styles.cover}>
      {cover ? (
        <img
          className={styles.coverImage}
          {...pictureAttributes(cover, COVER_SIZES)}
          alt={t(m.cover)}
        />
      ) : (
        <div className={styles.coverEmpty} />
      )}
      {own && (
        <div className={styles.coverEdit}>
          <input
            ref={inputRef}
            type="file"
            className="visually-hidden"
            tabIndex={-1}
            aria-label={t(m.uploadCover)}
            accept={acceptAttribute('coverPictures')}
            onChange={onFile}
          />
          <MenuButton
            label={t(m.editCover)}
            icon={<CameraIcon />}
            className={styles.coverButton}
            align="right"
            items={[
              {
                label: t(m.selectPhoto),
                icon: <PhotoIcon />,
                onSelect: () => setSelecting(true),
              },
              {
                label: t(m.uploadPhoto),
                icon: <UploadIcon />,
                onSelect: () => inputRef.current?.click(),
              },
            ]}
          />
        </div>
      )}
      {error && (
        <div className={styles.coverError}>
          <ErrorBox message={error} onRetry={() => setError(null)} />
        </div>
      )}
      {file && (
        <Suspense fallback={null}>
          <CoverCropDialog file={file} aspect={aspect} onClose={() => setFile(null)} />
        </Suspense>
      )}
      {selecting && <SelectPhotoDialog username={username} onClose={() => setSelecting(false)} />}
    </div>
  );
}

/** 'Select photo': one of the member's earlier images becomes the cover, as it is. */
function SelectPhotoDialog({ username, onClose }: { username: string; onClose: () => void }) {
  const t = useT();
  const images = useImagesQuery(username);
  const change = usePictureChangeMutation();
  const [error, setError] = useState<string | null>(null);

  function choose(url: string) {
    if (change.isPending) return;
    setError(null);
    change.mutate(
      { type: 'coverPicture', source: { url } },
      { onSuccess: onClose, onError: (failure) => setError(errorMessage(failure)) },
    );
  }

  const resources = images.data?.resources ?? [];
  return (
    <Dialog title={t(m.selectPhoto)} onClose={onClose} className={styles.selectDialog}>
      <DialogBody className={styles.dialogScroll}>
        {error && <ErrorBox message={error} onRetry={() => setError(null)} />}
        {images.isPending ? (
          <Spinner label={t(m.loadingPhotos)} />
        ) : images.isError ? (
          <ErrorBox message={errorMessage(images.error)} onRetry={() => void images.refetch()} />
        ) : resources.length === 0 ? (
          <p className={styles.muted}>{t(m.noPhotosUpload)}</p>
        ) : (
          <ul className={styles.pickGrid}>
            {resources.map((image, index) => (
              <li key={image.public_id}>
                <button
                  type="button"
                  className={styles.pick}
                  aria-label={t(m.photoNumber, { number: index + 1 })}
                  disabled={change.isPending}
                  onClick={() => choose(image.secure_url)}
                >
                  <img {...pictureAttributes(image.secure_url, PICK_SIZES)} alt="" loading="lazy" />
                </button>
              </li>
            ))}
          </ul>
        )}
        {change.isPending && <Spinner label={t(m.savingCover)} />}
      </DialogBody>
    </Dialog>
  );
}

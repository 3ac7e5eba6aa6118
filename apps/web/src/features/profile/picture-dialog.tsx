import { PICTURE_CROP_ASPECT, PICTURE_ZOOM } from '@hearth/contract';
import { type ChangeEvent, type FormEvent, useState } from 'react';
import Cropper from 'react-easy-crop';
import { useT } from '../../i18n';
import buttons from '../../ui/button.module.css';
import { Dialog, DialogBody, DialogFooter } from '../../ui/dialog';
import { ErrorBox } from '../../ui/error-box';
import { PlusIcon } from '../../ui/feed-icons';
import { acceptAttribute, imageFileError } from '../../ui/image-files';
import { MinusIcon, UploadIcon } from '../../ui/profile-icons';
import { useObjectUrl } from '../../ui/use-object-url';
import styles from './crop-dialogs.module.css';
import { profileMessages as m } from './profile.messages';
import { useCropUpload } from './use-crop-upload';

/** One zoom step, kept on the 0.2 grid (0.1 + 0.2 is not 0.3 in floating point). */
export function stepZoom(zoom: number, direction: 1 | -1): number {
  const next = Math.round((zoom + direction * PICTURE_ZOOM.step) * 10) / 10;
  return Math.min(PICTURE_ZOOM.max, Math.max(PICTURE_ZOOM.min, next));
}

/**
 * 'Update profile picture' (spec 'Profile editing flows'): choose, crop round with zoom 1 to 3,
 * an optional description, Save. react-easy-crop comes with this module, loaded on opening.
 */
export function PictureDialog({ onClose }: { onClose: () => void }) {
  const t = useT();
  const [file, setFile] = useState<File | null>(null);
  const image = useObjectUrl(file);
  const [text, setText] = useState('');
  const { cropperProps, zoom, setZoom, area, reset, error, setError, busy, save } = useCropUpload(
    'profilePicture',
    onClose,
    PICTURE_ZOOM,
  );

  function onFile(event: ChangeEvent<HTMLInputElement>) {
    const chosen = event.target.files?.[0];
    event.target.value = '';
    if (!chosen) return;
    const problem = imageFileError(chosen, 'profilePictures');
    setError(problem);
    if (problem) return;
    setFile(chosen);
    reset();
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    void save(image, text);
  }

  return (
    <Dialog
      title={t(m.updatePicture)}
      longTitle
      onClose={onClose}
      className={styles.dialog}
      form={{ onSubmit }}
    >
      <DialogBody>
        {error && <ErrorBox message={error} onRetry={() => setError(null)} />}
        <label className={`${buttons.secondary} ${styles.upload}`}>
          <UploadIcon />
          {t(m.uploadPhoto)}
          <input
            type="file"
            className="visually-hidden"
            accept={acceptAttribute('profilePictures')}
            onChange={onFile}
          />
        </label>
        {image && (
          <>
            <textarea
              className={styles.description}
              aria-label={t(m.description)}
              placeholder={t(m.description)}
              dir="auto"
              rows={2}
              value={text}
              onChange={(event) => setText(event.target.value)}
            />
            <div className={styles.cropper}>
              <Cropper
                image={image}
                {...cropperProps}
                aspect={PICTURE_CROP_ASPECT}
                cropShape="round"
                showGrid={false}
                minZoom={PICTURE_ZOOM.min}
                maxZoom={PICTURE_ZOOM.max}
              />
            </div>
            <div className={styles.zoom}>
              <button
                type="button"
                className={buttons.iconButton}
                aria-label={t(m.zoomOut)}
                disabled={zoom <= PICTURE_ZOOM.min}
                onClick={() => setZoom((was) => stepZoom(was, -1))}
              >
                <MinusIcon />
              </button>
              <input
                type="range"
                aria-label={t(m.zoom)}
                className={styles.slider}
                min={PICTURE_ZOOM.min}
                max={PICTURE_ZOOM.max}
                step={PICTURE_ZOOM.step}
                value={zoom}
                onChange={(event) => setZoom(Number(event.target.value))}
              />
              <button
                type="button"
                className={buttons.iconButton}
                aria-label={t(m.zoomIn)}
                disabled={zoom >= PICTURE_ZOOM.max}
                onClick={() => setZoom((was) => stepZoom(was, 1))}
              >
                <PlusIcon />
              </button>
            </div>
          </>
        )}
      </DialogBody>
      {image && (
        <DialogFooter>
          <button type="button" className={styles.cancel} onClick={onClose}>
            {t(m.cancel)}
          </button>
          <button type="submit" className={buttons.primary} disabled={!area || busy}>
            {busy ? t(m.saving) : t(m.save)}
          </button>
        </DialogFooter>
      )}
    </Dialog>
  );
}

import Cropper from 'react-easy-crop';
import { useT } from '../../i18n';
import buttons from '../../ui/button.module.css';
import { Dialog, DialogBody, DialogFooter } from '../../ui/dialog';
import { ErrorBox } from '../../ui/error-box';
import { useObjectUrl } from '../../ui/use-object-url';
import styles from './crop-dialogs.module.css';
import { profileMessages as m } from './profile.messages';
import { useCropUpload } from './use-crop-upload';

/**
 * 'Crop cover photo': the chosen file in the cover's own shape (its width over 350 px), then
 * 'Save changes' uploads the crop, sets it and announces it with a coverPicture post.
 */
export function CoverCropDialog({
  file,
  aspect,
  onClose,
}: {
  file: File;
  aspect: number;
  onClose: () => void;
}) {
  const t = useT();
  const image = useObjectUrl(file);
  const { cropperProps, area, error, setError, busy, save } = useCropUpload(
    'coverPicture',
    onClose,
  );

  return (
    <Dialog
      title={t(m.cropCover)}
      longTitle
      onClose={onClose}
      className={`${styles.dialog} ${styles.wide}`}
    >
      <DialogBody>
        {error && <ErrorBox message={error} onRetry={() => setError(null)} />}
        <div className={`${styles.cropper} ${styles.coverCropper}`}>
          {image && (
            <Cropper
              image={image}
              {...cropperProps}
              aspect={aspect}
              objectFit="horizontal-cover"
              showGrid={false}
            />
          )}
        </div>
        <p className={styles.hint}>{t(m.cropHint)}</p>
      </DialogBody>
      <DialogFooter>
        <button type="button" className={styles.cancel} onClick={onClose}>
          {t(m.cancel)}
        </button>
        <button
          type="button"
          className={buttons.primary}
          disabled={!area || busy}
          onClick={() => void save(image)}
        >
          {busy ? t(m.saving) : t(m.saveChanges)}
        </button>
      </DialogFooter>
    </Dialog>
  );
}

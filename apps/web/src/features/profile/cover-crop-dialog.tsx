import { useState } from 'react';
import Cropper, { type Area, type Point } from 'react-easy-crop';
import { errorMessage } from '../../api/client';
import { usePictureChangeMutation } from '../../api/profile';
import buttons from '../../ui/button.module.css';
import { Dialog, DialogBody, DialogFooter } from '../../ui/dialog';
import { ErrorBox } from '../../ui/error-box';
import { useObjectUrl } from '../../ui/use-object-url';
import styles from './crop-dialogs.module.css';
import { cropToJpeg } from './crop-image';

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
  const change = usePictureChangeMutation();
  const image = useObjectUrl(file);
  const [crop, setCrop] = useState<Point>({ x: 0, y: 0 });
  const [zoom, setZoom] = useState(1);
  const [area, setArea] = useState<Area | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [cropping, setCropping] = useState(false);
  const busy = cropping || change.isPending;

  async function save() {
    if (!image || !area || busy) return;
    setError(null);
    setCropping(true);
    let cropped: File;
    try {
      cropped = await cropToJpeg(image, area, 'cover.jpg');
    } catch (failure) {
      setError(errorMessage(failure));
      return;
    } finally {
      setCropping(false);
    }
    change.mutate(
      { type: 'coverPicture', source: { file: cropped } },
      { onSuccess: onClose, onError: (failure) => setError(errorMessage(failure)) },
    );
  }

  return (
    <Dialog
      title="Crop cover photo"
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
              crop={crop}
              zoom={zoom}
              aspect={aspect}
              objectFit="horizontal-cover"
              showGrid={false}
              onCropChange={setCrop}
              onZoomChange={setZoom}
              onCropComplete={(_area, pixels) => setArea(pixels)}
            />
          )}
        </div>
        <p className={styles.hint}>Drag to reposition, scroll or pinch to zoom.</p>
      </DialogBody>
      <DialogFooter>
        <button type="button" className={styles.cancel} onClick={onClose}>
          Cancel
        </button>
        <button
          type="button"
          className={buttons.primary}
          disabled={!area || busy}
          onClick={() => void save()}
        >
          {busy ? 'Saving…' : 'Save changes'}
        </button>
      </DialogFooter>
    </Dialog>
  );
}

import { useState } from 'react';
import type { Area, Point } from 'react-easy-crop';
import { errorMessage } from '../../api/client';
import { usePictureChangeMutation } from '../../api/profile';
import { cropToJpeg } from './crop-image';

type PictureType = 'profilePicture' | 'coverPicture';

/** The name the cropped JPEG is uploaded under. */
const FILE_NAMES: Record<PictureType, string> = {
  profilePicture: 'profile-picture.jpg',
  coverPicture: 'cover.jpg',
};

/**
 * A crop dialog's state and its Save: the crop and zoom the cropper shows, then the chosen part
 * cut to a JPEG on this device and uploaded as the member's new picture or cover. A failure of
 * either step lands in `error`; `onDone` closes the dialog after a success.
 */
export function useCropUpload(
  type: PictureType,
  onDone: () => void,
  /** Zoom limits the zoom is kept within, besides the cropper's own. */
  zoomLimits?: { min: number; max: number },
) {
  const change = usePictureChangeMutation();
  const [crop, setCrop] = useState<Point>({ x: 0, y: 0 });
  const [zoom, setZoom] = useState(1);
  const [area, setArea] = useState<Area | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [cropping, setCropping] = useState(false);
  const busy = cropping || change.isPending;

  /** Back to the whole image at zoom 1, for a newly chosen file. */
  function reset() {
    setZoom(1);
    setCrop({ x: 0, y: 0 });
    setArea(null);
  }

  async function save(image: string | null, text?: string) {
    if (!image || !area || busy) return;
    setError(null);
    setCropping(true);
    let cropped: File;
    try {
      cropped = await cropToJpeg(image, area, FILE_NAMES[type]);
    } catch (failure) {
      setError(errorMessage(failure));
      return;
    } finally {
      setCropping(false);
    }
    change.mutate(
      { type, source: { file: cropped }, text },
      { onSuccess: onDone, onError: (failure) => setError(errorMessage(failure)) },
    );
  }

  /** What the cropper shows and reports back, to spread onto react-easy-crop's Cropper. */
  const cropperProps = {
    crop,
    zoom,
    onCropChange: setCrop,
    onZoomChange: (next: number) =>
      setZoom(zoomLimits ? Math.min(zoomLimits.max, Math.max(zoomLimits.min, next)) : next),
    onCropComplete: (_area: Area, pixels: Area) => setArea(pixels),
  };

  return { cropperProps, zoom, setZoom, area, reset, error, setError, busy, save };
}

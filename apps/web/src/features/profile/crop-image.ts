import { IMAGE_MAX_SIDE } from '@hearth/contract';
import { translate } from '../../i18n';
import { profileMessages as m } from './profile.messages';

export interface PixelArea {
  x: number;
  y: number;
  width: number;
  height: number;
}

function loadImage(src: string): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const image = new Image();
    image.onload = () => resolve(image);
    image.onerror = () => reject(new Error(translate(m.imageUnreadable)));
    image.src = src;
  });
}

/**
 * The chosen part of an image as a JPEG file, cut in a canvas on this device (no original
 * leaves it). Scaled down to the server's longest side so nothing is uploaded in vain.
 */
export async function cropToJpeg(src: string, area: PixelArea, name: string): Promise<File> {
  const image = await loadImage(src);
  const scale = Math.min(1, IMAGE_MAX_SIDE / Math.max(area.width, area.height));
  const canvas = document.createElement('canvas');
  canvas.width = Math.max(1, Math.round(area.width * scale));
  canvas.height = Math.max(1, Math.round(area.height * scale));
  const context = canvas.getContext('2d');
  if (!context) throw new Error(translate(m.cannotCrop));
  // JPEG has no transparency; a white ground beats black behind a transparent PNG.
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, canvas.width, canvas.height);
  context.drawImage(
    image,
    area.x,
    area.y,
    area.width,
    area.height,
    0,
    0,
    canvas.width,
    canvas.height,
  );
  const blob = await new Promise<Blob | null>((resolve) =>
    canvas.toBlob(resolve, 'image/jpeg', 0.9),
  );
  if (!blob) throw new Error(translate(m.cropFailed));
  return new File([blob], name, { type: 'image/jpeg' });
}

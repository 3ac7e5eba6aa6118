import { DEFAULT_PICTURE } from '@hearth/contract';
import type { SyntheticEvent } from 'react';
import styles from './avatar.module.css';
import { pictureAttributes, replacePicture } from './picture';

interface AvatarProps {
  src: string | undefined;
  /** Empty when a name beside the picture already says who it is. */
  alt?: string;
  size?: number;
  className?: string;
}

/** Falls back to the default picture when a picture cannot be loaded. */
export function showDefaultPicture(event: SyntheticEvent<HTMLImageElement>) {
  const img = event.currentTarget;
  if (!img.src.endsWith(DEFAULT_PICTURE)) replacePicture(img, DEFAULT_PICTURE);
}

export function Avatar({ src, alt = '', size = 40, className }: AvatarProps) {
  const url = src || DEFAULT_PICTURE;
  return (
    <img
      className={className ? `${styles.avatar} ${className}` : styles.avatar}
      {...pictureAttributes(url, `${size}px`)}
      // The dark theme recolours the default picture (global.css); a picture that fails to load
      // and falls back to it is matched there by its src.
      data-default-picture={url.endsWith(DEFAULT_PICTURE) ? '' : undefined}
      alt={alt}
      width={size}
      height={size}
      onError={showDefaultPicture}
    />
  );
}

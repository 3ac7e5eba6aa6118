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
  return (
    <img
      className={className ? `${styles.avatar} ${className}` : styles.avatar}
      {...pictureAttributes(src || DEFAULT_PICTURE, `${size}px`)}
      alt={alt}
      width={size}
      height={size}
      onError={showDefaultPicture}
    />
  );
}

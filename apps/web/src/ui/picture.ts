import { type ImageVariantWidth, imageSrcSet, imageVariantUrl } from '@hearth/contract';
import type { SyntheticEvent } from 'react';

/** What an <img> of a member's picture carries so the browser loads a file of the slot's size. */
export interface PictureAttributes {
  src: string;
  srcSet?: string;
  sizes?: string;
  decoding: 'async';
}

/**
 * The attributes of an <img> that shows a member's picture in a slot whose width the page sets
 * (CSS or width/height), `sizes` saying how wide that slot renders at each layout. An upload gets
 * its variants as a srcset, so a 40 px avatar or a phone-wide card does not load the 2048 px
 * original; anything else (the default picture, the built-in backgrounds) is shown as it is.
 */
export function pictureAttributes(url: string, sizes: string): PictureAttributes {
  const srcSet = imageSrcSet(url);
  return srcSet ? { src: url, srcSet, sizes, decoding: 'async' } : { src: url, decoding: 'async' };
}

/**
 * The attributes of an <img> whose width comes from the file itself (only capped by CSS, as a
 * comment's image is at 240 px): a srcset would make its width the `sizes` value, which a small
 * original does not have, so it gets the one variant of the given width instead. A variant is never
 * wider than its original, so the image keeps the width it had; should the variant fail, the
 * original is loaded.
 */
export function cappedPictureAttributes(url: string, width: ImageVariantWidth) {
  return {
    src: imageVariantUrl(url, width) ?? url,
    decoding: 'async' as const,
    onError: (event: SyntheticEvent<HTMLImageElement>) => {
      const img = event.currentTarget;
      if (img.getAttribute('src') !== url) img.src = url;
    },
  };
}

/**
 * A CSS background of a member's picture in a box at most 590 px wide that the picture covers
 * (`background-size: cover` only takes its proportions): an upload's 1080 px variant on a 1x
 * screen, the original beyond, as before; anything else as it is.
 */
export function pictureBackground(url: string): string {
  const variant = imageVariantUrl(url, 1080);
  return variant ? `image-set(url("${variant}") 1x, url("${url}") 2x)` : `url("${url}")`;
}

/**
 * Shows another picture in an <img> (one that failed to load): the srcset goes too, or the browser
 * would keep choosing from it.
 */
export function replacePicture(img: HTMLImageElement, url: string) {
  img.removeAttribute('srcset');
  img.removeAttribute('sizes');
  img.src = url;
}

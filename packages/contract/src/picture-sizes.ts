import { POST_GRID_MAX_IMAGES } from './constants.js';
import { imageSrcSet } from './image-variants.js';
import type { Post } from './schemas/responses.js';

/*
 * How wide a post's pictures render, at each layout: what the web app's images grid and post card
 * give their <img> as `sizes`, and what the first card's picture is asked for ahead of the app (the
 * server's per-member home page preloads it; the web app's boot does when it fetched the page).
 * Shared so that the load started ahead is the very one the card then uses.
 */

export const GRID_LAYOUTS = ['one', 'two', 'three', 'four', 'five'] as const;

export type GridLayout = (typeof GRID_LAYOUTS)[number];

type Divisor = 1 | 1.5 | 2 | 3;

/**
 * The card's width over each cell's, by layout (images-grid.module.css): two side by side; a
 * large one beside two small ones (2fr 1fr); four in halves; two halves over three thirds.
 */
const CELL_DIVISORS: Record<GridLayout, readonly Divisor[]> = {
  one: [1],
  two: [2, 2],
  three: [1.5, 3, 3],
  four: [2, 2, 2, 2],
  five: [2, 2, 3, 3, 3],
};

/**
 * How wide cell `index` of `layout` renders: a card is the whole window wide on a phone and, up
 * to 900 px, never wider than the window (the feed's column and the profile's single column);
 * beyond, at most 590 px (the feed's column; the profile's posts column is narrower).
 */
export function cellSizes(layout: GridLayout, index: number): string {
  const divisor = CELL_DIVISORS[layout][index] ?? 1;
  const vw = Math.ceil((100 / divisor) * 10) / 10;
  return `(max-width: 900px) ${vw}vw, ${Math.ceil(590 / divisor)}px`;
}

/** The grid layout of a post with `count` pictures (at most POST_GRID_MAX_IMAGES are shown). */
export function gridLayoutOf(count: number): GridLayout {
  return GRID_LAYOUTS[Math.min(count, POST_GRID_MAX_IMAGES) - 1] ?? 'one';
}

/** The new profile picture of such a post: min(320px, 70%) of the card less its 32 px of padding. */
export const PROFILE_PICTURE_SIZES = '(max-width: 457px) 70vw, 320px';

/** A picture as an <img> asks for it: `srcSet` and `sizes` for an upload with variants. */
export interface PictureRequest {
  src: string;
  srcSet?: string;
  sizes?: string;
}

/** How an <img> in a slot whose width `sizes` describes asks for the picture at `url`. */
export function pictureRequest(url: string, sizes: string): PictureRequest {
  const srcSet = imageSrcSet(url);
  return srcSet ? { src: url, srcSet, sizes } : { src: url };
}

/**
 * The first picture the post's card shows, as its <img> asks for it; none for a post without
 * pictures.
 */
export function firstPictureOf(post: Pick<Post, 'images' | 'type'>): PictureRequest | undefined {
  const first = post.images[0];
  if (!first) return undefined;
  if (post.type === 'profilePicture') return pictureRequest(first.url, PROFILE_PICTURE_SIZES);
  return pictureRequest(first.url, cellSizes(gridLayoutOf(post.images.length), 0));
}

import type { Post } from '@hearth/contract';
import { type PictureAttributes, pictureAttributes } from '../../ui/picture';

/*
 * How wide a post's pictures render, at each layout: what images-grid.tsx and post-card.tsx give
 * their <img> as `sizes`, and what the home's boot asks the browser to load ahead for the feed's
 * first card (start-home-early.ts). A module without components or styles, so the boot loads no
 * more than this.
 */

export const GRID_LAYOUTS = ['one', 'two', 'three', 'four', 'five'] as const;

type Divisor = 1 | 1.5 | 2 | 3;

/**
 * The card's width over each cell's, by layout (images-grid.module.css): two side by side; a
 * large one beside two small ones (2fr 1fr); four in halves; two halves over three thirds.
 */
const CELL_DIVISORS: Record<(typeof GRID_LAYOUTS)[number], readonly Divisor[]> = {
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
export function cellSizes(layout: (typeof GRID_LAYOUTS)[number], index: number): string {
  const divisor = CELL_DIVISORS[layout][index] ?? 1;
  const vw = Math.ceil((100 / divisor) * 10) / 10;
  return `(max-width: 900px) ${vw}vw, ${Math.ceil(590 / divisor)}px`;
}

/** The new profile picture of such a post: min(320px, 70%) of the card less its 32 px of padding. */
export const PROFILE_PICTURE_SIZES = '(max-width: 457px) 70vw, 320px';

/**
 * The first picture the post's card shows, as its <img> asks for it (the same src, srcset and
 * sizes, so a load started ahead is the one the card uses); none for a post without pictures.
 */
export function firstPictureOf(post: Post, maxShown: number): PictureAttributes | undefined {
  const first = post.images[0];
  if (!first) return undefined;
  if (post.type === 'profilePicture') return pictureAttributes(first.url, PROFILE_PICTURE_SIZES);
  const layout = GRID_LAYOUTS[Math.min(post.images.length, maxShown) - 1] ?? 'one';
  return pictureAttributes(first.url, cellSizes(layout, 0));
}

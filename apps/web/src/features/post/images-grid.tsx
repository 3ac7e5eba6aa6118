import { POST_GRID_MAX_IMAGES } from '@hearth/contract';
import type { Ref } from 'react';
import { useT } from '../../i18n';
import { pictureAttributes } from '../../ui/picture';
import styles from './images-grid.module.css';
import { postMessages as m } from './post.messages';

const LAYOUTS = ['one', 'two', 'three', 'four', 'five'] as const;

type Divisor = 1 | 1.5 | 2 | 3;

/**
 * The card's width over each cell's, by layout (images-grid.module.css): two side by side; a
 * large one beside two small ones (2fr 1fr); four in halves; two halves over three thirds.
 */
const CELL_DIVISORS: Record<(typeof LAYOUTS)[number], readonly Divisor[]> = {
  one: [1],
  two: [2, 2],
  three: [1.5, 3, 3],
  four: [2, 2, 2, 2],
  five: [2, 2, 3, 3, 3],
};

/**
 * How wide a cell renders: a card is the whole window wide on a phone and, up to 900 px, never
 * wider than the window (the feed's column and the profile's single column); beyond, at most
 * 590 px (the feed's column; the profile's posts column is narrower).
 */
function cellSizes(divisor: Divisor): string {
  const vw = Math.ceil((100 / divisor) * 10) / 10;
  return `(max-width: 900px) ${vw}vw, ${Math.ceil(590 / divisor)}px`;
}

/**
 * A post's photos (spec 'Post card'): a layout each for 1, 2, 3, 4 and 5 or more images; at
 * most 5 are shown, and the fifth carries '+N' for the ones left out.
 */
export function ImagesGrid({
  images,
  author,
  eager = false,
  ref,
}: {
  images: readonly { url: string }[];
  /** Whose photos these are, for their alternative text. */
  author: string;
  /** The feed's first card: its photos load at once, the first one ahead of the others. */
  eager?: boolean;
  ref?: Ref<HTMLDivElement>;
}) {
  const t = useT();
  if (images.length === 0) return null;
  const shown = images.slice(0, POST_GRID_MAX_IMAGES);
  const hidden = images.length - shown.length;
  const layout = LAYOUTS[shown.length - 1]!;
  return (
    <div ref={ref} className={`${styles.grid} ${styles[layout]}`} data-layout={layout}>
      {shown.map((image, index) => {
        const last = index === shown.length - 1 && hidden > 0;
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: a post may carry the same image twice.
          <div key={`${image.url}-${index}`} className={styles.cell}>
            <img
              className={styles.image}
              {...pictureAttributes(image.url, cellSizes(CELL_DIVISORS[layout][index]!))}
              alt={t(m.sharedBy, { name: author, position: index + 1, total: images.length })}
              loading={eager ? 'eager' : 'lazy'}
              fetchPriority={eager && index === 0 ? 'high' : undefined}
            />
            {last && <span className={styles.more}>+{hidden}</span>}
          </div>
        );
      })}
    </div>
  );
}

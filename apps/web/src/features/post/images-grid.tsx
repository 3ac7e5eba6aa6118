import { POST_GRID_MAX_IMAGES } from '@hearth/contract';
import type { Ref } from 'react';
import styles from './images-grid.module.css';

const LAYOUTS = ['one', 'two', 'three', 'four', 'five'] as const;

/**
 * A post's photos (spec 'Post card'): a layout each for 1, 2, 3, 4 and 5 or more images; at
 * most 5 are shown, and the fifth carries '+N' for the ones left out.
 */
export function ImagesGrid({
  images,
  author,
  ref,
}: {
  images: readonly { url: string }[];
  /** Whose photos these are, for their alternative text. */
  author: string;
  ref?: Ref<HTMLDivElement>;
}) {
  if (images.length === 0) return null;
  const shown = images.slice(0, POST_GRID_MAX_IMAGES);
  const hidden = images.length - shown.length;
  const layout = LAYOUTS[shown.length - 1];
  return (
    <div ref={ref} className={`${styles.grid} ${styles[layout!]}`} data-layout={layout}>
      {shown.map((image, index) => {
        const last = index === shown.length - 1 && hidden > 0;
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: a post may carry the same image twice.
          <div key={`${image.url}-${index}`} className={styles.cell}>
            <img
              className={styles.image}
              src={image.url}
              alt={`Shared by ${author} (${index + 1} of ${images.length})`}
              loading="lazy"
              decoding="async"
            />
            {last && <span className={styles.more}>+{hidden}</span>}
          </div>
        );
      })}
    </div>
  );
}

import { cellSizes, gridLayoutOf, POST_GRID_MAX_IMAGES } from '@hearth/contract';
import type { Ref } from 'react';
import { useT } from '../../i18n';
import { pictureAttributes } from '../../ui/picture';
import styles from './images-grid.module.css';
import { postMessages as m } from './post.messages';

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
  const layout = gridLayoutOf(shown.length);
  return (
    <div ref={ref} className={`${styles.grid} ${styles[layout]}`} data-layout={layout}>
      {shown.map((image, index) => {
        const last = index === shown.length - 1 && hidden > 0;
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: a post may carry the same image twice.
          <div key={`${image.url}-${index}`} className={styles.cell}>
            <img
              className={styles.image}
              {...pictureAttributes(image.url, cellSizes(layout, index))}
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

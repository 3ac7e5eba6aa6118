import { type ImageListing, imageVariants } from '@hearth/contract';
import type { MediaRow } from '../../db/media.js';
import type { ImageUrls } from '../../infra/storage/image-urls.js';

/** The listing shape of spec section 3 (Cloudinary's field names, kept for the client). */
export function toImageListing(
  rows: MediaRow[],
  totalCount: number,
  nextCursor: string | undefined,
  imageUrls: ImageUrls,
): ImageListing {
  return {
    resources: rows.map((row) => {
      const url = imageUrls.url(row.storage_key);
      return {
        secure_url: url,
        public_id: `${row.folder}/${row.id}`,
        folder: row.folder,
        variants: imageVariants(url),
      };
    }),
    total_count: totalCount,
    ...(nextCursor ? { next_cursor: nextCursor } : {}),
  };
}

import { type ImageListing, imageVariants } from '@hearth/contract';
import type { ImageUrls } from '../../infra/storage/image-urls.js';
import type { ListedMedia } from './repo.js';

/**
 * The listing shape of spec section 3 (Cloudinary's field names, kept for the client); an upload
 * only some members may see is given its signed address (variants carry the same signature).
 */
export function toImageListing(
  rows: ListedMedia[],
  totalCount: number,
  nextCursor: string | undefined,
  imageUrls: ImageUrls,
): ImageListing {
  return {
    resources: rows.map((row) => {
      const url = imageUrls.url(row.storage_key, row.access === 'signed');
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

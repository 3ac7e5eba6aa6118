import { type ImageListing, imageVariants } from '@hearth/contract';
import type { MediaRow } from '../../db/media.js';

/** The listing shape of spec section 3 (Cloudinary's field names, kept for the client). */
export function toImageListing(
  rows: MediaRow[],
  totalCount: number,
  nextCursor: string | undefined,
): ImageListing {
  return {
    resources: rows.map((row) => ({
      secure_url: row.url,
      public_id: `${row.folder}/${row.id}`,
      folder: row.folder,
      variants: imageVariants(row.url),
    })),
    total_count: totalCount,
    ...(nextCursor ? { next_cursor: nextCursor } : {}),
  };
}

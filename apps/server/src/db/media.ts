import type { ColumnType, Insertable, Selectable } from 'kysely';

export const MEDIA = 'media';

/**
 * One uploaded image, re-encoded and stored. Posts, comments and pictures refer to it by its
 * storage key; answers build its address (infra/storage/image-urls.ts).
 */
export interface MediaTable {
  id: string;
  owner_id: string;
  /** The upload path it went to, e.g. `ada/post_images` or `ada/post_images/{postId}`. */
  folder: string;
  /** Where the storage keeps the bytes; includes the id, so a key is never reused. */
  storage_key: string;
  content_type: string;
  width: number;
  height: number;
  bytes: number;
  /**
   * 1 once its right-sized variants are stored (every upload since migration 0006), or once the
   * image-variants job found nothing to make them from; 0 until then.
   */
  variants_ready: ColumnType<number, number | undefined, number>;
  created_at: string;
}

export type MediaRow = Selectable<MediaTable>;
export type NewMedia = Insertable<MediaTable>;

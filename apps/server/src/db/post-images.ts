import type { Insertable, Selectable } from 'kysely';

export const POST_IMAGES = 'post_images';

export interface PostImagesTable {
  post_id: string;
  /** 0-based order in which the author attached the images. */
  position: number;
  /** The upload's storage key (its address is built for each answer). */
  storage_key: string;
}

export type PostImageRow = Selectable<PostImagesTable>;
export type NewPostImage = Insertable<PostImagesTable>;

import type { Insertable, Selectable } from 'kysely';

export const POST_IMAGES = 'post_images';

export interface PostImagesTable {
  post_id: string;
  /** 0-based order in which the author attached the images. */
  position: number;
  url: string;
}

export type PostImageRow = Selectable<PostImagesTable>;
export type NewPostImage = Insertable<PostImagesTable>;

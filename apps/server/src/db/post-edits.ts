import type { Insertable, Selectable } from 'kysely';

export const POST_EDITS = 'post_edits';

/**
 * An earlier version of a post (API.md, Who sees what): what it showed from `created_at` until
 * its author edited it. Shown to whoever sees the post; removed with it when it is purged.
 */
export interface PostEditsTable {
  id: string;
  post_id: string;
  text: string | null;
  background: string | null;
  /** When this version was posted: the post's own time for the first, an edit's for the others. */
  created_at: string;
}

export type PostEditRow = Selectable<PostEditsTable>;
export type NewPostEdit = Insertable<PostEditsTable>;

/** An earlier version's photo; its upload stays referenced (media/references.ts). */
export interface PostEditImagesTable {
  edit_id: string;
  post_id: string;
  /** 0-based order, as on the version. */
  position: number;
  storage_key: string;
}

export type PostEditImageRow = Selectable<PostEditImagesTable>;
export type NewPostEditImage = Insertable<PostEditImagesTable>;

import { insertRows } from '../../db/batches.js';
import type { Db } from '../../db/database.js';
import type { NewPostEdit, PostEditRow } from '../../db/post-edits.js';

// A post's earlier versions (API.md, Who sees what): written by an edit, read by its history.

/** An earlier version of a post with the storage keys of its photos, in order. */
export interface PostEditWithImages extends PostEditRow {
  imageKeys: string[];
}

/** Keeps the version an edit replaces, with its photos' keys in their order, in `trx`. */
export async function insertPostEdit(
  trx: Db,
  edit: NewPostEdit,
  imageKeys: readonly string[],
): Promise<void> {
  await insertRows(trx, 'post_edits', [edit]);
  await insertRows(
    trx,
    'post_edit_images',
    imageKeys.map((storage_key, position) => ({
      edit_id: edit.id,
      post_id: edit.post_id,
      position,
      storage_key,
    })),
  );
}

/**
 * Every earlier version of the post, newest first (ids are time-ordered, and the edits of one
 * post are written one after the other), with their photos: two statements, by the
 * (post_id, id) and post_id indexes. The caller has checked the viewer may see the post.
 */
export async function postEditsOf(db: Db, postId: string): Promise<PostEditWithImages[]> {
  const [edits, images] = await Promise.all([
    db
      .selectFrom('post_edits')
      .selectAll()
      .where('post_id', '=', postId)
      .orderBy('id', 'desc')
      .execute(),
    db
      .selectFrom('post_edit_images')
      .select(['edit_id', 'storage_key'])
      .where('post_id', '=', postId)
      .orderBy('edit_id')
      .orderBy('position')
      .execute(),
  ]);
  const keys = new Map<string, string[]>();
  for (const image of images) {
    const list = keys.get(image.edit_id);
    if (list) list.push(image.storage_key);
    else keys.set(image.edit_id, [image.storage_key]);
  }
  return edits.map((edit) => ({ ...edit, imageKeys: keys.get(edit.id) ?? [] }));
}

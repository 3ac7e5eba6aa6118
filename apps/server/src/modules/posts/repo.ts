import type { NewComment } from '../../db/comments.js';
import type { Db } from '../../db/database.js';
import type { NewPostImage } from '../../db/post-images.js';
import type { NewPost, PostRow } from '../../db/posts.js';

/** A post with the author columns its card needs, from one join. */
export type PostCardRow = Omit<PostRow, 'deleted_at'> & {
  author_username: string;
  author_first_name: string;
  author_last_name: string;
  author_picture: string;
  author_cover: string;
  author_gender: string;
};

const CARD_COLUMNS = [
  'p.id',
  'p.user_id',
  'p.type',
  'p.text',
  'p.background',
  'p.created_at',
  'u.username as author_username',
  'u.first_name as author_first_name',
  'u.last_name as author_last_name',
  'u.picture as author_picture',
  'u.cover as author_cover',
  'u.gender as author_gender',
] as const;

export async function insertPost(db: Db, post: NewPost, images: NewPostImage[]): Promise<void> {
  await db.insertInto('posts').values(post).execute();
  if (images.length > 0) await db.insertInto('post_images').values(images).execute();
}

/** The post unless it is missing or in trash. */
export function findLivePost(db: Db, postId: string): Promise<PostRow | undefined> {
  return db
    .selectFrom('posts')
    .selectAll()
    .where('id', '=', postId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
}

/**
 * One page of the home feed, newest first: the viewer's own posts and those of members the
 * viewer follows, older than the cursor (a post id; ids are time-ordered).
 */
export function feedPage(
  db: Db,
  viewerId: string,
  options: { limit: number; cursor: string | undefined },
): Promise<PostCardRow[]> {
  let query = db
    .selectFrom('posts as p')
    .innerJoin('users as u', 'u.id', 'p.user_id')
    .select(CARD_COLUMNS)
    .where('p.deleted_at', 'is', null)
    .where((eb) =>
      eb.or([
        eb('p.user_id', '=', viewerId),
        eb(
          'p.user_id',
          'in',
          eb.selectFrom('follows').select('followee_id').where('follower_id', '=', viewerId),
        ),
      ]),
    );
  if (options.cursor !== undefined) query = query.where('p.id', '<', options.cursor);
  return query.orderBy('p.id', 'desc').limit(options.limit).execute();
}

/** One page of a member's own live posts (their profile), newest first, older than the cursor. */
export function authorPage(
  db: Db,
  authorId: string,
  options: { limit: number; cursor: string | undefined },
): Promise<PostCardRow[]> {
  let query = db
    .selectFrom('posts as p')
    .innerJoin('users as u', 'u.id', 'p.user_id')
    .select(CARD_COLUMNS)
    .where('p.user_id', '=', authorId)
    .where('p.deleted_at', 'is', null);
  if (options.cursor !== undefined) query = query.where('p.id', '<', options.cursor);
  return query.orderBy('p.id', 'desc').limit(options.limit).execute();
}

/** Moves a live post to trash; false when it was not live (already trashed or gone). */
export async function trashPost(db: Db, postId: string, nowIso: string): Promise<boolean> {
  const result = await db
    .updateTable('posts')
    .set({ deleted_at: nowIso })
    .where('id', '=', postId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Adds the post to the member's saved items; false when it was already there. */
export async function insertSavedIfAbsent(
  db: Db,
  userId: string,
  postId: string,
  nowIso: string,
): Promise<boolean> {
  const result = await db
    .insertInto('saved_posts')
    .values({ user_id: userId, post_id: postId, created_at: nowIso })
    .onConflict((oc) => oc.columns(['user_id', 'post_id']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0n) === 1;
}

export async function deleteSaved(db: Db, userId: string, postId: string): Promise<void> {
  await db
    .deleteFrom('saved_posts')
    .where('user_id', '=', userId)
    .where('post_id', '=', postId)
    .execute();
}

/** Ids of posts in trash since before the cutoff, oldest first. */
export async function trashedBefore(db: Db, cutoffIso: string, limit: number): Promise<string[]> {
  const rows = await db
    .selectFrom('posts')
    .select('id')
    .where('deleted_at', 'is not', null)
    .where('deleted_at', '<=', cutoffIso)
    .orderBy('deleted_at')
    .limit(limit)
    .execute();
  return rows.map((r) => r.id);
}

/** Image urls shown by these posts and by their comments. */
export async function imageUrlsOfPosts(db: Db, postIds: string[]): Promise<string[]> {
  if (postIds.length === 0) return [];
  const images = await db
    .selectFrom('post_images')
    .select('url')
    .where('post_id', 'in', postIds)
    .union(
      db
        .selectFrom('comments')
        .select('image as url')
        .where('post_id', 'in', postIds)
        .where('image', '!=', ''),
    )
    .execute();
  return images.map((r) => r.url);
}

/**
 * Deletes posts still in trash since before the cutoff (their images, comments, reactions and
 * saves go with them); answers the ids actually deleted, so a concurrent purge counts nothing twice.
 */
export async function purgeTrashedPosts(
  db: Db,
  postIds: string[],
  cutoffIso: string,
): Promise<string[]> {
  if (postIds.length === 0) return [];
  const rows = await db
    .deleteFrom('posts')
    .where('id', 'in', postIds)
    .where('deleted_at', 'is not', null)
    .where('deleted_at', '<=', cutoffIso)
    .returning('id')
    .execute();
  return rows.map((r) => r.id);
}

export async function insertComment(db: Db, comment: NewComment): Promise<void> {
  await db.insertInto('comments').values(comment).execute();
}

/** Ids of every post (live or in trash) by these authors. */
export async function postIdsByAuthors(db: Db, authorIds: string[]): Promise<string[]> {
  if (authorIds.length === 0) return [];
  const rows = await db
    .selectFrom('posts')
    .select('id')
    .where('user_id', 'in', authorIds)
    .execute();
  return rows.map((r) => r.id);
}

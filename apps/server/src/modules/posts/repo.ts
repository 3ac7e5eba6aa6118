import { type Compilable, type RawBuilder, type SelectQueryBuilder, sql } from 'kysely';
import { insertRows } from '../../db/batches.js';
import type { CommentRow, NewComment } from '../../db/comments.js';
import { type Database, type Db, engineOf } from '../../db/database.js';
import type { NewPostImage } from '../../db/post-images.js';
import type { NewPost, PostRow } from '../../db/posts.js';
import { QueryTemplate } from '../../db/query-templates.js';
import {
  liveComment,
  livePost,
  notSuspended,
  notSuspendedId,
  type Viewer,
  visibleCommentAuthor,
  visibleFollowedPost,
  visiblePost,
} from '../access/visibility.js';

/** A post with the author columns its card needs, from one join, and its comment count. */
export type PostCardRow = Omit<PostRow, 'deleted_at' | 'removed_at'> & {
  author_username: string;
  author_first_name: string;
  author_last_name: string;
  author_picture: string;
  author_cover: string;
  author_gender: string;
  /**
   * All comments of the post but those a moderator removed; a number or a numeric string,
   * depending on the engine.
   */
  comment_count: number | string | bigint | null;
};

const CARD_COLUMNS = [
  'p.id',
  'p.user_id',
  'p.type',
  'p.text',
  'p.background',
  'p.created_at',
  'p.audience',
  'p.edited_at',
  'u.username as author_username',
  'u.first_name as author_first_name',
  'u.last_name as author_last_name',
  'u.picture as author_picture',
  'u.cover as author_cover',
  'u.gender as author_gender',
] as const;

/**
 * The page's posts with their authors and comment counts, newest first. With `viewer`, the count
 * leaves out comments the viewer may not see (a card built for one viewer, never kept).
 */
function cardsOf(
  db: Db,
  ids: SelectQueryBuilder<Database, 'posts', { id: string }> | readonly string[],
  viewer?: Viewer,
) {
  return db
    .selectFrom('posts as p')
    .innerJoin('users as u', 'u.id', 'p.user_id')
    .select(CARD_COLUMNS)
    .select((eb) => {
      let count = eb
        .selectFrom('comments as c')
        .select(eb.fn.countAll().as('n'))
        .whereRef('c.post_id', '=', 'p.id')
        .where(liveComment('c'));
      if (viewer) count = count.where(visibleCommentAuthor(viewer, 'c'));
      return count.as('comment_count');
    })
    .where('p.id', 'in', ids)
    .orderBy('p.id', 'desc');
}

export function insertPost(db: Db, post: NewPost, images: NewPostImage[]): Promise<void> {
  return insertPosts(db, [post], images);
}

/** Many posts and their images at once (the demo and benchmark seed). */
export async function insertPosts(
  db: Db,
  posts: readonly NewPost[],
  images: readonly NewPostImage[],
): Promise<void> {
  await insertRows(db, 'posts', posts);
  await insertRows(db, 'post_images', images);
}

/** The post unless it is missing or the viewer may not see it (access/visibility.ts). */
export function findVisiblePost(
  db: Db,
  viewer: Viewer,
  postId: string,
): Promise<PostRow | undefined> {
  return db
    .selectFrom('posts as p')
    .selectAll('p')
    .where('p.id', '=', postId)
    .where(visiblePost(viewer, 'p'))
    .executeTakeFirst();
}

/**
 * The comment, with its post's author and audience, unless it is missing, removed, or the viewer
 * may not see it: its post is visible to them (access/visibility.ts) and its author is not
 * blocked either way.
 */
export function findVisibleComment(
  db: Db,
  viewer: Viewer,
  commentId: string,
): Promise<VisibleCommentRow | undefined> {
  return db
    .selectFrom('comments as c')
    .innerJoin('posts as p', 'p.id', 'c.post_id')
    .selectAll('c')
    .select(['p.user_id as post_author_id', 'p.audience as post_audience'])
    .where('c.id', '=', commentId)
    .where(liveComment('c'))
    .where(visiblePost(viewer, 'p'))
    .where(visibleCommentAuthor(viewer, 'c'))
    .executeTakeFirst();
}

/** A comment as findVisibleComment reads it. */
export type VisibleCommentRow = CommentRow & { post_author_id: string; post_audience: string };

/**
 * A moderator removes the live post (API.md, Hosts in charge): `removed_at` says so, and it goes
 * to trash as well, so every read path hides it as it hides trash, its author's included, and
 * the purge takes it later. Undefined when it is not live (missing, trashed, already removed).
 */
export function removeLivePost(
  db: Db,
  postId: string,
  nowIso: string,
): Promise<Pick<PostRow, 'id' | 'user_id'> | undefined> {
  return db
    .updateTable('posts')
    .set({ removed_at: nowIso, deleted_at: nowIso })
    .where('id', '=', postId)
    .where(livePost('posts'))
    .returning(['id', 'user_id'])
    .executeTakeFirst();
}

/**
 * A moderator removes the comment: hidden on every read path, left out of every count. Undefined
 * when it is not live (missing, already removed, or its post is gone).
 */
export function removeLiveComment(
  db: Db,
  commentId: string,
  nowIso: string,
): Promise<Pick<CommentRow, 'id' | 'post_id' | 'user_id'> | undefined> {
  return db
    .updateTable('comments')
    .set({ removed_at: nowIso })
    .where('id', '=', commentId)
    .where(liveComment('comments'))
    .where(({ exists, selectFrom }) =>
      exists(
        selectFrom('posts as p')
          .select('p.id')
          .whereRef('p.id', '=', 'comments.post_id')
          .where(livePost('p')),
      ),
    )
    .returning(['id', 'post_id', 'user_id'])
    .executeTakeFirst();
}

/**
 * The posts with the columns their cards need (their authors, comment counts), by id; with
 * `viewer`, counting only the comments that viewer may see.
 */
export function cardRowsOf(db: Db, postIds: string[], viewer?: Viewer): Promise<PostCardRow[]> {
  if (postIds.length === 0) return Promise.resolve([]);
  return cardsOf(db, postIds, viewer).execute();
}

/** Sets who may see the author's live post; false when it is not (any more) a live post of theirs. */
export async function updateAudience(
  db: Db,
  postId: string,
  authorId: string,
  audience: string,
): Promise<boolean> {
  const result = await db
    .updateTable('posts')
    .set({ audience })
    .where('id', '=', postId)
    .where('user_id', '=', authorId)
    .where(livePost('posts'))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * The author's live post, held until the transaction `trx` ends (a row lock on PostgreSQL; SQLite
 * runs one write at a time), so two edits at once each keep the version the other replaced;
 * undefined when it is not (any more) a live post of theirs.
 */
export function lockLivePostOf(
  trx: Db,
  postId: string,
  authorId: string,
): Promise<PostRow | undefined> {
  let query = trx
    .selectFrom('posts')
    .selectAll()
    .where('id', '=', postId)
    .where('user_id', '=', authorId)
    .where(livePost('posts'));
  if (engineOf(trx) === 'postgres') query = query.forUpdate();
  return query.executeTakeFirst();
}

/** The storage keys of one post's photos, in order. */
export async function imageKeysOfPost(db: Db, postId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('post_images')
    .select('storage_key')
    .where('post_id', '=', postId)
    .orderBy('position')
    .execute();
  return rows.map((row) => row.storage_key);
}

/** What a post shows now, in `trx`: its text, background and photos, and when that was set. */
export async function replacePostContent(
  trx: Db,
  postId: string,
  content: { text: string | null; background: string | null; editedAt: string },
  imageKeys: readonly string[],
): Promise<void> {
  await trx
    .updateTable('posts')
    .set({ text: content.text, background: content.background, edited_at: content.editedAt })
    .where('id', '=', postId)
    .execute();
  await trx.deleteFrom('post_images').where('post_id', '=', postId).execute();
  await insertRows(
    trx,
    'post_images',
    imageKeys.map((storage_key, position) => ({ post_id: postId, position, storage_key })),
  );
}

/**
 * Of these posts, those holding a comment by a member blocked by or blocking the viewer: their
 * shared cards would show it, so they are built for the viewer instead.
 */
export async function postsWithHiddenComments(
  db: Db,
  viewer: Viewer,
  postIds: string[],
): Promise<Set<string>> {
  if (postIds.length === 0 || !viewer.hasBlocks) return new Set();
  const rows = await db
    .selectFrom('comments as c')
    .select('c.post_id')
    .distinct()
    .where('c.post_id', 'in', postIds)
    .where(({ not }) => not(visibleCommentAuthor(viewer, 'c')))
    .execute();
  return new Set(rows.map((row) => row.post_id));
}

/**
 * One page of the home feed's post ids, newest first: the viewer's own posts and those of
 * members the viewer follows that the rule lets them see, older than the cursor (a post id; ids
 * are time-ordered), read from the (user_id, deleted_at, id, audience) index, one range per
 * author; whether the viewer is an author's friend comes with the author (`follows.friend`), not
 * from a probe per friends-only post. For a viewer with blocks, each id says in the same statement whether the post holds a
 * comment hidden from them (its card is then built for them alone), so a page's statements stay
 * the same in number. The cards come from the card cache, or are read for the ids it lacks.
 */
export async function feedPostIds(
  db: Db,
  viewer: Viewer,
  options: { limit: number; cursor: string | undefined },
): Promise<FeedIdRow[]> {
  const { limit, cursor } = options;
  const shape = { hasBlocks: viewer.hasBlocks, cursor: cursor !== undefined, authors: false };
  const params: FeedIdParams =
    cursor === undefined ? { viewerId: viewer.id, limit } : { viewerId: viewer.id, limit, cursor };
  const rows = await feedIds.run(db, params, shape);
  return rows.map((row) => ({ id: row.id, hidden: Boolean(Number(row.hidden ?? 0)) }));
}

/**
 * The first page's ids of a viewer without blocks, as `feedPostIds` reads them, and in the same
 * statement every member they follow (muted and suspended ones too), and the viewer: the authors
 * whose posts make the page, so a kept page can be dropped when one of them posts
 * (feed-head-cache.ts). Undefined authors when the page is empty (nothing to keep).
 */
export async function feedHeadIds(
  db: Db,
  viewer: Viewer,
  limit: number,
): Promise<{ ids: string[]; authors: string[] | undefined }> {
  if (viewer.hasBlocks) throw new Error('a viewer with blocks has no shared feed head');
  const shape = { hasBlocks: false, cursor: false, authors: true };
  const rows = await feedIds.run(db, { viewerId: viewer.id, limit }, shape);
  const followed = rows[0]?.authors;
  if (followed === undefined) return { ids: [], authors: undefined };
  const authors = followed === null || followed === '' ? [] : followed.split(',');
  authors.push(viewer.id);
  return { ids: rows.map((row) => row.id), authors };
}

type FeedIdParams = { viewerId: string; limit: number; cursor?: string };

/** feedPostIds's statement, compiled once per shape (db/query-templates.ts). */
const feedIds = new QueryTemplate(
  (
    db,
    p: FeedIdParams,
    shape: { hasBlocks: boolean; cursor: boolean; authors: boolean },
  ): Compilable<{ id: string; hidden?: number; authors?: string | null }> => {
    const viewer: Viewer = { id: p.viewerId, hasBlocks: shape.hasBlocks };
    // The viewer's followees but those the viewer muted, and the viewer, each with whether they
    // are the viewer's friend; none suspended (the live-post rule's author half, tested once per
    // author here rather than once per candidate post: about 51 probes instead of 1 260). The
    // mutes are read once per statement (an uncorrelated list): one index probe for a viewer who
    // mutes no one.
    const authors = db
      .selectFrom('follows')
      .select(['followee_id as id', 'friend'])
      .where('follower_id', '=', viewer.id)
      .where(
        'followee_id',
        'not in',
        db.selectFrom('mutes').select('muted_id').where('muter_id', '=', viewer.id),
      )
      .where(notSuspended('follows.followee_id'))
      .unionAll(
        db
          .selectNoFrom([
            sql<string>`cast(${viewer.id} as text)`.as('id'),
            sql<number>`1`.as('friend'),
          ])
          .where(notSuspendedId(viewer.id)),
      );
    let newest = db
      .selectFrom(authors.as('a'))
      .innerJoin('posts as p', 'p.user_id', 'a.id')
      .select('p.id')
      .where(visibleFollowedPost(viewer, 'p', 'a.friend'));
    if (shape.cursor) newest = newest.where('p.id', '<', p.cursor as string);
    const page = newest.orderBy('p.id', 'desc').limit(p.limit);
    // A column computed on the page's rows only, once the page is materialized (so the engine
    // cannot fold it back into one select, where it would run on, or be carried through the sort
    // by, every candidate row: about 1 260 on the bench's medium network).
    const withColumn = <C extends string, T>(column: RawBuilder<T>, name: C) =>
      db
        .with(
          (cte) => cte('page').materialized(),
          () => page,
        )
        .selectFrom('page')
        .select(['page.id', column.as(name)])
        .orderBy('page.id', 'desc');
    if (shape.authors) {
      // Uncorrelated, so each engine reads it once per statement (one range of the follows'
      // primary key). In the page's own select it rode through the sort with every candidate
      // (0.42 against 0.24 ms without it; 0.27 ms this way).
      const list =
        engineOf(db) === 'sqlite'
          ? sql`group_concat(f.followee_id, ',')`
          : sql`string_agg(f.followee_id, ',')`;
      return withColumn(
        sql<string | null>`(select ${list} from follows as f where f.follower_id = ${viewer.id})`,
        'authors',
      );
    }
    if (!viewer.hasBlocks) return page;
    // The hidden-comment test: in the page's own select it ran on every candidate (4.0 ms
    // against 1.5 ms this way).
    return withColumn(
      sql<number>`exists (select 1 from comments as c
        where c.post_id = page.id and not ${visibleCommentAuthor(viewer, 'c')})`,
      'hidden',
    );
  },
  (shape) => `${shape.hasBlocks}|${shape.cursor}|${shape.authors}`,
);

/** A feed page's post id, and whether the post holds a comment hidden from the viewer. */
export interface FeedIdRow {
  id: string;
  hidden: boolean;
}

/**
 * One page of a member's posts that the viewer may see (their profile), newest first, older than
 * the cursor, counting only the comments the viewer may see.
 */
export function authorPage(
  db: Db,
  viewer: Viewer,
  authorId: string,
  options: { limit: number; cursor: string | undefined },
): Promise<PostCardRow[]> {
  let newest = db
    .selectFrom('posts as p')
    .select('p.id')
    .where('p.user_id', '=', authorId)
    .where(visiblePost(viewer, 'p'));
  if (options.cursor !== undefined) newest = newest.where('p.id', '<', options.cursor);
  return cardsOf(
    db,
    newest.orderBy('p.id', 'desc').limit(options.limit) as unknown as SelectQueryBuilder<
      Database,
      'posts',
      { id: string }
    >,
    viewer,
  ).execute();
}

/** Moves a live post to trash; false when it was not live (already trashed or gone). */
export async function trashPost(db: Db, postId: string, nowIso: string): Promise<boolean> {
  const result = await db
    .updateTable('posts')
    .set({ deleted_at: nowIso })
    .where('id', '=', postId)
    .where(livePost('posts'))
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

/** Storage keys of the images shown by these posts, their earlier versions and their comments. */
export async function imageKeysOfPosts(db: Db, postIds: string[]): Promise<string[]> {
  if (postIds.length === 0) return [];
  const images = await db
    .selectFrom('post_images')
    .select('storage_key')
    .where('post_id', 'in', postIds)
    .union(db.selectFrom('post_edit_images').select('storage_key').where('post_id', 'in', postIds))
    .union(
      db
        .selectFrom('comments')
        .select('image as storage_key')
        .where('post_id', 'in', postIds)
        .where('image', '!=', ''),
    )
    .execute();
  return images.map((r) => r.storage_key);
}

/**
 * Deletes posts still in trash since before the cutoff (their images, earlier versions, comments,
 * reactions and saves go with them); answers the ids actually deleted, so a concurrent purge counts nothing twice.
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

export function insertComment(db: Db, comment: NewComment): Promise<void> {
  return insertComments(db, [comment]);
}

export async function insertComments(db: Db, comments: readonly NewComment[]): Promise<void> {
  await insertRows(db, 'comments', comments);
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

/** Posts these members commented on (their cards change when the comments go). */
export async function postsCommentedBy(db: Db, userIds: string[]): Promise<string[]> {
  if (userIds.length === 0) return [];
  const rows = await db
    .selectFrom('comments')
    .select('post_id')
    .distinct()
    .where('user_id', 'in', userIds)
    .execute();
  return rows.map((r) => r.post_id);
}

/** The newest live posts' ids, older than the cursor (the card cache's warm-up). */
export async function newestLivePostIds(
  db: Db,
  limit: number,
  cursor: string | undefined,
): Promise<string[]> {
  let query = db.selectFrom('posts').select('id').where(livePost('posts'));
  if (cursor !== undefined) query = query.where('id', '<', cursor);
  const rows = await query.orderBy('id', 'desc').limit(limit).execute();
  return rows.map((row) => row.id);
}

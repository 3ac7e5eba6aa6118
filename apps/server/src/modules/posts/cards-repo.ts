import type { Db } from '../../db/database.js';

// The feed's batch queries: each takes every post of a page at once, so a page costs the same
// number of queries whatever its size.

export interface CommentCardRow {
  id: string;
  post_id: string;
  comment: string;
  image: string;
  created_at: string;
  user_id: string;
  username: string;
  first_name: string;
  last_name: string;
  picture: string;
}

export interface RankedCommentRow extends CommentCardRow {
  /** All comments of the post, not only the ones returned. */
  total: number | string;
}

export interface ReactionCountRow {
  post_id: string;
  react: string;
  count: number | string | bigint;
  /** 1 when the viewer's reaction is this one. */
  mine: number | string;
}

const COMMENT_COLUMNS = [
  'c.id',
  'c.post_id',
  'c.comment',
  'c.image',
  'c.created_at',
  'c.user_id',
  'u.username',
  'u.first_name',
  'u.last_name',
  'u.picture',
] as const;

/** Image urls of each post, in the order the author attached them. */
export async function imagesOf(db: Db, postIds: string[]): Promise<Map<string, string[]>> {
  const byPost = new Map<string, string[]>();
  if (postIds.length === 0) return byPost;
  const rows = await db
    .selectFrom('post_images')
    .select(['post_id', 'url'])
    .where('post_id', 'in', postIds)
    .orderBy('post_id')
    .orderBy('position')
    .execute();
  for (const row of rows) {
    const list = byPost.get(row.post_id);
    if (list) list.push(row.url);
    else byPost.set(row.post_id, [row.url]);
  }
  return byPost;
}

/**
 * The newest `perPost` comments of each post (newest first) with each post's comment count,
 * in one query: ROW_NUMBER and COUNT over a window partitioned by post (SQLite and PostgreSQL).
 */
export async function newestCommentsOf(
  db: Db,
  postIds: string[],
  perPost: number,
): Promise<RankedCommentRow[]> {
  if (postIds.length === 0) return [];
  const ranked = db
    .selectFrom('comments as c')
    .innerJoin('users as u', 'u.id', 'c.user_id')
    .select(COMMENT_COLUMNS)
    .select((eb) => [
      eb.fn
        .agg<number>('row_number')
        .over((ob) => ob.partitionBy('c.post_id').orderBy('c.id', 'desc'))
        .as('rank'),
      eb.fn
        .countAll<number>()
        .over((ob) => ob.partitionBy('c.post_id'))
        .as('total'),
    ])
    .where('c.post_id', 'in', postIds);
  return db
    .selectFrom(ranked.as('r'))
    .selectAll()
    .where('r.rank', '<=', perPost)
    .orderBy('r.post_id')
    .orderBy('r.id', 'desc')
    .execute();
}

/** One post's comments newest first, older than the cursor (a comment id). */
export function commentsPage(
  db: Db,
  postId: string,
  options: { limit: number; cursor: string | undefined },
): Promise<CommentCardRow[]> {
  let query = db
    .selectFrom('comments as c')
    .innerJoin('users as u', 'u.id', 'c.user_id')
    .select(COMMENT_COLUMNS)
    .where('c.post_id', '=', postId);
  if (options.cursor !== undefined) query = query.where('c.id', '<', options.cursor);
  return query.orderBy('c.id', 'desc').limit(options.limit).execute();
}

/** Reaction counts by post and name, with which one (if any) is the viewer's. */
export function reactionCountsOf(
  db: Db,
  postIds: string[],
  viewerId: string,
): Promise<ReactionCountRow[]> {
  if (postIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('reactions')
    .select(['post_id', 'react'])
    .select((eb) => [
      eb.fn.countAll().as('count'),
      eb.fn.max(eb.case().when('user_id', '=', viewerId).then(1).else(0).end()).as('mine'),
    ])
    .where('post_id', 'in', postIds)
    .groupBy(['post_id', 'react'])
    .execute();
}

/** Which of these posts the viewer saved. */
export async function savedAmong(
  db: Db,
  viewerId: string,
  postIds: string[],
): Promise<Set<string>> {
  if (postIds.length === 0) return new Set();
  const rows = await db
    .selectFrom('saved_posts')
    .select('post_id')
    .where('user_id', '=', viewerId)
    .where('post_id', 'in', postIds)
    .execute();
  return new Set(rows.map((r) => r.post_id));
}

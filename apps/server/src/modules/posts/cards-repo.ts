import { sql } from 'kysely';
import { type Db, engineOf } from '../../db/database.js';
import { QueryTemplate } from '../../db/query-templates.js';
import {
  liveComment,
  noBlockWith,
  type Viewer,
  visibleCommentAuthor,
} from '../access/visibility.js';

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

export interface CardStateRow {
  post_id: string;
  react: string;
  count: number | string | bigint;
  /**
   * 0: `count` members gave this reaction; 1: the viewer's own reaction; 2: the viewer saved the
   * post (`count` and `react` are then meaningless); 3: the viewer's switch for the post's
   * notifications, `count` its `notify` (0 off, 1 on; no row: the default, present.ts).
   */
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

/** Storage keys of each post's images, in the order the author attached them. */
export async function imagesOf(db: Db, postIds: string[]): Promise<Map<string, string[]>> {
  const byPost = new Map<string, string[]>();
  if (postIds.length === 0) return byPost;
  const rows = await db
    .selectFrom('post_images')
    .select(['post_id', 'storage_key'])
    .where('post_id', 'in', postIds)
    .orderBy('post_id')
    .orderBy('position')
    .execute();
  for (const row of rows) {
    const list = byPost.get(row.post_id);
    if (list) list.push(row.storage_key);
    else byPost.set(row.post_id, [row.storage_key]);
  }
  return byPost;
}

/**
 * The newest `perPost` comments of each post (those a moderator removed left out), by post then
 * newest first, in one query: each post's newest comments are read from the (post_id, id) index,
 * then only those are joined with their authors. A post with thousands of comments costs no more.
 */
export async function newestCommentsOf(
  db: Db,
  postIds: string[],
  perPost: number,
  viewer?: Viewer,
): Promise<CommentCardRow[]> {
  if (postIds.length === 0) return [];
  const rows =
    engineOf(db) === 'postgres'
      ? await newestCommentsLateral(db, postIds, perPost, viewer)
      : await newestCommentsUnion(db, postIds, perPost, viewer);
  // Sorted here, not by the database: a few hundred rows at most, and no temporary B-tree.
  return rows.sort((a, b) =>
    a.post_id === b.post_id ? (a.id < b.id ? 1 : -1) : a.post_id < b.post_id ? -1 : 1,
  );
}

/** PostgreSQL: one small plan whatever the page size (twenty union branches took 2 ms to plan). */
async function newestCommentsLateral(
  db: Db,
  postIds: string[],
  perPost: number,
  viewer: Viewer | undefined,
): Promise<CommentCardRow[]> {
  const shown = viewer ? noBlockWith(viewer, 'cc.user_id') : sql`true`;
  const { rows } = await sql<CommentCardRow>`
    select c.id, c.post_id, c.comment, c.image, c.created_at, c.user_id,
      u.username, u.first_name, u.last_name, u.picture
    from unnest(cast(${postIds} as text[])) as p(id)
    cross join lateral (
      select id, post_id, comment, image, created_at, user_id from comments as cc
      where post_id = p.id and ${liveComment('cc')} and ${shown}
      order by id desc limit ${perPost}
    ) as c
    inner join users as u on u.id = c.user_id
  `.execute(db);
  return rows;
}

/** SQLite (no LATERAL): one branch per post, united. */
async function newestCommentsUnion(
  db: Db,
  postIds: string[],
  perPost: number,
  viewer: Viewer | undefined,
): Promise<CommentCardRow[]> {
  const branches = postIds.map((postId, index) =>
    db
      .selectFrom((eb) => {
        let newest = eb
          .selectFrom('comments as cc')
          .select(['id', 'post_id', 'comment', 'image', 'created_at', 'user_id'])
          .where('post_id', '=', postId)
          .where(liveComment('cc'));
        if (viewer) newest = newest.where(noBlockWith(viewer, 'cc.user_id'));
        return (
          newest
            .orderBy('id', 'desc')
            // A literal: SQLite plans a bound LIMIT in twenty branches measurably worse.
            .limit(sql.lit(Math.trunc(perPost)))
            .as(`newest${index}`)
        );
      })
      .selectAll(),
  );
  const [first, ...rest] = branches;
  if (!first) return [];
  const newest = rest.reduce((all, branch) => all.unionAll(branch), first);
  return db
    .selectFrom(newest.as('c'))
    .innerJoin('users as u', 'u.id', 'c.user_id')
    .select(COMMENT_COLUMNS)
    .execute();
}

/**
 * One post's comments the viewer may see, newest first, older than the cursor (a comment id).
 * The caller has checked the viewer may see the post.
 */
export function commentsPage(
  db: Db,
  viewer: Viewer,
  postId: string,
  options: { limit: number; cursor: string | undefined },
): Promise<CommentCardRow[]> {
  let query = db
    .selectFrom('comments as c')
    .innerJoin('users as u', 'u.id', 'c.user_id')
    .select(COMMENT_COLUMNS)
    .where('c.post_id', '=', postId)
    .where(liveComment('c'))
    .where(visibleCommentAuthor(viewer, 'c'));
  if (options.cursor !== undefined) query = query.where('c.id', '<', options.cursor);
  return query.orderBy('c.id', 'desc').limit(options.limit).execute();
}

/**
 * What the cards of `postIds` show the viewer, in one query: the viewer's own reaction to each
 * (rows with `mine` 1, from the primary key), the posts the viewer saved (`mine` 2) and the
 * viewer's switches for their notifications (`mine` 3, from the primary key); with
 * `countIds`, also those posts' reaction counts by name (`mine` 0, from the kept counts), for
 * the cards the card cache lacks.
 */
export function cardStateOf(
  db: Db,
  viewerId: string,
  postIds: string[],
  countIds: string[],
): Promise<CardStateRow[]> {
  if (postIds.length === 0) return Promise.resolve([]);
  return cardState.run(db, { viewerId, postIds, countIds }, undefined);
}

/**
 * cardStateOf's statement, compiled once per number of ids (db/query-templates.ts); a list's
 * length is part of a template's key, so the builder may read it.
 */
const cardState = new QueryTemplate(
  (db, p: { viewerId: string; postIds: string[]; countIds: string[] }) => {
    const state = db
      .selectFrom('reactions')
      .select(['post_id', 'react', sql<number>`0`.as('count'), sql<number>`1`.as('mine')])
      .where('user_id', '=', p.viewerId)
      .where('post_id', 'in', p.postIds)
      .unionAll(
        db
          .selectFrom('saved_posts')
          .select([
            'post_id',
            sql<string>`''`.as('react'),
            sql<number>`0`.as('count'),
            sql<number>`2`.as('mine'),
          ])
          .where('user_id', '=', p.viewerId)
          .where('post_id', 'in', p.postIds),
      )
      .unionAll(
        db
          .selectFrom('post_notification_settings')
          .select([
            'post_id',
            sql<string>`''`.as('react'),
            'notify as count',
            sql<number>`3`.as('mine'),
          ])
          .where('user_id', '=', p.viewerId)
          .where('post_id', 'in', p.postIds),
      );
    if (p.countIds.length === 0) return state;
    return state.unionAll(
      db
        .selectFrom('reaction_counts')
        .select(['post_id', 'react', 'count', sql<number>`0`.as('mine')])
        .where('post_id', 'in', p.countIds),
    );
  },
);

/** How many comments the post shows (a comment's live update carries it). */
export async function commentCountOf(db: Db, postId: string): Promise<number> {
  const row = await db
    .selectFrom('comments')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('post_id', '=', postId)
    .where(liveComment('comments'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

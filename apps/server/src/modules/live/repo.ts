import type { Db } from '../../db/database.js';
import { authorSuspended, type PostFacts, type Viewer, visiblePost } from '../access/visibility.js';

/** A connected member who follows a new post's author, with what the rule needs to decide. */
export interface FollowerFacts {
  memberId: string;
  post: PostFacts;
  /** Whether the member and the author are friends (read for a friends-only post only). */
  friends: boolean;
}

/**
 * Which of these members follow the author of `postId`, each with the post's facts and their
 * friendship with the author, for the visibility rule to decide who is told of the post. One
 * statement: a `follows` primary-key probe per candidate, a `mutes` one (a muter is left out)
 * and, for a friends-only post, one `friendships` probe each, so the cost follows the connected
 * members, not the followers.
 */
export async function followersAmong(
  db: Db,
  postId: string,
  authorId: string,
  memberIds: readonly string[],
): Promise<FollowerFacts[]> {
  if (memberIds.length === 0) return [];
  const rows = await db
    .selectFrom('follows as f')
    .innerJoin('posts as p', (join) =>
      join.on('p.id', '=', postId).onRef('p.user_id', '=', 'f.followee_id'),
    )
    .leftJoin('friendships as fr', (join) =>
      join.on((eb) =>
        eb.and([
          eb('p.audience', '=', 'friends'),
          eb('fr.status', '=', 'friends'),
          eb.or([
            eb.and([
              eb('fr.low_id', '=', eb.ref('f.follower_id')),
              eb('fr.high_id', '=', eb.ref('f.followee_id')),
            ]),
            eb.and([
              eb('fr.low_id', '=', eb.ref('f.followee_id')),
              eb('fr.high_id', '=', eb.ref('f.follower_id')),
            ]),
          ]),
        ]),
      ),
    )
    .select(['f.follower_id', 'p.user_id', 'p.audience', 'p.deleted_at', 'fr.status'])
    .select(authorSuspended('p.user_id').as('author_suspended'))
    .where('f.followee_id', '=', authorId)
    .where('f.follower_id', 'in', memberIds)
    // A follower who muted the author is not told of the post (it stays out of their feed).
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('mutes as m')
            .select('m.muter_id')
            .whereRef('m.muter_id', '=', 'f.follower_id')
            .whereRef('m.muted_id', '=', 'f.followee_id'),
        ),
      ),
    )
    .execute();
  return rows.map((row) => ({
    memberId: row.follower_id,
    post: {
      user_id: row.user_id,
      audience: row.audience,
      deleted_at: row.deleted_at,
      author_suspended: Boolean(Number(row.author_suspended)),
    },
    friends: row.status === 'friends',
  }));
}

/**
 * A watched post's facts and which of these watchers are its author's friends (read for a
 * friends-only post only), in one statement; undefined when the post no longer exists.
 * `watcherIds` must not be empty.
 */
export async function postFactsFor(
  db: Db,
  postId: string,
  watcherIds: readonly string[],
): Promise<{ post: PostFacts; friends: Set<string> } | undefined> {
  const rows = await db
    .selectFrom('posts as p')
    .leftJoin('friendships as fr', (join) =>
      join.on((eb) =>
        eb.and([
          eb('p.audience', '=', 'friends'),
          eb('fr.status', '=', 'friends'),
          eb.or([
            eb.and([eb('fr.low_id', '=', eb.ref('p.user_id')), eb('fr.high_id', 'in', watcherIds)]),
            eb.and([eb('fr.high_id', '=', eb.ref('p.user_id')), eb('fr.low_id', 'in', watcherIds)]),
          ]),
        ]),
      ),
    )
    .select(['p.user_id', 'p.audience', 'p.deleted_at', 'fr.low_id', 'fr.high_id'])
    .select(authorSuspended('p.user_id').as('author_suspended'))
    .where('p.id', '=', postId)
    .execute();
  const [first] = rows;
  if (!first) return undefined;
  const post = {
    user_id: first.user_id,
    audience: first.audience,
    deleted_at: first.deleted_at,
    author_suspended: Boolean(Number(first.author_suspended)),
  };
  const friends = new Set<string>();
  for (const row of rows) {
    if (row.low_id === null || row.high_id === null) continue;
    friends.add(row.low_id === post.user_id ? row.high_id : row.low_id);
  }
  return { post, friends };
}

/** Which of these posts the viewer may see, with their authors: one statement (visiblePost). */
export async function visiblePostsAmong(
  db: Db,
  viewer: Viewer,
  postIds: readonly string[],
): Promise<Array<{ id: string; user_id: string }>> {
  if (postIds.length === 0) return [];
  return db
    .selectFrom('posts as p')
    .select(['p.id', 'p.user_id'])
    .where('p.id', 'in', postIds)
    .where(visiblePost(viewer, 'p'))
    .execute();
}

/** For each of these members, everyone they blocked or are blocked by (`blockedSetOf`, many). */
export async function blockedSetsOf(
  db: Db,
  memberIds: readonly string[],
): Promise<Map<string, Set<string>>> {
  const sets = new Map<string, Set<string>>(memberIds.map((id) => [id, new Set<string>()]));
  if (memberIds.length === 0) return sets;
  const rows = await db
    .selectFrom('blocks')
    .select(['blocker_id', 'blocked_id'])
    .where('blocker_id', 'in', memberIds)
    .unionAll(
      db
        .selectFrom('blocks')
        .select(['blocker_id', 'blocked_id'])
        .where('blocked_id', 'in', memberIds),
    )
    .execute();
  for (const row of rows) {
    sets.get(row.blocker_id)?.add(row.blocked_id);
    sets.get(row.blocked_id)?.add(row.blocker_id);
  }
  return sets;
}

/** Which of these sessions still live (not ended, not expired). */
export async function liveSessionsAmong(
  db: Db,
  sessionIds: readonly string[],
  nowIso: string,
): Promise<Set<string>> {
  if (sessionIds.length === 0) return new Set();
  const rows = await db
    .selectFrom('sessions')
    .select('id')
    .where('id', 'in', sessionIds)
    .where('expires_at', '>', nowIso)
    .execute();
  return new Set(rows.map((row) => row.id));
}

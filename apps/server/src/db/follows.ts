import type { Generated, Insertable, Selectable } from 'kysely';

export const FOLLOWS = 'follows';

/** follower sees followee's posts in the home feed. Written by the friendship calls. */
export interface FollowsTable {
  follower_id: string;
  followee_id: string;
  created_at: string;
  /**
   * 1 while follower and followee are friends (migration 0012): what the feed reads to show a
   * followee's friends-only posts. Written only by the friendships repo, with the pair.
   */
  friend: Generated<number>;
}

export type FollowRow = Selectable<FollowsTable>;
export type NewFollow = Insertable<FollowsTable>;

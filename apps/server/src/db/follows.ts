import type { Insertable, Selectable } from 'kysely';

export const FOLLOWS = 'follows';

/** follower sees followee's posts in the home feed. Written by the friendship calls. */
export interface FollowsTable {
  follower_id: string;
  followee_id: string;
  created_at: string;
}

export type FollowRow = Selectable<FollowsTable>;
export type NewFollow = Insertable<FollowsTable>;

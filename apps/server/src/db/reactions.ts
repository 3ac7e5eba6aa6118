import type { Insertable, Selectable } from 'kysely';

export const REACTIONS_TABLE = 'reactions';

/** At most one row per (post, member): the primary key makes a second reaction impossible. */
export interface ReactionsTable {
  post_id: string;
  user_id: string;
  react: string;
  created_at: string;
}

export type ReactionRow = Selectable<ReactionsTable>;
export type NewReaction = Insertable<ReactionsTable>;

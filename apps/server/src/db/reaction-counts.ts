import type { Insertable, Selectable } from 'kysely';

export const REACTION_COUNTS = 'reaction_counts';

/**
 * How many members gave each reaction to a post, kept by the reaction calls in the same
 * transaction as the reaction itself: a card reads six numbers instead of counting every
 * reaction, so a popular post costs the feed no more than a quiet one.
 */
export interface ReactionCountsTable {
  post_id: string;
  react: string;
  count: number;
}

export type ReactionCountRow = Selectable<ReactionCountsTable>;
export type NewReactionCount = Insertable<ReactionCountsTable>;

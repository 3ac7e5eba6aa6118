import type { Insertable, Selectable } from 'kysely';

export const SEARCH_HISTORY = 'search_history';

/**
 * A member's recent searches: one row per (member, searched member), moved to the top by
 * raising `created_at` when searched again. Both sides cascade when an account goes.
 */
export interface SearchHistoryTable {
  id: string;
  user_id: string;
  searched_id: string;
  /** When the searched member was last chosen; the history is newest first by it. */
  created_at: string;
}

export type SearchHistoryRow = Selectable<SearchHistoryTable>;
export type NewSearchHistoryRow = Insertable<SearchHistoryTable>;

import type { Insertable, Selectable } from 'kysely';

export const FRIENDSHIPS = 'friendships';

export const FRIENDSHIP_STATUSES = ['requested', 'friends'] as const;
export type FriendshipStatus = (typeof FRIENDSHIP_STATUSES)[number];

/**
 * One row per pair of members, keyed by the ordered pair (low_id < high_id), so a pair can never
 * hold two relations: a pending request (requester_id asked the other) or a friendship. No row
 * means no relation. Following is kept apart, in `follows`.
 */
export interface FriendshipsTable {
  low_id: string;
  high_id: string;
  /** Who sent the request; one of low_id and high_id. */
  requester_id: string;
  status: FriendshipStatus;
  created_at: string;
  /** When the status last changed (the request was accepted). */
  updated_at: string;
}

export type FriendshipRow = Selectable<FriendshipsTable>;
export type NewFriendship = Insertable<FriendshipsTable>;

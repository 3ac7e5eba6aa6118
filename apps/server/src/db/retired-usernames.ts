/** A username of a deleted account, never given to anyone else (migration 0018). */
export interface RetiredUsernamesTable {
  username: string;
  retired_at: string;
}

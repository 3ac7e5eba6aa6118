import type { Insertable, Selectable } from 'kysely';

export const BLOCKS = 'blocks';

/**
 * `blocker_id` blocked `blocked_id` (API.md, Who sees what): from then on neither sees the
 * other anywhere. One row per direction; the visibility rule looks for one either way.
 */
export interface BlocksTable {
  blocker_id: string;
  blocked_id: string;
  created_at: string;
}

export type BlockRow = Selectable<BlocksTable>;
export type NewBlock = Insertable<BlocksTable>;

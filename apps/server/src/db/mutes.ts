import type { Insertable, Selectable } from 'kysely';

export const MUTES = 'mutes';

/**
 * `muter_id` muted `muted_id` (API.md, Who sees what): the muted member's posts leave the
 * muter's feed and their actions stop notifying the muter. The muted member is not told.
 */
export interface MutesTable {
  muter_id: string;
  muted_id: string;
  created_at: string;
}

export type MuteRow = Selectable<MutesTable>;
export type NewMute = Insertable<MutesTable>;

import type { Generated, Insertable, Selectable } from 'kysely';

/**
 * A suspended member (API.md, Hosts in charge; migration 0016): no login, and everything they
 * made hidden by the visibility rule until the row is deleted (unsuspend).
 */
export interface SuspensionsTable {
  user_id: string;
  /** The reason the member was told. */
  reason: string;
  /** The moderator (null: the host's command line), and their name as it was. */
  by_id: string | null;
  by_name: string;
  /** When it began (a deletion: when the member asked). */
  created_at: string;
  /**
   * 'suspension' (a moderator's), or 'deletion': the member is deleting their account, hidden
   * the same way until a login cancels it or the purge takes everything (migration 0018).
   */
  kind: Generated<SuspensionKind>;
}

export type SuspensionKind = 'suspension' | 'deletion';

export type SuspensionRow = Selectable<SuspensionsTable>;
export type NewSuspension = Insertable<SuspensionsTable>;

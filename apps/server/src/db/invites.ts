import type { Generated, Insertable, Selectable } from 'kysely';

/** An invite link (invite mode): `uses` sign-ups until `expires_at`, unless revoked. */
export interface InvitesTable {
  id: string;
  code: string;
  /** Who made it; null once that account is gone. */
  created_by: string | null;
  uses: number;
  used: Generated<number>;
  expires_at: string;
  revoked_at: string | null;
  created_at: string;
}

export type InviteRow = Selectable<InvitesTable>;
export type NewInvite = Insertable<InvitesTable>;

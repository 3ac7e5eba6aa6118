import type { Insertable, Selectable } from 'kysely';

/**
 * The address of an account an admin deleted (API.md, Hosts in charge; migration 0016), kept
 * as a hash so that it cannot sign up again until an admin lifts it.
 */
export interface EmailBlocksTable {
  id: string;
  /** SHA-256 of the lower-cased address, hex. */
  email_hash: string;
  /** The deleted member's name, as it was. */
  name: string;
  reason: string;
  by_id: string | null;
  by_name: string;
  created_at: string;
}

export type EmailBlockRow = Selectable<EmailBlocksTable>;
export type NewEmailBlock = Insertable<EmailBlocksTable>;

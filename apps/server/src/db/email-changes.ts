import type { Insertable, Selectable } from 'kysely';

/** A new e-mail address waiting for the link sent to it (migration 0018). */
export interface EmailChangesTable {
  id: string;
  user_id: string;
  /** Lower-cased, as users.email. */
  new_email: string;
  /** SHA-256 of the link's token; the token itself only travels in the mail. */
  token_hash: string;
  expires_at: string;
  used_at: string | null;
  created_at: string;
}

export type EmailChangeRow = Selectable<EmailChangesTable>;
export type NewEmailChange = Insertable<EmailChangesTable>;

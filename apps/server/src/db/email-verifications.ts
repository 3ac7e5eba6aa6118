import type { Insertable, Selectable } from 'kysely';

export const EMAIL_VERIFICATIONS = 'email_verifications';

export interface EmailVerificationsTable {
  id: string;
  user_id: string;
  /** SHA-256 of the link's token; the token itself only travels in the mail. */
  token_hash: string;
  expires_at: string;
  used_at: string | null;
  created_at: string;
}

export type EmailVerificationRow = Selectable<EmailVerificationsTable>;
export type NewEmailVerification = Insertable<EmailVerificationsTable>;

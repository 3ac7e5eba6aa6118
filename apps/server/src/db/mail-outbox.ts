import type { Generated, Insertable, Selectable } from 'kysely';

export const MAIL_OUTBOX = 'mail_outbox';

export const MAIL_STATUS = { pending: 'pending', sent: 'sent' } as const;
export type MailStatus = (typeof MAIL_STATUS)[keyof typeof MAIL_STATUS];

export interface MailOutboxTable {
  id: string;
  recipient: string;
  subject: string;
  text_body: string;
  html_body: string;
  /** The language the mail is written in (migration 0019): its Content-Language; null before. */
  language: string | null;
  status: Generated<MailStatus>;
  attempts: Generated<number>;
  next_attempt_at: string;
  /** A sender holds the row until then; another process may take it only after. */
  lease_until: string | null;
  lease_owner: string | null;
  last_error: string | null;
  created_at: string;
  sent_at: string | null;
}

export type MailRow = Selectable<MailOutboxTable>;
export type NewMail = Insertable<MailOutboxTable>;

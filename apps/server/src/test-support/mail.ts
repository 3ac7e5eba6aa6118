import type { Db } from '../db/database.js';
import type { MailRow } from '../db/mail-outbox.js';

/** The outbox rows for one recipient, newest first. */
export function mailsTo(db: Db, email: string): Promise<MailRow[]> {
  return db
    .selectFrom('mail_outbox')
    .selectAll()
    .where('recipient', '=', email.toLowerCase())
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

export async function lastMailTo(db: Db, email: string): Promise<MailRow> {
  const [mail] = await mailsTo(db, email);
  if (!mail) throw new Error(`No mail to ${email}`);
  return mail;
}

/** The token of the activation link in a mail's text. */
export function activationTokenIn(text: string): string {
  const token = /\/activate\/([A-Za-z0-9_-]+)/.exec(text)?.[1];
  if (!token) throw new Error(`No activation link in:\n${text}`);
  return token;
}

/** The reset code in a mail's text. */
export function resetCodeIn(text: string): string {
  const code = /reset code is:?\s*([A-Z0-9]{5})\b/.exec(text)?.[1];
  if (!code) throw new Error(`No reset code in:\n${text}`);
  return code;
}

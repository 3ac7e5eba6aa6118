import { v7 as uuidv7 } from 'uuid';
import type { Db } from '../../db/database.js';
import { MAIL_STATUS } from '../../db/mail-outbox.js';
import type { Clock } from '../../infra/clock.js';
import type { OutgoingMail } from '../../infra/mail/mail-transport.js';
import { insertMail, listMail, outboxBacklog } from './repo.js';

/** Queues mail inside the caller's transaction; delivery happens after commit. */
export interface MailQueue {
  enqueue(trx: Db, mail: OutgoingMail): Promise<void>;
  /** Call after the transaction commits, so the new mail goes out without waiting for a tick. */
  deliverSoon(): void;
}

export function createMailQueue(clock: Clock, deliverSoon: () => void): MailQueue {
  return {
    async enqueue(trx, mail) {
      const now = clock.now().toISOString();
      await insertMail(trx, {
        id: uuidv7(),
        recipient: mail.to,
        subject: mail.subject,
        text_body: mail.text,
        html_body: mail.html,
        language: mail.language ?? null,
        status: MAIL_STATUS.pending,
        attempts: 0,
        next_attempt_at: now,
        lease_until: null,
        lease_owner: null,
        last_error: null,
        created_at: now,
        sent_at: null,
      });
    },
    deliverSoon,
  };
}

export function recentMail(db: Db, options: { limit: number; to?: string | undefined }) {
  return listMail(db, { limit: options.limit, recipient: options.to?.toLowerCase() });
}

/** Mail not yet delivered: how many, and when the oldest was queued. */
export function mailBacklog(db: Db) {
  return outboxBacklog(db);
}

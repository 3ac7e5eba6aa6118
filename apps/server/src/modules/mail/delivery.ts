import type { FastifyBaseLogger } from 'fastify';
import { v7 as uuidv7 } from 'uuid';
import type { Db } from '../../db/database.js';
import type { MailRow } from '../../db/mail-outbox.js';
import { addMs, type Clock } from '../../infra/clock.js';
import type { MailTransport } from '../../infra/mail/mail-transport.js';
import { claimMail, dueMailIds, markMailFailed, markMailSent, releaseMail } from './repo.js';

export interface MailDeliveryServiceOptions {
  db: Db;
  transport: MailTransport;
  clock: Clock;
  log: FastifyBaseLogger;
  /** How long a sender holds a mail; longer than any SMTP timeout. */
  leaseMs?: number;
  batchSize?: number;
  /** Wait before attempt n+1 after n failed attempts. */
  backoffMs?: (failedAttempts: number) => number;
}

/** What one delivery pass did. */
export interface MailDeliveryReport {
  /** Mail that went out. */
  sent: number;
  /** Mail the transport refused: scheduled for a retry after the backoff. */
  failed: number;
  /** Mail claimed but given back unsent because the pass was told to stop. */
  released: number;
}

const BACKOFF_BASE_MS = 30_000;
const BACKOFF_MAX_MS = 60 * 60_000;

/** 30 s, 1 min, 2 min, … capped at an hour: a mail is retried forever, never dropped. */
export function exponentialBackoff(failedAttempts: number): number {
  return Math.min(BACKOFF_BASE_MS * 2 ** Math.max(0, failedAttempts - 1), BACKOFF_MAX_MS);
}

/**
 * Delivers the mail outbox: which mail is due, claiming it with a lease, sending it and marking
 * it sent, failed (with a retry time) or released. Rows are claimed with a lease owned by this
 * instance, so any number of server processes can deliver at once without sending a mail twice.
 */
export class MailDeliveryService {
  private readonly owner = uuidv7();
  private readonly leaseMs: number;
  private readonly batchSize: number;
  private readonly backoffMs: (failedAttempts: number) => number;

  constructor(private readonly options: MailDeliveryServiceOptions) {
    this.leaseMs = options.leaseMs ?? 2 * 60_000;
    this.batchSize = options.batchSize ?? 20;
    this.backoffMs = options.backoffMs ?? exponentialBackoff;
  }

  /**
   * Sends every mail that is due now. `shouldStop` is asked before each mail: once it answers
   * true, the mail this pass still holds is released for another pass or process.
   */
  async deliverDue(shouldStop: () => boolean = () => false): Promise<MailDeliveryReport> {
    const report: MailDeliveryReport = { sent: 0, failed: 0, released: 0 };
    for (;;) {
      const batch = await this.claimBatch();
      if (batch.length === 0) return report;
      for (const [index, mail] of batch.entries()) {
        if (shouldStop()) {
          for (const rest of batch.slice(index)) {
            await releaseMail(this.options.db, rest.id, this.owner);
            report.released += 1;
          }
          return report;
        }
        if (await this.sendOne(mail)) report.sent += 1;
        else report.failed += 1;
      }
    }
  }

  private async claimBatch(): Promise<MailRow[]> {
    const { db, clock } = this.options;
    const now = clock.now();
    const nowIso = now.toISOString();
    const leaseUntil = addMs(now, this.leaseMs).toISOString();
    const ids = await dueMailIds(db, nowIso, this.batchSize);
    const claimed: MailRow[] = [];
    for (const id of ids) {
      const row = await claimMail(db, id, this.owner, nowIso, leaseUntil);
      if (row) claimed.push(row);
    }
    return claimed;
  }

  private async sendOne(mail: MailRow): Promise<boolean> {
    const { db, clock, transport, log } = this.options;
    try {
      await transport.send({
        to: mail.recipient,
        subject: mail.subject,
        text: mail.text_body,
        html: mail.html_body,
        language: mail.language,
      });
    } catch (error) {
      const failedAttempts = mail.attempts + 1;
      const retryAt = addMs(clock.now(), this.backoffMs(failedAttempts));
      const reason = error instanceof Error ? error.message : String(error);
      log.warn(
        { mailId: mail.id, attempts: failedAttempts, retryAt: retryAt.toISOString(), reason },
        'mail delivery failed; will retry',
      );
      await markMailFailed(db, mail.id, this.owner, retryAt.toISOString(), reason.slice(0, 1000));
      return false;
    }
    await markMailSent(db, mail.id, this.owner, clock.now().toISOString());
    return true;
  }
}

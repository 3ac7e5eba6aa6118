import type { FastifyBaseLogger } from 'fastify';
import { v7 as uuidv7 } from 'uuid';
import type { Db } from '../db/database.js';
import { addMs, type Clock } from '../infra/clock.js';
import type { MailTransport } from '../infra/mail/mail-transport.js';
import {
  claimMail,
  dueMailIds,
  markMailFailed,
  markMailSent,
  releaseMail,
} from '../modules/mail/repo.js';

export interface MailDeliveryOptions {
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

const BACKOFF_BASE_MS = 30_000;
const BACKOFF_MAX_MS = 60 * 60_000;

/** 30 s, 1 min, 2 min, … capped at an hour: a mail is retried forever, never dropped. */
export function exponentialBackoff(failedAttempts: number): number {
  return Math.min(BACKOFF_BASE_MS * 2 ** Math.max(0, failedAttempts - 1), BACKOFF_MAX_MS);
}

/**
 * Delivers the mail outbox. Rows are claimed with a lease, so any number of server processes
 * can run this at once without sending a mail twice.
 */
export class MailDelivery {
  private readonly owner = uuidv7();
  private readonly leaseMs: number;
  private readonly batchSize: number;
  private readonly backoffMs: (failedAttempts: number) => number;
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private runAgain = false;
  private stopped = false;

  constructor(private readonly options: MailDeliveryOptions) {
    this.leaseMs = options.leaseMs ?? 2 * 60_000;
    this.batchSize = options.batchSize ?? 20;
    this.backoffMs = options.backoffMs ?? exponentialBackoff;
  }

  /** Polls every `intervalMs` for mail that is due (retries, or mail queued by other processes). */
  start(intervalMs = 5_000): void {
    if (this.stopped || this.timer) return;
    this.timer = setInterval(() => this.kick(), intervalMs);
    this.timer.unref();
    this.kick();
  }

  /** Runs a delivery pass soon; passes never overlap, a kick during one causes another. */
  kick(): void {
    if (this.stopped) return;
    if (this.running) {
      this.runAgain = true;
      return;
    }
    this.running = this.loop().finally(() => {
      this.running = undefined;
    });
  }

  /** Resolves when no pass is running. */
  async idle(): Promise<void> {
    while (this.running) await this.running;
  }

  /** Stops polling and waits for the pass in progress; unsent claimed mail is released. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    await this.idle();
    this.options.transport.close();
  }

  private async loop(): Promise<void> {
    do {
      this.runAgain = false;
      try {
        await this.deliverDue();
      } catch (error) {
        this.options.log.error({ err: error }, 'mail delivery pass failed');
      }
    } while (this.runAgain && !this.stopped);
  }

  /** Sends every mail that is due now; returns how many went out. */
  async deliverDue(): Promise<number> {
    let sent = 0;
    for (;;) {
      const batch = await this.claimBatch();
      if (batch.length === 0) return sent;
      for (const [index, mail] of batch.entries()) {
        if (this.stopped) {
          for (const rest of batch.slice(index)) {
            await releaseMail(this.options.db, rest.id, this.owner);
          }
          return sent;
        }
        if (await this.sendOne(mail)) sent += 1;
      }
    }
  }

  private async claimBatch() {
    const { db, clock } = this.options;
    const now = clock.now();
    const nowIso = now.toISOString();
    const leaseUntil = addMs(now, this.leaseMs).toISOString();
    const ids = await dueMailIds(db, nowIso, this.batchSize);
    const claimed = [];
    for (const id of ids) {
      const row = await claimMail(db, id, this.owner, nowIso, leaseUntil);
      if (row) claimed.push(row);
    }
    return claimed;
  }

  private async sendOne(mail: Awaited<ReturnType<MailDelivery['claimBatch']>>[number]) {
    const { db, clock, transport, log } = this.options;
    try {
      await transport.send({
        to: mail.recipient,
        subject: mail.subject,
        text: mail.text_body,
        html: mail.html_body,
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

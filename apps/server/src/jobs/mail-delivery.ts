import { MailDeliveryService, type MailDeliveryServiceOptions } from '../modules/mail/delivery.js';
import type { JobRunObserver } from './periodic-job.js';

export { exponentialBackoff } from '../modules/mail/delivery.js';

/** The service's options: the job passes them on. */
export type MailDeliveryOptions = MailDeliveryServiceOptions;

/**
 * Schedules delivery of the mail outbox: polls, runs a pass when kicked, never two at once, and
 * stops cleanly. What is due and how it is sent is the mail module's MailDeliveryService.
 */
export class MailDelivery {
  private readonly delivery: MailDeliveryService;
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private runAgain = false;
  private stopped = false;
  private observe: JobRunObserver | undefined;

  constructor(private readonly options: MailDeliveryOptions) {
    this.delivery = new MailDeliveryService(options);
  }

  /** Polls every `intervalMs` for mail that is due (retries, or mail queued by other processes). */
  start(intervalMs = 5_000): void {
    if (this.stopped || this.timer) return;
    this.timer = setInterval(() => this.kick(), intervalMs);
    this.timer.unref();
    this.kick();
  }

  /** `observe` hears of each pass's end as the job `mail_delivery`. */
  observeRuns(observe: JobRunObserver): void {
    this.observe = observe;
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
        this.observe?.('mail_delivery', 'ok');
      } catch (error) {
        this.observe?.('mail_delivery', 'failed');
        this.options.log.error({ err: error }, 'mail delivery pass failed');
      }
    } while (this.runAgain && !this.stopped);
  }

  /** Sends every mail that is due now; returns how many went out. */
  async deliverDue(): Promise<number> {
    const report = await this.delivery.deliverDue(() => this.stopped);
    return report.sent;
  }
}

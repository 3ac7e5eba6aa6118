import type { FastifyBaseLogger } from 'fastify';
import type { DataExportService, ExportBuildReport } from '../modules/account/export-service.js';
import type { JobRunObserver } from './periodic-job.js';

export interface DataExportsJobOptions {
  exports: DataExportService;
  log: FastifyBaseLogger;
}

const NOTHING: ExportBuildReport = { ready: 0, retried: 0, failed: 0, lost: 0, released: 0 };

/**
 * Schedules the building of 'Download your information' zips in this process, as MailDelivery
 * schedules the outbox: polls for exports waiting (asked for through any process, or left by a
 * process that died: their lease ran out), runs a pass at once when a member asks here, never two
 * passes at once, and stops cleanly, giving back an export it had not finished. Which export is
 * taken and how it is built is the account module's DataExportService.
 */
export class DataExportsJob {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private runAgain = false;
  private readonly stopping = new AbortController();
  private observe: JobRunObserver | undefined;

  constructor(private readonly options: DataExportsJobOptions) {}

  /** Polls every `intervalMs` for exports waiting. */
  start(intervalMs = 5_000): void {
    if (this.stopping.signal.aborted || this.timer) return;
    this.timer = setInterval(() => this.kick(), intervalMs);
    this.timer.unref();
    this.kick();
  }

  /** `observe` hears of each pass's end as the job `data_exports`. */
  observeRuns(observe: JobRunObserver): void {
    this.observe = observe;
  }

  /**
   * Runs a pass soon, if this process builds exports (started); passes never overlap, a kick
   * during one causes another.
   */
  kick(): void {
    if (this.stopping.signal.aborted || !this.timer) return;
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

  /** Stops polling; the export being built is abandoned and given back to any process. */
  async stop(): Promise<void> {
    this.stopping.abort(new Error('the server is stopping'));
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    await this.idle();
  }

  /** One pass, whether or not the job was started (the tests drive it so). */
  async runOnce(): Promise<ExportBuildReport> {
    if (this.stopping.signal.aborted) return { ...NOTHING };
    return this.options.exports.buildDue(this.stopping.signal);
  }

  private async loop(): Promise<void> {
    do {
      this.runAgain = false;
      try {
        const report = await this.runOnce();
        this.observe?.('data_exports', 'ok');
        if (report.failed + report.retried > 0) {
          this.options.log.warn(report, 'data exports: some could not be built');
        }
      } catch (error) {
        this.observe?.('data_exports', 'failed');
        this.options.log.error({ err: error }, 'data export pass failed');
      }
    } while (this.runAgain && !this.stopping.signal.aborted);
  }
}

import type { FastifyBaseLogger } from 'fastify';

/** Told of every finished run (the metrics' job counters). */
export type JobRunObserver = (job: string, outcome: 'ok' | 'failed') => void;

/**
 * A job that runs now and then every interval inside the server process, one run at a time;
 * stop() ends the schedule and waits for a run in progress. Subclasses do the work in runOnce()
 * and check `stopped` between steps, so a run ends soon after stop().
 */
export abstract class PeriodicJob<Report extends object> {
  protected stopped = false;
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private observer: { name: string; observe: JobRunObserver } | undefined;

  constructor(
    protected readonly log: FastifyBaseLogger,
    /** Log lines: after a run that did something, and after a run that failed. */
    private readonly messages: { done: string; failed: string },
  ) {}

  abstract runOnce(): Promise<Report>;

  /** Whether a finished run did anything worth a log line. */
  protected abstract worthLogging(report: Report): boolean;

  /** Runs now, then every `intervalMs`. */
  start(intervalMs = 60 * 60_000): void {
    if (this.stopped || this.timer) return;
    this.timer = setInterval(() => this.kick(), intervalMs);
    this.timer.unref();
    this.kick();
  }

  /** Stops the schedule and waits for a run in progress. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    await this.running;
  }

  /** `observe` hears of each scheduled run's end under `name`. */
  observeRuns(name: string, observe: JobRunObserver): void {
    this.observer = { name, observe };
  }

  /** Starts a run unless one is in progress. */
  kick(): void {
    if (this.stopped || this.running) return;
    this.running = this.runOnce()
      .then((report) => {
        this.observer?.observe(this.observer.name, 'ok');
        if (this.worthLogging(report)) this.log.info(report as object, this.messages.done);
      })
      .catch((error) => {
        this.observer?.observe(this.observer.name, 'failed');
        this.log.error({ err: error }, this.messages.failed);
      })
      .finally(() => {
        this.running = undefined;
      });
  }
}

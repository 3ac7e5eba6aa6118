import type { FastifyBaseLogger } from 'fastify';
import type { Leases } from '../infra/leases.js';

/** Told of every finished run (the metrics' job counters). */
export type JobRunObserver = (job: string, outcome: 'ok' | 'failed') => void;

/** How often a job sharing its schedule through a lease looks whether its period is due. */
const LEASE_CHECK_MS = 60_000;

/**
 * A job that runs now and then every interval inside the server process, one run at a time;
 * stop() ends the schedule and waits for a run in progress. Subclasses do the work in runOnce()
 * and check `stopped` between steps, so a run ends soon after stop().
 *
 * With leaseEachRun(), a scheduled run first takes the job's lease for one interval in the
 * database (infra/leases.ts): of every process and machine sharing it, one runs the job per
 * interval; the others skip. The lease is renewed while a long run lasts, and a holder that died
 * stops holding when its interval ends.
 */
export abstract class PeriodicJob<Report extends object> {
  protected stopped = false;
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private observer: { name: string; observe: JobRunObserver } | undefined;
  private lease: { leases: Leases; name: string } | undefined;
  private periodMs = 60 * 60_000;

  constructor(
    protected readonly log: FastifyBaseLogger,
    /** Log lines: after a run that did something, and after a run that failed. */
    private readonly messages: { done: string; failed: string },
  ) {}

  abstract runOnce(): Promise<Report>;

  /** Whether a finished run did anything worth a log line. */
  protected abstract worthLogging(report: Report): boolean;

  /**
   * Scheduled runs take the lease `name` first: once per interval across every process on the
   * database. Call before start().
   */
  leaseEachRun(leases: Leases, name: string): void {
    this.lease = { leases, name };
  }

  /** Runs now, then every `intervalMs` (with a lease: whenever a process finds the period due). */
  start(intervalMs = 60 * 60_000): void {
    if (this.stopped || this.timer) return;
    this.periodMs = intervalMs;
    const everyMs = this.lease ? Math.min(intervalMs, LEASE_CHECK_MS) : intervalMs;
    this.timer = setInterval(() => void this.kick(), everyMs);
    this.timer.unref();
    void this.kick();
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

  /**
   * Starts a run unless one is in progress (with a lease: unless another process has this
   * period); resolves when that run, or the one in progress, is over.
   */
  kick(): Promise<void> {
    if (this.stopped) return Promise.resolve();
    if (this.running) return this.running;
    this.running = this.scheduledRun().finally(() => {
      this.running = undefined;
    });
    return this.running;
  }

  private async scheduledRun(): Promise<void> {
    let renewal: NodeJS.Timeout | undefined;
    try {
      const lease = this.lease;
      if (lease) {
        if (!(await lease.leases.take(lease.name, this.periodMs))) return;
        // A run longer than its period keeps it, so no other process starts the same work.
        renewal = setInterval(
          () => void lease.leases.renew(lease.name, this.periodMs).catch(() => false),
          Math.max(1000, Math.floor(this.periodMs / 2)),
        );
        renewal.unref();
      }
      const report = await this.runOnce();
      this.observer?.observe(this.observer.name, 'ok');
      if (this.worthLogging(report)) this.log.info(report as object, this.messages.done);
    } catch (error) {
      this.observer?.observe(this.observer.name, 'failed');
      this.log.error({ err: error }, this.messages.failed);
    } finally {
      if (renewal) clearInterval(renewal);
    }
  }
}

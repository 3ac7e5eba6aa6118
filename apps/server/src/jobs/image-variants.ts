import {
  type ImageVariantsReport,
  VariantsBackfill,
  type VariantsBackfillOptions,
} from '../modules/media/variants-backfill.js';
import { PeriodicJob } from './periodic-job.js';

export type { ImageVariantsReport } from '../modules/media/variants-backfill.js';

/** The backfill's options: the job passes them on. */
export type ImageVariantsJobOptions = VariantsBackfillOptions;

/**
 * Runs the media module's VariantsBackfill now and then: it gives uploads stored before variants
 * existed their right-sized variants. Which uploads need them and how they are made lives there.
 */
export class ImageVariantsJob extends PeriodicJob<ImageVariantsReport> {
  private readonly backfill: VariantsBackfill;

  constructor(options: ImageVariantsJobOptions) {
    super(options.log, { done: 'image variants made', failed: 'image variants failed' });
    this.backfill = new VariantsBackfill(options);
  }

  protected worthLogging(report: ImageVariantsReport): boolean {
    return report.made + report.missing + report.unreadable + report.failed > 0;
  }

  runOnce(): Promise<ImageVariantsReport> {
    return this.backfill.run(() => this.stopped);
  }
}

import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database.js';
import type { Storage } from '../../infra/storage/storage.js';
import { ImageRejected, makeImageVariants } from './image-processing.js';
import { markVariantsReady, mediaWithoutVariants } from './repo.js';
import { storeImageVariants, variantStorageKeys } from './variants.js';

export interface VariantsBackfillOptions {
  db: Db;
  storage: Storage;
  log: FastifyBaseLogger;
  /** Uploads read per query; they are processed one at a time. */
  batchSize?: number;
}

export interface ImageVariantsReport {
  /** Uploads given their variants. */
  made: number;
  /** Uploads whose original is not in storage: marked done, they have nothing to make from. */
  missing: number;
  /** Uploads whose original could not be decoded: marked done too. */
  unreadable: number;
  /** Uploads left for a later run after an error reading or writing storage. */
  failed: number;
}

/**
 * Makes the right-sized variants of uploads stored before variants existed (media rows with
 * variants_ready = 0), one image at a time, and sets the flag once the files are written. Until
 * then the /media route redirects a missing variant to its original. Idempotent and safe with
 * several processes: two that reach the same upload write the same files twice, which is
 * harmless, and both set the same flag.
 */
export class VariantsBackfill {
  private readonly batchSize: number;

  constructor(private readonly options: VariantsBackfillOptions) {
    this.batchSize = options.batchSize ?? 50;
  }

  /**
   * Gives every upload without variants its variants, or marks it done when it has nothing to
   * make them from. `shouldStop` is asked before each upload; once it answers true the run ends.
   */
  async run(shouldStop: () => boolean = () => false): Promise<ImageVariantsReport> {
    const { db, log } = this.options;
    const report: ImageVariantsReport = { made: 0, missing: 0, unreadable: 0, failed: 0 };
    // Walks the ids forward, so an upload that fails is left for the next run, not retried here.
    let after: string | undefined;
    while (!shouldStop()) {
      const rows = await mediaWithoutVariants(db, after, this.batchSize);
      for (const row of rows) {
        if (shouldStop()) break;
        after = row.id;
        const outcome = await this.makeFor(row);
        report[outcome] += 1;
        if (outcome !== 'failed' && (await markVariantsReady(db, [row.id])) === 0) {
          // Purged while its variants were being made: they go too.
          await this.forgetVariants(row.storage_key);
        }
        if (outcome === 'missing' || outcome === 'unreadable') {
          log.warn(
            { mediaId: row.id, key: row.storage_key },
            outcome === 'missing'
              ? 'image variants: the original is not in storage; marked done'
              : 'image variants: the original cannot be decoded; marked done',
          );
        }
      }
      if (rows.length < this.batchSize) break;
    }
    return report;
  }

  private async forgetVariants(key: string): Promise<void> {
    const { storage } = this.options;
    for (const variantKey of variantStorageKeys(key)) await storage.delete(variantKey);
  }

  private async makeFor(row: {
    id: string;
    storage_key: string;
  }): Promise<keyof ImageVariantsReport> {
    const { storage, log } = this.options;
    try {
      const original = await storage.get(row.storage_key);
      if (!original) return 'missing';
      const variants = await makeImageVariants(original);
      await storeImageVariants(storage, row.storage_key, variants);
      return 'made';
    } catch (error) {
      if (error instanceof ImageRejected) return 'unreadable';
      log.warn({ err: error, mediaId: row.id }, 'image variants: could not make them; will retry');
      return 'failed';
    }
  }
}

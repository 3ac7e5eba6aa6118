import type { FastifyBaseLogger } from 'fastify';

/** How a purge works through what is due (a scheduled job decides when, the services how). */
export interface PurgeRun {
  /** Rows handled per transaction, so one run never holds locks for long. */
  batchSize: number;
  /** Asked before each batch: once it answers true the run ends; the next one finishes. */
  shouldStop: () => boolean;
  /** Where a file that could not be deleted is reported. */
  log: FastifyBaseLogger;
}

/**
 * Purges what is due a batch at a time: `due` answers at most `limit` ids, `purge` deletes them
 * (in one transaction), until fewer than a batch are left or the run is told to stop.
 */
export async function purgeInBatches(
  run: PurgeRun,
  due: (limit: number) => Promise<string[]>,
  purge: (ids: string[]) => Promise<void>,
): Promise<void> {
  while (!run.shouldStop()) {
    const ids = await due(run.batchSize);
    if (ids.length === 0) break;
    await purge(ids);
    if (ids.length < run.batchSize) break;
  }
}

import { TRASH_RETENTION_DAYS, UNVERIFIED_LIFETIME_DAYS } from '@hearth/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/database.js';
import { addMs, type Clock } from '../infra/clock.js';
import type { Storage } from '../infra/storage/storage.js';
import { deleteUnverifiedAccounts, unverifiedAccountsBefore } from '../modules/auth/repo.js';
import { deleteMediaRows, mediaOfOwners, unreferencedMedia } from '../modules/media/repo.js';
import { deleteUploadFiles } from '../modules/media/variants.js';
import { postsReactedBy, recountReactions } from '../modules/posts/reactions-repo.js';
import {
  imageUrlsOfPosts,
  postIdsByAuthors,
  purgeTrashedPosts,
  trashedBefore,
} from '../modules/posts/repo.js';
import { PeriodicJob } from './periodic-job.js';

export interface PurgesOptions {
  db: Db;
  storage: Storage;
  clock: Clock;
  log: FastifyBaseLogger;
  /** Rows handled per transaction, so one run never holds locks for long. */
  batchSize?: number;
}

export interface PurgeReport {
  posts: number;
  accounts: number;
  files: number;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * API.md's scheduled purges: posts in trash for more than TRASH_RETENTION_DAYS, and accounts
 * still unverified UNVERIFIED_LIFETIME_DAYS after sign-up, each with their media files. Every
 * step is an idempotent delete, so any number of server processes may run them at once.
 */
export class Purges extends PeriodicJob<PurgeReport> {
  private readonly batchSize: number;

  constructor(private readonly options: PurgesOptions) {
    super(options.log, { done: 'purged', failed: 'purge failed' });
    this.batchSize = options.batchSize ?? 100;
  }

  protected worthLogging(report: PurgeReport): boolean {
    return report.posts + report.accounts > 0;
  }

  async runOnce(): Promise<PurgeReport> {
    const trash = await this.purgeTrash();
    const accounts = await this.purgeUnverifiedAccounts();
    return { posts: trash.posts, accounts: accounts.accounts, files: trash.files + accounts.files };
  }

  async purgeTrash(): Promise<{ posts: number; files: number }> {
    const { db, clock } = this.options;
    const cutoff = addMs(clock.now(), -TRASH_RETENTION_DAYS * DAY_MS).toISOString();
    let posts = 0;
    let files = 0;
    // After stop(), a run ends between batches; the next process or start finishes the work.
    while (!this.stopped) {
      const ids = await trashedBefore(db, cutoff, this.batchSize);
      if (ids.length === 0) break;
      const keys = await db.transaction().execute(async (trx) => {
        const urls = await imageUrlsOfPosts(trx, ids);
        posts += (await purgeTrashedPosts(trx, ids, cutoff)).length;
        return this.forgetUnreferenced(trx, urls);
      });
      files += await this.deleteFiles(keys);
      if (ids.length < this.batchSize) break;
    }
    return { posts, files };
  }

  async purgeUnverifiedAccounts(): Promise<{ accounts: number; files: number }> {
    const { db, clock } = this.options;
    const cutoff = addMs(clock.now(), -UNVERIFIED_LIFETIME_DAYS * DAY_MS).toISOString();
    let accounts = 0;
    let files = 0;
    // After stop(), a run ends between batches; the next process or start finishes the work.
    while (!this.stopped) {
      const ids = await unverifiedAccountsBefore(db, cutoff, this.batchSize);
      if (ids.length === 0) break;
      const keys = await db.transaction().execute(async (trx) => {
        const own = await mediaOfOwners(trx, ids);
        // Images others attached to comments on these members' posts go with the posts.
        const commentImages = await imageUrlsOfPosts(trx, await postIdsByAuthors(trx, ids));
        const reactedTo = await postsReactedBy(trx, ids);
        const deleted = new Set(await deleteUnverifiedAccounts(trx, ids, cutoff));
        accounts += deleted.size;
        // Their reactions went with them: the posts they reacted to are counted again.
        if (deleted.size > 0) await recountReactions(trx, reactedTo);
        // Only the files of accounts really deleted: one verified just now keeps everything.
        const ownKeys = own.filter((m) => deleted.has(m.owner_id)).map((m) => m.storage_key);
        return [...ownKeys, ...(await this.forgetUnreferenced(trx, commentImages))];
      });
      files += await this.deleteFiles(keys);
      if (ids.length < this.batchSize) break;
    }
    return { accounts, files };
  }

  /** Deletes the media rows of these urls that nothing shows any more; answers their keys. */
  private async forgetUnreferenced(trx: Db, urls: string[]): Promise<string[]> {
    const media = await unreferencedMedia(trx, urls);
    await deleteMediaRows(
      trx,
      media.map((m) => m.id),
    );
    return media.map((m) => m.storage_key);
  }

  /**
   * After the commit: a crash before this leaves a stray file, never a row without its file.
   * Each upload goes with its variants; answers how many uploads went.
   */
  private async deleteFiles(keys: string[]): Promise<number> {
    const { storage, log } = this.options;
    let deleted = 0;
    for (const key of keys) {
      try {
        await deleteUploadFiles(storage, key);
        deleted += 1;
      } catch (error) {
        log.warn({ err: error, key }, 'could not delete a purged media file');
      }
    }
    return deleted;
  }
}

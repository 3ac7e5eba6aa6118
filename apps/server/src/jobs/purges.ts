import {
  ACCOUNT_DELETION_GRACE_MS,
  TRASH_RETENTION_DAYS,
  UNVERIFIED_LIFETIME_DAYS,
} from '@hearth/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/database.js';
import { addMs, type Clock } from '../infra/clock.js';
import { Leases } from '../infra/leases.js';
import type { AccountDeletionService } from '../modules/account/deletion-service.js';
import type { DataExportService } from '../modules/account/export-service.js';
import { purgeSessionsExpiredBefore } from '../modules/auth/sessions.js';
import type { MediaService } from '../modules/media/service.js';
import type { PostsService } from '../modules/posts/service.js';
import type { UsersService } from '../modules/users/service.js';
import { PeriodicJob } from './periodic-job.js';

export interface PurgesOptions {
  /** Purges the trash. */
  posts: PostsService;
  /** Purges the accounts left unverified. */
  users: UsersService;
  /** Purges the accounts their members deleted, once the time to change their mind is over. */
  accountDeletions: AccountDeletionService;
  /** Sweeps the stored files no row names. */
  media: MediaService;
  /** Deletes 'Download your information' zips past their days (and their files). */
  exports?: DataExportService;
  /** Where the rows of expired sessions are deleted (ended ones went when they ended). */
  db: Db;
  clock: Clock;
  log: FastifyBaseLogger;
  /** Rows handled per transaction, so one run never holds locks for long. */
  batchSize?: number;
  /**
   * True while a backup runs (its lease in job_leases, Leases.backupRunning): the run is skipped,
   * and a run in progress ends before its next batch.
   */
  paused?: () => boolean | Promise<boolean>;
  /** Where the daily orphan sweep takes its lease (built on db and clock unless given). */
  leases?: Leases;
}

export interface PurgeReport {
  posts: number;
  accounts: number;
  files: number;
  /** Stored files no row named (a process killed mid-upload), and unfinished writes. */
  orphanFiles: number;
  sessions: number;
}

const DAY_MS = 24 * 60 * 60 * 1000;
/** A file no row names is an orphan once this old: an upload writes its row within seconds. */
const ORPHAN_FILE_AGE_DAYS = 1;
/** The daily orphan sweep's lease in job_leases: once a day across every process. */
export const ORPHAN_SWEEP_LEASE = 'orphan-files';
/** How often a run in progress looks whether a backup started. */
/** How often a purge run asks whether a backup began (it then stops between batches). */
export const PAUSE_CHECK_MS = 1000;

/**
 * API.md's scheduled purges: posts in trash for more than TRASH_RETENTION_DAYS, accounts
 * still unverified UNVERIFIED_LIFETIME_DAYS after sign-up, and accounts their members deleted
 * ACCOUNT_DELETION_GRACE_MS ago (AccountDeletionService.purgeDeletedBefore), each with their
 * media files; and the rows of sessions past their expiry, so they never pile up. The job
 * only sets the cutoffs and the schedule; what goes with a post or an account is decided by
 * PostsService.purgeTrashedBefore and UsersService.purgeUnverifiedBefore. Once a day it also
 * removes stored files older than a day that no row names (MediaService.deleteOrphanFilesBefore):
 * that walks the whole storage, so not every hour, and once a day across every process (the
 * lease 'orphan-files').
 */
export class Purges extends PeriodicJob<PurgeReport> {
  /** How the services work through what is due (their PurgeRun). */
  private readonly run;
  private readonly leases: Leases;
  /** What `paused` last answered; a run in progress asks again every PAUSE_CHECK_MS. */
  private pausedNow = false;

  constructor(private readonly options: PurgesOptions) {
    super(options.log, { done: 'purged', failed: 'purge failed' });
    this.leases = options.leases ?? new Leases(options.db, options.clock);
    this.run = {
      batchSize: options.batchSize ?? 100,
      // After stop(), or once a backup takes its lock, a run ends between batches; the next
      // run finishes the work.
      shouldStop: () => this.stopped || this.pausedNow,
      log: options.log,
    };
  }

  protected worthLogging(report: PurgeReport): boolean {
    return report.posts + report.accounts + report.orphanFiles + report.sessions > 0;
  }

  async runOnce(): Promise<PurgeReport> {
    if (await this.isPaused()) {
      this.options.log.info('purges skipped: a backup is running');
      return { posts: 0, accounts: 0, files: 0, orphanFiles: 0, sessions: 0 };
    }
    const pausedChecks = this.options.paused ? this.watchPause() : undefined;
    try {
      return await this.purgeAll();
    } finally {
      await pausedChecks?.();
    }
  }

  private async purgeAll(): Promise<PurgeReport> {
    const trash = await this.purgeTrash();
    const unverified = await this.purgeUnverifiedAccounts();
    const deleted = await this.purgeDeletedAccounts();
    const sessions = await this.purgeExpiredSessions();
    await this.purgeExports();
    let orphanFiles = 0;
    if (!this.stopped && !this.pausedNow && (await this.leases.take(ORPHAN_SWEEP_LEASE, DAY_MS))) {
      try {
        orphanFiles = await this.deleteOrphanFiles();
      } catch (error) {
        // A sweep that failed is tried again by the next run (any process), not a day later.
        await this.leases.release(ORPHAN_SWEEP_LEASE).catch(() => {});
        throw error;
      }
    }
    return {
      posts: trash.posts,
      accounts: unverified.accounts + deleted.accounts,
      files: trash.files + unverified.files + deleted.files,
      orphanFiles,
      sessions,
    };
  }

  private async isPaused(): Promise<boolean> {
    this.pausedNow = (await this.options.paused?.()) === true;
    return this.pausedNow;
  }

  /** Asks `paused` again every PAUSE_CHECK_MS while a run lasts; the answer stops it between batches. */
  private watchPause(): () => Promise<void> {
    let asking: Promise<unknown> = Promise.resolve();
    const timer = setInterval(() => {
      asking = this.isPaused().catch((error) => {
        this.options.log.warn({ err: error }, 'purges could not check for a backup');
      });
    }, PAUSE_CHECK_MS);
    timer.unref();
    return async () => {
      clearInterval(timer);
      await asking;
    };
  }

  purgeExpiredSessions(): Promise<number> {
    const now = this.options.clock.now().toISOString();
    return purgeSessionsExpiredBefore(this.options.db, now, this.run);
  }

  purgeTrash(): Promise<{ posts: number; files: number }> {
    return this.options.posts.purgeTrashedBefore(this.cutoff(TRASH_RETENTION_DAYS), this.run);
  }

  purgeUnverifiedAccounts(): Promise<{ accounts: number; files: number }> {
    return this.options.users.purgeUnverifiedBefore(
      this.cutoff(UNVERIFIED_LIFETIME_DAYS),
      this.run,
    );
  }

  /** Accounts whose members asked to delete them ACCOUNT_DELETION_GRACE_MS ago or more. */
  purgeDeletedAccounts(): Promise<{ accounts: number; files: number }> {
    const cutoff = addMs(this.options.clock.now(), -ACCOUNT_DELETION_GRACE_MS).toISOString();
    return this.options.accountDeletions.purgeDeletedBefore(cutoff, this.run);
  }

  /**
   * Ready zips of 'Download your information' past their DATA_EXPORT_TTL_MS, failed ones a week
   * old, and zip files no row names, with their rows (DataExportService.purgeExpired).
   */
  async purgeExports(): Promise<number> {
    if (!this.options.exports) return 0;
    const purged = await this.options.exports.purgeExpired(this.run);
    if (purged > 0) this.options.log.info({ exports: purged }, 'purged data exports');
    return purged;
  }

  /** Every stored file older than a day that no row names, whenever it was last done. */
  deleteOrphanFiles(): Promise<number> {
    return this.options.media.deleteOrphanFilesBefore(this.cutoff(ORPHAN_FILE_AGE_DAYS), this.run);
  }

  private cutoff(days: number): string {
    return addMs(this.options.clock.now(), -days * DAY_MS).toISOString();
  }
}

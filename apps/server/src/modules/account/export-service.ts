import { randomBytes } from 'node:crypto';
import type { Readable } from 'node:stream';
import {
  ACCOUNT_MESSAGES,
  DATA_EXPORT_LINK_TTL_SECONDS,
  DATA_EXPORT_TTL_MS,
  type DataExport,
  type DataExportLink,
  type DataExports,
  SERVER_MESSAGES,
} from '@hearth/contract';
import type { FastifyBaseLogger } from 'fastify';
import { v7 as uuidv7 } from 'uuid';
import type { DataExportRow, NewDataExport } from '../../db/data-exports.js';
import type { Db } from '../../db/database.js';
import { type PurgeRun, purgeInBatches } from '../../db/purge-run.js';
import type { UserRow } from '../../db/users.js';
import { conflict, notFound } from '../../errors.js';
import { addMs, type Clock } from '../../infra/clock.js';
import { leaseHolderName } from '../../infra/leases.js';
import { EXPORT_KEY } from '../../infra/storage/media-paths.js';
import type { Storage } from '../../infra/storage/storage.js';
import type { MailQueue } from '../mail/service.js';
import { dataExportReadyMail } from '../mail/templates.js';
import type { NotificationsService } from '../notifications/service.js';
import { writeExportContents } from './export-contents.js';
import { EXPORT_DOWNLOAD_PATH, ExportLinks } from './export-links.js';
import {
  claimableExportIds,
  claimExport,
  deleteExports,
  exportKeysAmong,
  exportsOf,
  findExport,
  insertExportUnlessUnderWay,
  markExportAttemptFailed,
  markExportReady,
  memberToTell,
  purgeableExports,
  releaseExport,
  renewExportLease,
} from './export-repo.js';
import { ZipToStorage } from './export-zip.js';

export interface DataExportServiceDeps {
  db: Db;
  storage: Storage;
  clock: Clock;
  mail: MailQueue;
  notifications: NotificationsService;
  /** APP_URL: the ready mail links to its Settings page. */
  appUrl: string;
  /** PUBLIC_URL: where this server answers the download's address. */
  publicUrl: string;
  /** JWT_SECRET: the download addresses are signed with a key derived from it. */
  secret: string;
  log: FastifyBaseLogger;
  /** Asks this process's builder (jobs/data-exports.ts) to look for work now. */
  buildSoon?: () => void;
  /** How long a builder holds an export unrenewed before another process takes it up. */
  leaseMs?: number;
  /** Rows per page of each list the zip holds. */
  pageSize?: number;
}

/** What one pass of the builder did. */
export interface ExportBuildReport {
  ready: number;
  /** Attempts that failed and will be tried again, and exports failed for good. */
  retried: number;
  failed: number;
  /** Exports another process took over (this one's lease ran out). */
  lost: number;
  /** Exports given back unbuilt because the process is stopping. */
  released: number;
}

/** A ready zip on its way to a browser. */
export interface ExportDownload {
  body: Readable;
  bytes: number;
  /** `hearth-{username}-{date ready}.zip`. */
  fileName: string;
}

/** Attempts at one export before it is `failed` for good. */
export const EXPORT_MAX_ATTEMPTS = 3;
const LEASE_MS = 2 * 60_000;
/** A failed attempt is tried again after this many milliseconds times its number. */
const RETRY_AFTER_MS = 60_000;
/** Failed exports stay listed (the member sees why nothing came) this long, then go. */
const FAILED_KEPT_MS = DATA_EXPORT_TTL_MS;
/** A zip file no row names is an orphan once this old (a builder that died after storing it). */
const ORPHAN_FILE_AGE_MS = 24 * 60 * 60_000;
const EXPORTS_FOLDER = 'exports/';

/** Why a build was cut short, as the builder's signal says it. */
class LeaseLost extends Error {
  constructor() {
    super('another process took the export over');
  }
}

/**
 * 'Download your information' (API.md, One's own account): a member asks, one export at a time;
 * a builder in any process claims it with a lease (renewed while it builds; a process that died
 * stops holding it, and another takes it up), streams the zip into the storage, and tells the
 * member by notification and mail. The zip is downloaded through a short-lived signed address for
 * DATA_EXPORT_TTL_MS, then the purge deletes it.
 */
export class DataExportService {
  /** This process in the rows it leases. */
  readonly owner = leaseHolderName();
  private readonly links: ExportLinks;
  private readonly leaseMs: number;
  private readonly pageSize: number;

  constructor(private readonly deps: DataExportServiceDeps) {
    this.links = new ExportLinks(deps.secret);
    this.leaseMs = deps.leaseMs ?? LEASE_MS;
    this.pageSize = deps.pageSize ?? 500;
  }

  /** Queues a zip of the member's information; 409 while one is queued or being built. */
  async request(member: UserRow): Promise<DataExport> {
    const row: NewDataExport = {
      id: uuidv7(),
      user_id: member.id,
      status: 'queued',
      storage_key: null,
      bytes: null,
      lease_owner: null,
      lease_until: null,
      attempts: 0,
      error: null,
      requested_at: this.deps.clock.now().toISOString(),
      ready_at: null,
      expires_at: null,
    };
    const queued = await this.deps.db
      .transaction()
      .execute((trx) => insertExportUnlessUnderWay(trx, row));
    if (!queued) throw conflict(ACCOUNT_MESSAGES.exportUnderWay);
    this.deps.buildSoon?.();
    return toDataExport({ ...row, attempts: 0 } as DataExportRow);
  }

  /** The member's exports, newest first; ready ones past their days are no longer listed. */
  async list(member: UserRow): Promise<DataExports> {
    const nowIso = this.deps.clock.now().toISOString();
    const rows = await exportsOf(this.deps.db, member.id);
    return { exports: rows.filter((row) => !expired(row, nowIso)).map(toDataExport) };
  }

  /** A signed address of the member's ready zip; 404 for anyone else's, or one not ready. */
  async link(member: UserRow, exportId: string): Promise<DataExportLink> {
    const now = this.deps.clock.now();
    const row = await findExport(this.deps.db, exportId);
    if (!row || row.user_id !== member.id || !downloadable(row, now.toISOString())) {
      throw notFound(SERVER_MESSAGES.notFound);
    }
    const expiresAt = Math.floor(now.getTime() / 1000) + DATA_EXPORT_LINK_TTL_SECONDS;
    const path = `${EXPORT_DOWNLOAD_PATH}${encodeURIComponent(row.id)}`;
    return {
      url: `${this.deps.publicUrl}${path}?${this.links.query(row.id, expiresAt)}`,
      expiresAt: new Date(expiresAt * 1000).toISOString(),
    };
  }

  /**
   * The zip a download address opens: undefined (a 404) unless its signature is this server's
   * for that export and unexpired, and the export is ready, unexpired and stored.
   */
  async download(exportId: string, search: string): Promise<ExportDownload | undefined> {
    const now = this.deps.clock.now();
    // The signature first: nothing unsigned reaches the database.
    if (!this.links.opens(exportId, search, now.getTime())) return undefined;
    const row = await findExport(this.deps.db, exportId);
    if (!row?.storage_key || !row.ready_at || !downloadable(row, now.toISOString())) {
      return undefined;
    }
    const stored = await this.deps.storage.getStream(row.storage_key);
    if (!stored) return undefined;
    return { ...stored, fileName: `hearth-${row.username}-${row.ready_at.slice(0, 10)}.zip` };
  }

  /** Builds every export waiting, one after the other, until none is left or `stop` aborts. */
  async buildDue(stop: AbortSignal): Promise<ExportBuildReport> {
    const report: ExportBuildReport = { ready: 0, retried: 0, failed: 0, lost: 0, released: 0 };
    while (!stop.aborted) {
      const claimed = await this.claimNext();
      if (!claimed) break;
      report[await this.build(claimed, stop)] += 1;
    }
    return report;
  }

  /**
   * Takes the oldest export waiting (queued, or whose builder's lease ran out). One taken more
   * than EXPORT_MAX_ATTEMPTS times (its builders kept dying on it) is failed instead.
   */
  async claimNext(): Promise<DataExportRow | undefined> {
    const { db, clock, log } = this.deps;
    for (;;) {
      const now = clock.now();
      const nowIso = now.toISOString();
      const ids = await claimableExportIds(db, nowIso, 5);
      if (ids.length === 0) return undefined;
      for (const id of ids) {
        const until = addMs(now, this.leaseMs).toISOString();
        const row = await claimExport(db, id, this.owner, nowIso, until);
        if (!row) continue;
        if (row.attempts <= EXPORT_MAX_ATTEMPTS) return row;
        const why = `its builder stopped ${EXPORT_MAX_ATTEMPTS} times before it was done`;
        await markExportAttemptFailed(db, id, this.owner, why, null);
        log.warn({ exportId: id, attempts: row.attempts }, 'data export failed: builders died');
      }
    }
  }

  /**
   * Builds one claimed export: the zip streamed into the storage under a fresh key, the lease
   * renewed meanwhile, then ready with the notification and the mail in one transaction. Answers
   * how it ended; a lost lease or a stop leaves nothing stored.
   */
  async build(row: DataExportRow, stop: AbortSignal): Promise<keyof ExportBuildReport> {
    const { db, clock, storage, log } = this.deps;
    const key = `${EXPORTS_FOLDER}${randomBytes(16).toString('hex')}.zip`;
    const lease = new AbortController();
    const renewal = setInterval(
      () =>
        void renewExportLease(
          db,
          row.id,
          this.owner,
          addMs(clock.now(), this.leaseMs).toISOString(),
        )
          .then((held) => {
            if (!held) lease.abort(new LeaseLost());
          })
          // A database hiccup is not a lost lease: the next renewal tries again.
          .catch((error: unknown) => log.warn({ err: error }, 'data export lease not renewed')),
      Math.max(1000, Math.floor(this.leaseMs / 3)),
    );
    renewal.unref();
    const now = clock.now();
    const zip = new ZipToStorage(storage, key, AbortSignal.any([stop, lease.signal]));
    let bytes: number;
    try {
      await writeExportContents(
        zip,
        {
          db,
          storage,
          pageSize: this.pageSize,
          onMissingImage: (storageKey) =>
            log.warn({ exportId: row.id, storageKey }, 'data export: an image file is missing'),
        },
        row.user_id,
        now,
      );
      bytes = await zip.finish();
    } catch (error) {
      await zip.abort(error);
      if (lease.signal.aborted) return 'lost';
      if (stop.aborted) {
        await releaseExport(db, row.id, this.owner);
        return 'released';
      }
      return this.attemptFailed(row, error);
    } finally {
      clearInterval(renewal);
    }
    return this.finishReady(row, key, bytes);
  }

  /**
   * Ready exports past their days and failed ones older than FAILED_KEPT_MS go with their files;
   * so do zip files no row names (a builder that died after storing one). Answers how many
   * exports and orphan files went.
   */
  async purgeExpired(run: PurgeRun): Promise<number> {
    const { db, clock } = this.deps;
    const now = clock.now();
    const nowIso = now.toISOString();
    const failedBefore = addMs(now, -FAILED_KEPT_MS).toISOString();
    let purged = 0;
    const keys = new Map<string, string | null>();
    await purgeInBatches(
      run,
      async (limit) => {
        const rows = await purgeableExports(db, nowIso, failedBefore, limit);
        for (const row of rows) keys.set(row.id, row.storage_key);
        return rows.map((row) => row.id);
      },
      async (ids) => {
        // Files first: a file whose row went would wait for the orphan sweep below.
        for (const id of ids) {
          const key = keys.get(id);
          if (key) await this.deleteFile(key, run);
          keys.delete(id);
        }
        await deleteExports(db, ids);
        purged += ids.length;
      },
    );
    if (run.shouldStop()) return purged;
    return purged + (await this.deleteOrphanFiles(addMs(now, -ORPHAN_FILE_AGE_MS), run));
  }

  private async deleteOrphanFiles(before: Date, run: PurgeRun): Promise<number> {
    let deleted = 0;
    let batch: string[] = [];
    const sweep = async () => {
      const named = await exportKeysAmong(this.deps.db, batch);
      for (const key of batch) {
        if (named.has(key)) continue;
        if (await this.deleteFile(key, run)) deleted += 1;
      }
      batch = [];
    };
    // Keys sort together under the folder: the listing starts there and stops past it.
    for await (const file of this.deps.storage.list(EXPORTS_FOLDER)) {
      if (!file.key.startsWith(EXPORTS_FOLDER)) break;
      if (!EXPORT_KEY.test(file.key) || file.modifiedAt >= before) continue;
      batch.push(file.key);
      if (batch.length < run.batchSize) continue;
      await sweep();
      if (run.shouldStop()) return deleted;
    }
    await sweep();
    return deleted;
  }

  private async deleteFile(key: string, run: PurgeRun): Promise<boolean> {
    try {
      await this.deps.storage.delete(key);
      return true;
    } catch (error) {
      run.log.warn({ err: error, key }, 'could not delete a data export file');
      return false;
    }
  }

  private async finishReady(
    row: DataExportRow,
    key: string,
    bytes: number,
  ): Promise<keyof ExportBuildReport> {
    const { db, clock, mail, notifications, appUrl, storage, log } = this.deps;
    const readyAt = clock.now();
    const readyAtIso = readyAt.toISOString();
    const expiresAtIso = addMs(readyAt, DATA_EXPORT_TTL_MS).toISOString();
    const told = await db.transaction().execute(async (trx) => {
      const done = { storageKey: key, bytes, readyAtIso, expiresAtIso };
      if (!(await markExportReady(trx, row.id, this.owner, done))) return undefined;
      const member = await memberToTell(trx, row.user_id);
      if (member) {
        await mail.enqueue(
          trx,
          dataExportReadyMail(member, {
            settingsUrl: `${appUrl}/settings`,
            expiresAt: expiresAtIso,
          }),
        );
      }
      return [await notifications.exportReady(trx, row.user_id, readyAtIso)];
    });
    if (!told) {
      // Another process took it over while this one stored its zip: that one's zip counts.
      await storage.delete(key).catch(() => {});
      return 'lost';
    }
    mail.deliverSoon();
    await notifications.publish(told);
    log.info({ exportId: row.id, bytes }, 'data export ready');
    return 'ready';
  }

  private async attemptFailed(
    row: DataExportRow,
    error: unknown,
  ): Promise<keyof ExportBuildReport> {
    const { db, clock, log } = this.deps;
    const reason = (error instanceof Error ? error.message : String(error)).slice(0, 1000);
    const last = row.attempts >= EXPORT_MAX_ATTEMPTS;
    const retryAt = last ? null : addMs(clock.now(), RETRY_AFTER_MS * row.attempts).toISOString();
    await markExportAttemptFailed(db, row.id, this.owner, reason, retryAt);
    log.warn(
      { err: error, exportId: row.id, attempts: row.attempts, retryAt },
      last ? 'data export failed' : 'data export attempt failed; will retry',
    );
    return last ? 'failed' : 'retried';
  }
}

function toDataExport(row: DataExportRow): DataExport {
  return {
    id: row.id,
    status: row.status,
    requestedAt: row.requested_at,
    readyAt: row.ready_at,
    expiresAt: row.expires_at,
    bytes: row.bytes === null ? null : Number(row.bytes),
  };
}

function expired(row: DataExportRow, nowIso: string): boolean {
  return row.status === 'ready' && row.expires_at !== null && row.expires_at <= nowIso;
}

function downloadable(row: DataExportRow, nowIso: string): boolean {
  return row.status === 'ready' && row.storage_key !== null && !expired(row, nowIso);
}

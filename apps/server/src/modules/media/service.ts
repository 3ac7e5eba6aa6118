import os from 'node:os';
import path from 'node:path';
import {
  fileMessage,
  fileMessagesFor,
  type ImageListing,
  imageVariants,
  type ListImagesInput,
  MEDIA_MESSAGES,
  ownUploadFolder,
  type UploadFolder,
  type UploadResponse,
} from '@hearth/contract';
import { v7 as uuidv7 } from 'uuid';
import type { Db } from '../../db/database.js';
import { keysetPage } from '../../db/keyset.js';
import type { NewMedia } from '../../db/media.js';
import type { PurgeRun } from '../../db/purge-run.js';
import type { UserRow } from '../../db/users.js';
import {
  type DomainError,
  forbidden,
  invalid,
  notFound,
  tooLarge,
  unsupportedMediaType,
} from '../../errors.js';
import type { Clock } from '../../infra/clock.js';
import type { ImageUrls } from '../../infra/storage/image-urls.js';
import type { Storage } from '../../infra/storage/storage.js';
import { viewerOfMember } from '../access/visibility.js';
import { deleteHeldFilesBefore, HeldFiles } from './held-files.js';
import {
  ImageRejected,
  makeImageVariants,
  reencodeImage,
  UPLOAD_EXTENSIONS,
} from './image-processing.js';
import { toImageListing } from './present.js';
import {
  countMedia,
  deleteMediaRows,
  insertMedia,
  mediaOfOwners,
  mediaPage,
  memberIdByUsername,
  ownedMediaKeys,
  type StoredMedia,
  unreferencedMedia,
  uploadKeysAmong,
} from './repo.js';
import {
  deleteUploadFiles,
  storeImageVariants,
  uploadStemOf,
  variantStorageKeys,
} from './variants.js';

export interface MediaServiceDeps {
  db: Db;
  storage: Storage;
  /** Image references to addresses and back. */
  imageUrls: ImageUrls;
  clock: Clock;
  /** Where files sent before their upload's path wait, a directory per request (HeldFiles). */
  uploadTempDir?: string;
}

export class MediaService {
  /** The folder holding each request's directory of held files (HeldFiles). */
  readonly uploadTempDir: string;

  constructor(private readonly deps: MediaServiceDeps) {
    this.uploadTempDir = deps.uploadTempDir ?? path.join(os.tmpdir(), 'hearth-uploads');
  }

  /** Opens an upload into one of the member's own folders (else 403). */
  startUpload(member: UserRow, path: string): Upload {
    const folder = ownUploadFolder(member.username, path);
    if (!folder) {
      throw forbidden(MEDIA_MESSAGES.pathForbidden.replaceAll('{me}', member.username));
    }
    return new Upload(this.deps, member, folder);
  }

  /** A place for the files that come before the path field; dispose() it on every outcome. */
  holdFiles(): HeldFiles {
    return new HeldFiles(this.uploadTempDir);
  }

  /**
   * The 413 for a file over IMAGE_MAX_BYTES: worded for the upload's folder, or as for a post's
   * photos when the file came before the path.
   */
  fileTooLarge(fileName: string | undefined, upload?: Upload): DomainError {
    return upload
      ? upload.fileTooLarge(fileName)
      : tooLarge(fileMessage(fileMessagesFor('postImages').size, displayName(fileName)));
  }

  /**
   * A member's uploads as `member` may see them (API.md, Who sees what): the owner all of theirs
   * but the hidden ones; anyone else only those something they may see shows, the total counting
   * just those. A block either way answers as an unknown username does.
   */
  async listImages(member: UserRow, input: ListImagesInput): Promise<ImageListing> {
    const { db } = this.deps;
    const viewer = viewerOfMember(member);
    const username = input.path.slice(0, -'/*'.length);
    const ownerId = await memberIdByUsername(db, viewer, username);
    if (!ownerId) throw notFound(MEDIA_MESSAGES.memberNotFound);
    const { items, nextCursor } = await keysetPage(
      input.max,
      (limit) => mediaPage(db, viewer, ownerId, { sort: input.sort, limit, cursor: input.cursor }),
      (row) => row.id,
    );
    const total = await countMedia(db, viewer, ownerId);
    return toImageListing(items, total, nextCursor, this.deps.imageUrls);
  }

  /**
   * The storage keys of these images a client sent, in order, each in any form it may send back
   * (infra/storage/image-urls.ts); refuses (400, with `message`) unless every one is one of the
   * member's own uploads.
   */
  async ownUploadKeys(
    db: Db,
    memberId: string,
    sent: string[],
    message: string,
  ): Promise<string[]> {
    const keys = sent.map((value) => this.deps.imageUrls.uploadKeyOf(value));
    if (keys.some((key) => key === undefined)) throw invalid(message);
    const distinct = [...new Set(keys as string[])];
    const owned = await ownedMediaKeys(db, memberId, distinct);
    if (distinct.some((key) => !owned.has(key))) throw invalid(message);
    return keys as string[];
  }

  /** These members' uploads, read in `db` (a transaction deleting their accounts). */
  uploadsOf(db: Db, ownerIds: string[]): Promise<StoredMedia[]> {
    return mediaOfOwners(db, ownerIds);
  }

  /**
   * Deletes, in `db` (the transaction that removed what showed them), the rows of the uploads
   * under these storage keys that nothing shows any more: no post, comment, picture or cover. Answers
   * their storage keys, for deleteStoredFiles once that transaction has committed.
   */
  async forgetUnreferenced(db: Db, keys: string[]): Promise<string[]> {
    const media = await unreferencedMedia(db, keys);
    await deleteMediaRows(
      db,
      media.map((m) => m.id),
    );
    return media.map((m) => m.storage_key);
  }

  /**
   * Deletes these uploads' files, each with its variants; one that cannot be deleted is logged
   * and left. Called after the commit that forgot their rows: a crash before this leaves a stray
   * file, never a row without its file. Answers how many uploads went.
   */
  async deleteStoredFiles(keys: string[], log: PurgeRun['log']): Promise<number> {
    const { storage } = this.deps;
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

  /**
   * Deletes what a process killed mid-upload leaves: stored files written before `cutoff` that no
   * upload row names (as its file or one of its variants), and unfinished writes and held-file
   * directories (HeldFiles, each counted as one) as old. An
   * upload stores its files before writing its row, so `cutoff` must leave it time (a day).
   * Works a batch of listed files at a time; two processes at once only delete a file twice.
   * Answers how many files went.
   */
  async deleteOrphanFilesBefore(cutoff: string, run: PurgeRun): Promise<number> {
    const before = new Date(cutoff);
    let deleted = await this.deps.storage.deleteUnfinishedBefore(before);
    deleted += await deleteHeldFilesBefore(this.uploadTempDir, before);
    let batch: string[] = [];
    for await (const file of this.deps.storage.list()) {
      if (file.modifiedAt >= before) continue;
      batch.push(file.key);
      if (batch.length < run.batchSize) continue;
      deleted += await this.deleteOrphans(batch, run.log);
      batch = [];
      if (run.shouldStop()) return deleted;
    }
    return deleted + (await this.deleteOrphans(batch, run.log));
  }

  /** Deletes those of these stored files that no upload row names. */
  private async deleteOrphans(keys: string[], log: PurgeRun['log']): Promise<number> {
    const stems = new Map(keys.map((key) => [key, uploadStemOf(key)]));
    const named = [...new Set(stems.values())].filter((stem) => stem !== undefined);
    const rows = await uploadKeysAmong(
      this.deps.db,
      named.map((stem) => stem.slice(stem.lastIndexOf('/') + 1)),
      named.flatMap((stem) => UPLOAD_EXTENSIONS.map((extension) => `${stem}.${extension}`)),
    );
    const kept = new Set(rows.flatMap((key) => [key, ...variantStorageKeys(key)]));
    let deleted = 0;
    for (const [key, stem] of stems) {
      // Only the files the server names after uploads are its to delete.
      if (stem === undefined || kept.has(key)) continue;
      try {
        await this.deps.storage.delete(key);
        deleted += 1;
      } catch (error) {
        log.warn({ err: error, key }, 'could not delete an orphan media file');
      }
    }
    return deleted;
  }
}

/**
 * One upload call: each image is checked, re-encoded and stored as it arrives with its
 * right-sized variants, so only one is in memory at a time; the rows are written together at the
 * end. Any failure removes what was stored: a call uploads all its images or none.
 */
export class Upload {
  private readonly stored: NewMedia[] = [];
  /** Every original written (or being written); its variants sit beside it. */
  private readonly keys: string[] = [];
  private readonly messages;

  constructor(
    private readonly deps: MediaServiceDeps,
    private readonly member: UserRow,
    private readonly folder: UploadFolder,
  ) {
    this.messages = fileMessagesFor(folder.kind);
  }

  /** The 413 for a file over IMAGE_MAX_BYTES, worded for the screen that uploads here. */
  fileTooLarge(fileName: string | undefined): DomainError {
    return tooLarge(this.fileMessage(this.messages.size, fileName));
  }

  async add(fileName: string | undefined, bytes: Buffer): Promise<void> {
    const { storage, clock } = this.deps;
    let image: Awaited<ReturnType<typeof reencodeImage>>;
    let variants: Awaited<ReturnType<typeof makeImageVariants>>;
    try {
      image = await reencodeImage(bytes);
      // From the re-encoded image: already the right way up, at most IMAGE_MAX_SIDE.
      variants = await makeImageVariants(image.bytes);
    } catch (error) {
      if (!(error instanceof ImageRejected)) throw error;
      if (error.reason === 'type') {
        throw unsupportedMediaType(this.fileMessage(this.messages.type, fileName));
      }
      if (error.reason === 'pixels') {
        throw tooLarge(fileMessage(MEDIA_MESSAGES.tooManyPixels, displayName(fileName)));
      }
      throw invalid(fileMessage(MEDIA_MESSAGES.unreadable, displayName(fileName)));
    }
    const id = uuidv7();
    const key = `${this.folder.path}/${id}.${image.extension}`;
    // Remembered before writing, so abort() removes whatever part of it was written.
    this.keys.push(key);
    await storage.put(key, image.bytes, image.contentType);
    await storeImageVariants(storage, key, variants);
    this.stored.push({
      id,
      owner_id: this.member.id,
      folder: this.folder.path,
      storage_key: key,
      content_type: image.contentType,
      width: image.width,
      height: image.height,
      bytes: image.bytes.length,
      variants_ready: 1,
      created_at: clock.now().toISOString(),
    });
  }

  /** Records the stored images; answers their addresses in the order they were sent. */
  async finish(): Promise<UploadResponse> {
    if (this.stored.length === 0) throw invalid(MEDIA_MESSAGES.noFile);
    await insertMedia(this.deps.db, this.stored);
    return this.stored.map((row) => {
      const url = this.deps.imageUrls.url(row.storage_key);
      return { url, variants: imageVariants(url) };
    });
  }

  /** Removes every file stored by this call, variants included (after a failure). */
  async abort(): Promise<void> {
    const { storage } = this.deps;
    await Promise.allSettled(this.keys.map((key) => deleteUploadFiles(storage, key)));
    this.keys.length = 0;
    this.stored.length = 0;
  }

  private fileMessage(template: string, fileName: string | undefined): string {
    const name = displayName(fileName);
    // The cover messages do not name the file; the member still needs to know which one.
    return template.includes('{file}') ? fileMessage(template, name) : `${name}: ${template}`;
  }
}

/** A file name fit to quote in a message: no directories, not endless. */
function displayName(fileName: string | undefined): string {
  const base = (fileName ?? '').split(/[/\\]/).pop()?.trim() ?? '';
  const name = base.length > 0 ? base : 'The file';
  return name.length > 80 ? `${name.slice(0, 77)}...` : name;
}

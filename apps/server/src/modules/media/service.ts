import {
  fileMessage,
  type ImageListing,
  type ListImagesInput,
  MEDIA_MESSAGES,
  type UploadResponse,
} from '@hearth/contract';
import { v7 as uuidv7 } from 'uuid';
import type { Db } from '../../db/database.js';
import type { NewMedia } from '../../db/media.js';
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
import type { Storage } from '../../infra/storage/storage.js';
import { ImageRejected, reencodeImage } from './image-processing.js';
import { toImageListing } from './present.js';
import { countMedia, insertMedia, mediaPage, memberIdByUsername, ownedMediaUrls } from './repo.js';
import {
  displayName,
  fileMessagesFor,
  ownUploadFolder,
  type UploadFolder,
} from './upload-folders.js';

export interface MediaServiceDeps {
  db: Db;
  storage: Storage;
  clock: Clock;
}

export class MediaService {
  constructor(private readonly deps: MediaServiceDeps) {}

  /** Opens an upload into one of the member's own folders (else 403). */
  startUpload(member: UserRow, path: string): Upload {
    const folder = ownUploadFolder(member.username, path);
    if (!folder) {
      throw forbidden(MEDIA_MESSAGES.pathForbidden.replaceAll('{me}', member.username));
    }
    return new Upload(this.deps, member, folder);
  }

  async listImages(input: ListImagesInput): Promise<ImageListing> {
    const { db } = this.deps;
    const username = input.path.slice(0, -'/*'.length);
    const ownerId = await memberIdByUsername(db, username);
    if (!ownerId) throw notFound(MEDIA_MESSAGES.memberNotFound);
    const rows = await mediaPage(db, ownerId, {
      sort: input.sort,
      limit: input.max + 1,
      cursor: input.cursor,
    });
    const page = rows.slice(0, input.max);
    const nextCursor = rows.length > input.max ? page.at(-1)?.id : undefined;
    return toImageListing(page, await countMedia(db, ownerId), nextCursor);
  }

  /** Refuses (400, with `message`) unless every url is one of the member's own uploads. */
  async assertOwnUploads(db: Db, memberId: string, urls: string[], message: string) {
    const distinct = [...new Set(urls)];
    const owned = await ownedMediaUrls(db, memberId, distinct);
    if (distinct.some((url) => !owned.has(url))) throw invalid(message);
  }
}

/**
 * One upload call: each image is checked, re-encoded and stored as it arrives, so only one is
 * in memory at a time; the rows are written together at the end. Any failure removes what was
 * stored: a call uploads all its images or none.
 */
export class Upload {
  private readonly stored: NewMedia[] = [];
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
    try {
      image = await reencodeImage(bytes);
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
    await storage.put(key, image.bytes, image.contentType);
    this.stored.push({
      id,
      owner_id: this.member.id,
      folder: this.folder.path,
      storage_key: key,
      url: storage.publicUrl(key),
      content_type: image.contentType,
      width: image.width,
      height: image.height,
      bytes: image.bytes.length,
      created_at: clock.now().toISOString(),
    });
  }

  /** Records the stored images; answers their urls in the order they were sent. */
  async finish(): Promise<UploadResponse> {
    if (this.stored.length === 0) throw invalid(MEDIA_MESSAGES.noFile);
    await insertMedia(this.deps.db, this.stored);
    return this.stored.map((row) => ({ url: row.url }));
  }

  /** Removes every file stored by this call (after a failure). */
  async abort(): Promise<void> {
    const { storage } = this.deps;
    await Promise.allSettled(this.stored.map((row) => storage.delete(row.storage_key)));
    this.stored.length = 0;
  }

  private fileMessage(template: string, fileName: string | undefined): string {
    const name = displayName(fileName);
    // The cover messages do not name the file; the member still needs to know which one.
    return template.includes('{file}') ? fileMessage(template, name) : `${name}: ${template}`;
  }
}

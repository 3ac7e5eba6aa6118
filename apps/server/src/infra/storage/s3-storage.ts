import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import {
  AbortMultipartUploadCommand,
  type CompletedPart,
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListMultipartUploadsCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  UploadPartCommand,
} from '@aws-sdk/client-s3';
import { IMMUTABLE, MEDIA_URL_PREFIX } from './media-paths.js';
import {
  assertStorageKey,
  STORAGE_KEY,
  type Storage,
  type StoredFile,
  type StoredStream,
} from './storage.js';

/** A streamed write's part (S3 takes parts of 5 MiB at least, but for the last). */
const PART_BYTES = 8 * 1024 * 1024;

/** Where the bucket is and how to sign in to it (config.ts's S3_* settings). */
export interface S3Settings {
  /** Unset: AWS itself, from the region. */
  endpoint: string | undefined;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** `endpoint/bucket/key` rather than `bucket.endpoint/key` (MinIO, most emulators). */
  forcePathStyle: boolean;
  /**
   * MEDIA_PUBLIC_URL: where browsers load the bucket's files (a CDN, the bucket's public
   * address), without a trailing slash; unset: this server serves them at /media/.
   */
  mediaPublicUrl: string | undefined;
}

/** An object as the bucket describes it. */
export interface S3Object {
  /** The ETag without its quotes: the MD5 of the bytes in hex for a single-part upload. */
  etag: string;
  size: number;
  contentType: string | undefined;
}

/** What a read answers: the bytes, or `notModified` when the caller's ETag still matches. */
export type S3Read =
  | { notModified: true; etag: string }
  | { notModified: false; bytes: Buffer; etag: string; contentType: string | undefined };

/** Files in an S3-compatible bucket (AWS, MinIO, R2, Backblaze, …), under their storage keys. */
export class S3Storage implements Storage {
  readonly client: S3Client;
  readonly bucket: string;

  constructor(
    private readonly settings: S3Settings,
    /** Keys per ListObjectsV2 page (S3 answers at most 1000); tests make it small. */
    private readonly pageSize = 1000,
    /** Bytes per part of a streamed write, held in memory one at a time; tests make it small. */
    private readonly partBytes = PART_BYTES,
  ) {
    this.bucket = settings.bucket;
    this.client = new S3Client({
      region: settings.region,
      ...(settings.endpoint ? { endpoint: settings.endpoint } : {}),
      forcePathStyle: settings.forcePathStyle,
      credentials: {
        accessKeyId: settings.accessKeyId,
        secretAccessKey: settings.secretAccessKey,
      },
      // Checksums only where S3 requires them: many S3-compatible stores (and emulators) refuse
      // or mangle the SDK's default CRC32 headers and trailers.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  }

  /** MEDIA_PUBLIC_URL: where browsers load files from, when not from this server's /media/. */
  get mediaPublicUrl(): string | undefined {
    return this.settings.mediaPublicUrl;
  }

  /** The bucket answers and a file can be written in it and removed. */
  async check(): Promise<void> {
    const probe = `.ready-${randomBytes(8).toString('hex')}`;
    try {
      await this.client.send(new HeadBucketCommand({ Bucket: this.bucket }));
      await this.client.send(
        new PutObjectCommand({ Bucket: this.bucket, Key: probe, Body: Buffer.alloc(0) }),
      );
      await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: probe }));
    } catch (error) {
      throw new Error(`S3 bucket ${this.where()}: ${describe(error)}`);
    }
  }

  async put(key: string, bytes: Buffer, contentType: string): Promise<void> {
    assertStorageKey(key);
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.bucket,
        Key: key,
        Body: bytes,
        ContentType: contentType,
        CacheControl: IMMUTABLE,
      }),
    );
  }

  async get(key: string): Promise<Buffer | undefined> {
    const read = await this.read(key);
    return read && !read.notModified ? read.bytes : undefined;
  }

  /**
   * A multipart upload, one part in memory at a time, completed at the end so the object appears
   * whole; a body smaller than one part goes as a plain put. On failure the upload is aborted.
   */
  async putStream(key: string, body: Readable, contentType: string): Promise<number> {
    assertStorageKey(key);
    let uploadId: string | undefined;
    const parts: CompletedPart[] = [];
    let pending: Buffer[] = [];
    let pendingBytes = 0;
    let total = 0;
    const sendPart = async (bytes: Buffer) => {
      uploadId ??= await this.startUpload(key, contentType);
      const PartNumber = parts.length + 1;
      const answer = await this.client.send(
        new UploadPartCommand({
          Bucket: this.bucket,
          Key: key,
          UploadId: uploadId,
          PartNumber,
          Body: bytes,
        }),
      );
      parts.push({ PartNumber, ETag: answer.ETag });
    };
    try {
      for await (const chunk of body) {
        const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string);
        pending.push(buffer);
        pendingBytes += buffer.length;
        total += buffer.length;
        if (pendingBytes < this.partBytes) continue;
        const part = Buffer.concat(pending);
        pending = [];
        pendingBytes = 0;
        await sendPart(part);
      }
      const rest = Buffer.concat(pending);
      if (uploadId === undefined) {
        await this.put(key, rest, contentType);
        return total;
      }
      if (rest.length > 0) await sendPart(rest);
      await this.client.send(
        new CompleteMultipartUploadCommand({
          Bucket: this.bucket,
          Key: key,
          UploadId: uploadId,
          MultipartUpload: { Parts: parts },
        }),
      );
      return total;
    } catch (error) {
      body.destroy();
      if (uploadId !== undefined) {
        const UploadId = uploadId;
        await this.client
          .send(new AbortMultipartUploadCommand({ Bucket: this.bucket, Key: key, UploadId }))
          .catch(() => {});
      }
      throw error;
    }
  }

  async getStream(key: string): Promise<StoredStream | undefined> {
    assertStorageKey(key);
    try {
      const answer = await this.client.send(
        new GetObjectCommand({ Bucket: this.bucket, Key: key }),
      );
      // In Node the SDK answers the body as the HTTP response itself: a Readable.
      if (!(answer.Body instanceof Readable)) throw new Error(`S3 answered no stream for ${key}`);
      return { body: answer.Body, bytes: answer.ContentLength ?? 0 };
    } catch (error) {
      if (isNotFound(error)) return undefined;
      throw error;
    }
  }

  private async startUpload(key: string, contentType: string): Promise<string> {
    const answer = await this.client.send(
      new CreateMultipartUploadCommand({
        Bucket: this.bucket,
        Key: key,
        ContentType: contentType,
        CacheControl: IMMUTABLE,
      }),
    );
    if (!answer.UploadId) throw new Error(`S3 bucket ${this.where()}: no upload id for ${key}`);
    return answer.UploadId;
  }

  /**
   * The object's bytes and what serving them needs; undefined when missing. With `ifNoneMatch`
   * (a browser's If-None-Match) the bucket itself says whether it changed, sending no bytes then.
   */
  async read(key: string, ifNoneMatch?: string): Promise<S3Read | undefined> {
    assertStorageKey(key);
    try {
      const answer = await this.client.send(
        new GetObjectCommand({
          Bucket: this.bucket,
          Key: key,
          ...(ifNoneMatch ? { IfNoneMatch: ifNoneMatch } : {}),
        }),
      );
      const bytes = Buffer.from((await answer.Body?.transformToByteArray()) ?? []);
      return {
        notModified: false,
        bytes,
        etag: unquote(answer.ETag),
        contentType: answer.ContentType,
      };
    } catch (error) {
      if (isNotFound(error)) return undefined;
      if (statusOf(error) === 304) return { notModified: true, etag: unquote(ifNoneMatch) };
      throw error;
    }
  }

  /** The object's ETag, size and type without its bytes; undefined when missing. */
  async head(key: string): Promise<S3Object | undefined> {
    assertStorageKey(key);
    try {
      const answer = await this.client.send(
        new HeadObjectCommand({ Bucket: this.bucket, Key: key }),
      );
      return {
        etag: unquote(answer.ETag),
        size: answer.ContentLength ?? 0,
        contentType: answer.ContentType,
      };
    } catch (error) {
      if (isNotFound(error)) return undefined;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    assertStorageKey(key);
    // S3 answers 204 for a missing key too.
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
  }

  publicUrl(key: string): string {
    assertStorageKey(key);
    const base = this.settings.mediaPublicUrl;
    return base ? `${base}/${key}` : `${MEDIA_URL_PREFIX}${key}`;
  }

  /**
   * Pages of ListObjectsV2, each starting after the last name the previous one answered
   * (StartAfter rather than continuation tokens: the same request whether resuming or not).
   * S3 answers keys in UTF-8 byte order, which is a plain sort for our ASCII keys.
   */
  async *list(after?: string): AsyncGenerator<StoredFile> {
    let startAfter = after;
    for (;;) {
      const page = await this.client.send(
        new ListObjectsV2Command({
          Bucket: this.bucket,
          MaxKeys: this.pageSize,
          ...(startAfter !== undefined ? { StartAfter: startAfter } : {}),
        }),
      );
      const objects = page.Contents ?? [];
      for (const object of objects) {
        if (object.Key === undefined) continue;
        startAfter = object.Key;
        if (STORAGE_KEY.test(object.Key)) {
          yield { key: object.Key, modifiedAt: object.LastModified ?? new Date(0) };
        }
      }
      if (!page.IsTruncated || objects.length === 0) return;
    }
  }

  /**
   * Aborts multipart uploads begun before `cutoff` (we never start one, but a tool copying into
   * the bucket may leave them, and they cost storage until aborted). A store that does not
   * implement ListMultipartUploads (s3rver, the tests' emulator, answers 501 NotImplemented) has
   * none to abort: 0.
   */
  async deleteUnfinishedBefore(cutoff: Date): Promise<number> {
    let deleted = 0;
    let keyMarker: string | undefined;
    let uploadIdMarker: string | undefined;
    for (;;) {
      let page: Awaited<ReturnType<typeof this.listUploads>>;
      try {
        page = await this.listUploads(keyMarker, uploadIdMarker);
      } catch (error) {
        if (isNotImplemented(error)) return deleted;
        throw error;
      }
      for (const upload of page.Uploads ?? []) {
        if (!upload.Key || !upload.UploadId || !upload.Initiated || upload.Initiated >= cutoff) {
          continue;
        }
        await this.client.send(
          new AbortMultipartUploadCommand({
            Bucket: this.bucket,
            Key: upload.Key,
            UploadId: upload.UploadId,
          }),
        );
        deleted += 1;
      }
      if (!page.IsTruncated) return deleted;
      keyMarker = page.NextKeyMarker;
      uploadIdMarker = page.NextUploadIdMarker;
    }
  }

  private listUploads(keyMarker: string | undefined, uploadIdMarker: string | undefined) {
    return this.client.send(
      new ListMultipartUploadsCommand({
        Bucket: this.bucket,
        ...(keyMarker ? { KeyMarker: keyMarker } : {}),
        ...(uploadIdMarker ? { UploadIdMarker: uploadIdMarker } : {}),
      }),
    );
  }

  private where(): string {
    return `${this.bucket} at ${this.settings.endpoint ?? `AWS ${this.settings.region}`}`;
  }

  /** Closes the client's connections. */
  destroy(): void {
    this.client.destroy();
  }
}

function statusOf(error: unknown): number | undefined {
  return (error as { $metadata?: { httpStatusCode?: number } })?.$metadata?.httpStatusCode;
}

function isNotFound(error: unknown): boolean {
  const name = (error as { name?: string })?.name;
  return name === 'NoSuchKey' || name === 'NotFound' || statusOf(error) === 404;
}

function isNotImplemented(error: unknown): boolean {
  return (error as { name?: string })?.name === 'NotImplemented' || statusOf(error) === 501;
}

function describe(error: unknown): string {
  const name = (error as { name?: string })?.name;
  const message = error instanceof Error ? error.message : String(error);
  const status = statusOf(error);
  return [name, status && `HTTP ${status}`, message].filter(Boolean).join(': ');
}

function unquote(etag: string | undefined): string {
  return (etag ?? '').replace(/^W\//, '').replace(/"/g, '');
}

import type { Readable } from 'node:stream';

/**
 * Where uploaded files live. Keys are relative paths made by the server (`ada/post_images/{id}.jpg`)
 * and carry a unique id, so the bytes under a key never change and may be cached forever.
 * Local disk is the embedded default; an S3-compatible store implements the same interface.
 */
export interface Storage {
  put(key: string, bytes: Buffer, contentType: string): Promise<void>;
  /** The stored bytes, or undefined when nothing is stored under the key. */
  get(key: string): Promise<Buffer | undefined>;
  /**
   * Stores what `body` yields under `key` a part at a time, never holding it whole (a 'Download
   * your information' zip), and answers how many bytes were stored. A reader never sees half a
   * file, and nothing is left under the key when it fails.
   */
  putStream(key: string, body: Readable, contentType: string): Promise<number>;
  /** The stored bytes as a stream with their size, or undefined when nothing is stored there. */
  getStream(key: string): Promise<StoredStream | undefined>;
  /** Removes the file; removing a missing one is not an error (purges may run twice). */
  delete(key: string): Promise<void>;
  /** The address a browser loads the file from: same-origin `/media/…` or the bucket's URL. */
  publicUrl(key: string): string;
  /**
   * Every stored file, in key order, after `after` when given: a bucket reads it a page at a
   * time (S3's ListObjectsV2 with StartAfter). Names that are not storage keys are left out.
   */
  list(after?: string): AsyncIterable<StoredFile>;
  /**
   * Removes writes begun before `cutoff` and never finished (a process killed mid-put; S3's
   * incomplete multipart uploads); answers how many went.
   */
  deleteUnfinishedBefore(cutoff: Date): Promise<number>;
  /** Resolves when files can be written now (GET /ready); rejects, saying why, otherwise. */
  check(): Promise<void>;
}

/** A stored file being read: its bytes as they arrive, and how many there are. */
export interface StoredStream {
  body: Readable;
  bytes: number;
}

/** A file as a storage listing answers it. */
export interface StoredFile {
  key: string;
  /** When its bytes were written. */
  modifiedAt: Date;
}

/** Keys are built from usernames, folder names and ids only; anything else is a bug. */
export const STORAGE_KEY = /^[a-z0-9]+(\/[A-Za-z0-9_-]+)*\/[A-Za-z0-9-]+\.[a-z0-9]+$/;

export function assertStorageKey(key: string): void {
  if (!STORAGE_KEY.test(key)) throw new Error(`Not a storage key: ${key}`);
}

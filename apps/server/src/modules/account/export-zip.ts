import type { Readable } from 'node:stream';
import { finished } from 'node:stream/promises';
import { ZipFile } from 'yazl';
import type { Storage } from '../../infra/storage/storage.js';
import type { ExportSink } from './export-contents.js';

/**
 * A zip streamed into the storage as it is made (yazl writes each entry as its bytes arrive,
 * the storage stores what the zip yields a part at a time): memory holds one entry's buffers and
 * one storage part, however many files the zip gets. Entries are added one at a time, each once
 * the one before is written, so no more than one image file or object is open at once.
 *
 * Any failure (a file that cannot be read, the storage refusing, `signal` aborting because the
 * builder lost its lease) ends the write: `finish` or the pending `addStream` rejects, and the
 * storage keeps nothing under the key.
 */
export class ZipToStorage implements ExportSink {
  private readonly zip = new ZipFile();
  private readonly output: Readable;
  private readonly stored: Promise<number>;
  /** Rejects on the first failure, whatever it is; never resolves. */
  private readonly failed: Promise<never>;
  private fail: (error: unknown) => void = () => {};
  private current: Readable | undefined;

  constructor(storage: Storage, key: string, signal: AbortSignal) {
    // yazl's output is a PassThrough: a Readable, typed as the older interface.
    this.output = this.zip.outputStream as unknown as Readable;
    this.failed = new Promise<never>((_resolve, reject) => {
      this.fail = reject;
    });
    // Whoever awaits it hears of it; a failure nobody is waiting for is not an unhandled one.
    this.failed.catch(() => {});
    this.zip.on('error', (error: unknown) => this.abort(error));
    this.stored = storage.putStream(key, this.output, 'application/zip');
    this.stored.catch((error: unknown) => this.abort(error));
    if (signal.aborted) this.abort(signal.reason);
    signal.addEventListener('abort', () => this.abort(signal.reason), { once: true });
  }

  addText(name: string, text: string, mtime: Date): void {
    this.zip.addBuffer(Buffer.from(text), name, { mtime, compress: true });
  }

  async addStream(
    name: string,
    body: Readable,
    options: { mtime: Date; size?: number; compress: boolean },
  ): Promise<void> {
    this.current = body;
    this.zip.addReadStream(body, name, options);
    // Done once the zip has read the whole file (its bytes then go out with the next entry's).
    await Promise.race([finished(body), this.failed]);
    this.current = undefined;
  }

  /** Writes the zip's directory and waits for the storage to hold all of it: the zip's size. */
  async finish(): Promise<number> {
    this.zip.end();
    return Promise.race([this.stored, this.failed]);
  }

  /**
   * Stops the write, the storage removing what it stored of it; resolves once it has. Safe to
   * call more than once, and after `finish`.
   */
  async abort(error: unknown): Promise<void> {
    const reason = error instanceof Error ? error : new Error(String(error));
    this.fail(reason);
    this.current?.destroy();
    this.output.destroy(reason);
    await this.stored.catch(() => {});
  }
}

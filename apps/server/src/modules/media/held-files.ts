import { createWriteStream } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/**
 * Where uploads keep the files sent before their path, one directory per request: under the
 * data folder rather than the OS's temporary folder, which may live in memory (tmpfs).
 */
export function uploadTempDirIn(dataDir: string): string {
  return path.join(dataDir, 'tmp', 'uploads');
}

/**
 * Removes the request directories under `root` last written before `cutoff`: those of a process
 * killed in the middle of an upload (a live request's is seconds old). Answers how many went.
 */
export async function deleteHeldFilesBefore(root: string, cutoff: Date): Promise<number> {
  let names: string[];
  try {
    names = await readdir(root);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 0;
    throw error;
  }
  let deleted = 0;
  for (const name of names.filter((n) => n.startsWith('upload-'))) {
    const dir = path.join(root, name);
    const modified = await stat(dir).then(
      (s) => s.mtime,
      () => undefined,
    );
    if (modified === undefined || modified >= cutoff) continue;
    await rm(dir, { recursive: true, force: true });
    deleted += 1;
  }
  return deleted;
}

/**
 * The files of one upload call that arrive before its `path` field: each is streamed to its own
 * file (never held in memory) in a directory made for this request on the first one, until the
 * path says where they go. dispose() removes the directory and everything in it; call it on
 * every outcome.
 */
export class HeldFiles {
  private dir: string | undefined;
  private readonly files: Array<{ name: string | undefined; file: string }> = [];
  private disposed = false;

  constructor(private readonly root: string) {}

  /** Writes the stream to disk; resolves once the file is closed, rejects if the stream fails. */
  async hold(name: string | undefined, stream: Readable): Promise<void> {
    const dir = await this.directory();
    const file = path.join(dir, `${this.files.length}`);
    this.files.push({ name, file });
    const out = createWriteStream(file, { flags: 'wx' });
    try {
      await pipeline(stream, out);
    } finally {
      // A failed pipeline destroys the file stream: wait for its descriptor to close, so
      // dispose() never races a write.
      if (!out.closed) await new Promise<void>((resolve) => out.once('close', () => resolve()));
    }
  }

  /** The held files in the order they came, read one at a time, each deleted once read. */
  async *take(): AsyncGenerator<{ name: string | undefined; bytes: Buffer }> {
    while (this.files.length > 0) {
      const { name, file } = this.files.shift()!;
      const bytes = await readFile(file);
      await rm(file, { force: true });
      yield { name, bytes };
    }
  }

  /** Removes the request's directory with whatever it still holds. */
  async dispose(): Promise<void> {
    this.disposed = true;
    this.files.length = 0;
    const dir = this.dir;
    this.dir = undefined;
    if (dir) await rm(dir, { recursive: true, force: true });
  }

  private async directory(): Promise<string> {
    if (this.disposed) throw new Error('held files already disposed');
    if (!this.dir) {
      await mkdir(this.root, { recursive: true });
      this.dir = await mkdtemp(path.join(this.root, 'upload-'));
    }
    return this.dir;
  }
}

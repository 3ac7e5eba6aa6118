import { mkdir, mkdtemp, rm, symlink } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

/**
 * Where the uploads of several server processes live, so that a picture uploaded through one is
 * served by every other: the environment each process needs for it, given the process's own
 * DATA_DIR. The one place a test of several processes chooses its storage; an S3 emulator
 * (S3_ENDPOINT, S3_BUCKET…) can take its place here without the tests changing.
 */
export interface SharedStorage {
  /** What it is, for the test's report line. */
  readonly description: string;
  /** The variables to add to a process's environment (prepares its DATA_DIR if need be). */
  environmentFor(dataDir: string): Promise<Record<string, string>>;
  /** Removes what it holds. */
  destroy(): Promise<void>;
}

/**
 * Local-disk storage (`{DATA_DIR}/media`, the only kind the server has today) shared by every
 * process: one media folder, linked into each process's own DATA_DIR as its `media`, as a
 * shared volume (NFS…) mounted there would be. Everything else in a DATA_DIR (upload temp
 * files, the backup flag) stays the process's own.
 */
export async function sharedMediaFolder(): Promise<SharedStorage> {
  const root = await mkdtemp(path.join(os.tmpdir(), 'hearth-shared-media-'));
  const media = path.join(root, 'media');
  await mkdir(media);
  return {
    description: `one media folder (${media}) linked into each DATA_DIR`,
    async environmentFor(dataDir) {
      await mkdir(dataDir, { recursive: true });
      await symlink(media, path.join(dataDir, 'media'), 'dir');
      return {};
    },
    async destroy() {
      await rm(root, { recursive: true, force: true });
    },
  };
}

/** The storage the several-processes tests use: switch here (to an S3 emulator, say). */
export function sharedStorage(): Promise<SharedStorage> {
  return sharedMediaFolder();
}

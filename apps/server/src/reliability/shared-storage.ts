import { mkdir } from 'node:fs/promises';
import { startS3Emulator } from '../test-support/s3-emulator.js';

/**
 * Where the uploads of several server processes live, so that a picture uploaded through one is
 * served by every other: the environment each process needs for it, given the process's own
 * DATA_DIR. The one place a test of several processes chooses its storage.
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
 * One bucket of an S3 emulator (s3rver) that every process uses through the S3_* settings, as
 * several machines share a bucket: nothing of the media is on any process's disk.
 */
export async function sharedBucket(): Promise<SharedStorage> {
  const emulator = await startS3Emulator();
  return {
    description: `an S3 emulator's bucket (${emulator.endpoint}/${emulator.bucket})`,
    async environmentFor(dataDir) {
      await mkdir(dataDir, { recursive: true });
      return {
        S3_ENDPOINT: emulator.endpoint,
        S3_BUCKET: emulator.bucket,
        S3_REGION: emulator.region,
        S3_ACCESS_KEY_ID: emulator.accessKeyId,
        S3_SECRET_ACCESS_KEY: emulator.secretAccessKey,
        S3_FORCE_PATH_STYLE: 'true',
      };
    },
    destroy: () => emulator.stop(),
  };
}

/** The storage the several-processes tests use: a bucket, as several machines would share. */
export function sharedStorage(): Promise<SharedStorage> {
  return sharedBucket();
}

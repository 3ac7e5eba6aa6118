import { createHash } from 'node:crypto';
import path from 'node:path';
import { s3SettingsFromEnv } from '../../config.js';
import { LocalDiskStorage } from './local-disk-storage.js';
import { S3Storage } from './s3-storage.js';

/** What a copy did: files copied now, already in the bucket with the same bytes, and failed. */
export interface CopyReport {
  copied: number;
  alreadyThere: number;
  failed: number;
}

const TYPES: Record<string, string> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  webp: 'image/webp',
};

function contentTypeOf(key: string): string {
  return TYPES[key.slice(key.lastIndexOf('.') + 1)] ?? 'application/octet-stream';
}

/**
 * Copies every file of the media folder into the bucket, in key order. Resumable: a file whose
 * object is already there with the same MD5 (the ETag of a single-part put) and size is skipped,
 * so a run stopped halfway is run again. Each copied object is read back (HeadObject) and must
 * have the local file's MD5 and size; one that does not is reported with its key and counted as
 * failed, and the copy goes on with the next.
 */
export async function copyMedia(
  from: LocalDiskStorage,
  to: S3Storage,
  log: (line: string) => void,
  { progressEvery = 100 }: { progressEvery?: number } = {},
): Promise<CopyReport> {
  const report: CopyReport = { copied: 0, alreadyThere: 0, failed: 0 };
  let seen = 0;
  for await (const { key } of from.list()) {
    const bytes = await from.get(key);
    // Gone since listed (a purge): nothing to copy.
    if (bytes === undefined) continue;
    seen += 1;
    const md5 = createHash('md5').update(bytes).digest('hex');
    try {
      const there = await to.head(key);
      if (there && there.etag === md5 && there.size === bytes.length) {
        report.alreadyThere += 1;
      } else {
        await to.put(key, bytes, contentTypeOf(key));
        const copied = await to.head(key);
        if (!copied || copied.etag !== md5 || copied.size !== bytes.length) {
          throw new Error(
            `the bucket holds ${copied ? `ETag ${copied.etag}, ${copied.size} bytes` : 'nothing'} ` +
              `where the file has MD5 ${md5}, ${bytes.length} bytes`,
          );
        }
        report.copied += 1;
      }
    } catch (error) {
      report.failed += 1;
      log(`FAILED ${key}: ${error instanceof Error ? error.message : String(error)}`);
    }
    if (seen % progressEvery === 0) {
      log(`${seen} files: ${report.copied} copied, ${report.alreadyThere} already there…`);
    }
  }
  return report;
}

const USAGE = 'usage: npm run media:copy -- --to s3';

/**
 * `npm run media:copy -- --to s3`: DATA_DIR/media into the bucket the S3_* settings name (the
 * server's own settings). Answers the exit code: 0 when every file is in the bucket, 1 when any
 * failed or the settings are missing, 2 on a wrong command line.
 */
export async function mediaCopyCommand(
  args: string[],
  env: NodeJS.ProcessEnv,
  log: (line: string) => void,
): Promise<number> {
  const at = args.indexOf('--to');
  if (at < 0 || args[at + 1] !== 's3') {
    log(USAGE);
    return 2;
  }
  let settings: ReturnType<typeof s3SettingsFromEnv>;
  try {
    settings = s3SettingsFromEnv(env);
  } catch (error) {
    log(`Refusing to copy: ${error instanceof Error ? error.message : String(error)}`);
    return 1;
  }
  if (!settings) {
    log(
      'Refusing to copy: S3_BUCKET is not set. Set S3_BUCKET, S3_ACCESS_KEY_ID and ' +
        'S3_SECRET_ACCESS_KEY (and S3_ENDPOINT, S3_REGION, S3_FORCE_PATH_STYLE as the store ' +
        'needs) as the server will have them, then run this again.',
    );
    return 1;
  }
  const dataDir = path.resolve(env.DATA_DIR || './data');
  const from = new LocalDiskStorage(path.join(dataDir, 'media'));
  const to = new S3Storage(settings);
  try {
    try {
      await to.check();
    } catch (error) {
      log(`Refusing to copy: ${error instanceof Error ? error.message : String(error)}`);
      return 1;
    }
    log(`Copying ${from.root} to the bucket ${settings.bucket}…`);
    const report = await copyMedia(from, to, log);
    log(
      `${report.copied} copied, ${report.alreadyThere} already there, ${report.failed} failed` +
        (report.failed > 0 ? ': run it again, or look into the files named above.' : '.'),
    );
    return report.failed > 0 ? 1 : 0;
  } finally {
    to.destroy();
  }
}

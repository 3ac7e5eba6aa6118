// `node dist/backup/cli.js backup --out DIR` | `node dist/backup/cli.js restore DIR`, on the
// server's settings (DATABASE_URL, DATA_DIR). Root scripts: `npm run backup` / `npm run restore`.
import { BackupError, backup, bucketMediaNote, restore, settingsFromEnv } from './backup.js';

const USAGE = 'usage: npm run backup -- --out DIR   |   npm run restore -- DIR';

async function main(args: string[]): Promise<number> {
  const [command, ...rest] = args;
  const settings = settingsFromEnv();
  if (command === 'backup') {
    const at = rest.indexOf('--out');
    const out = at >= 0 ? rest[at + 1] : undefined;
    if (!out) {
      console.error(USAGE);
      return 2;
    }
    const manifest = await backup(settings, out);
    if (manifest.mediaBucket) console.log(bucketMediaNote(manifest.mediaBucket));
    console.log(
      `Backed up ${manifest.engine} (migration ${manifest.migration ?? 'none'}) and ${manifest.mediaFiles} media files to ${out}`,
    );
    return 0;
  }
  if (command === 'restore') {
    const dir = rest.find((arg) => !arg.startsWith('--'));
    if (!dir) {
      console.error(USAGE);
      return 2;
    }
    const manifest = await restore(settings, dir);
    if (manifest.mediaBucket) console.log(bucketMediaNote(manifest.mediaBucket));
    console.log(
      `Restored the ${manifest.engine} backup of ${manifest.createdAt} (${manifest.mediaFiles} media files) into ${settings.dataDir}`,
    );
    return 0;
  }
  console.error(USAGE);
  return 2;
}

try {
  process.exitCode = await main(process.argv.slice(2));
} catch (error) {
  if (error instanceof BackupError) {
    console.error(error.message);
  } else {
    console.error(`Failed: ${error instanceof Error ? error.message : String(error)}`);
  }
  process.exitCode = 1;
}

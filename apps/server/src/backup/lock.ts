import { existsSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * While a backup runs it holds DATA_DIR/backup.lock; the purge jobs of every server process on
 * this data folder skip their runs while it is there, so no media file a snapshotted row names
 * is deleted before the copy. A lock older than STALE_MS (a backup killed midway) is ignored.
 */
export const BACKUP_LOCK_FILE = 'backup.lock';
const STALE_MS = 6 * 60 * 60 * 1000;

export function backupLockPath(dataDir: string): string {
  return path.join(dataDir, BACKUP_LOCK_FILE);
}

export function backupInProgress(dataDir: string, now = Date.now()): boolean {
  const file = backupLockPath(dataDir);
  if (!existsSync(file)) return false;
  try {
    return now - statSync(file).mtimeMs < STALE_MS;
  } catch {
    return false;
  }
}

export function takeBackupLock(dataDir: string): () => void {
  const file = backupLockPath(dataDir);
  writeFileSync(file, JSON.stringify({ pid: process.pid, since: new Date().toISOString() }));
  return () => {
    try {
      if (JSON.parse(readFileSync(file, 'utf8')).pid === process.pid) rmSync(file, { force: true });
    } catch {
      // already gone
    }
  };
}

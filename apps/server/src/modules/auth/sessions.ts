import { v7 as uuidv7 } from 'uuid';
import { insertRows } from '../../db/batches.js';
import type { Db } from '../../db/database.js';
import type { PurgeRun } from '../../db/purge-run.js';
import type { NewSession } from '../../db/sessions.js';
import { deleteExpiredSessions } from './repo.js';
import type { SessionTokens } from './session-tokens.js';

/** Where a session was opened from: its browser's User-Agent and its IP address. */
export interface SessionClient {
  userAgent?: string | undefined;
  ip?: string | undefined;
}

/** User-Agent headers are kept to this length: enough to name the device. */
const USER_AGENT_KEPT = 512;

/**
 * Opens one session per member id (a `sessions` row each) and answers their tokens, in order.
 * Login and sign-up open one; the test factories and the benchmark open many at once.
 */
export async function openSessions(
  db: Db,
  tokens: SessionTokens,
  userIds: readonly string[],
  client: SessionClient = {},
): Promise<string[]> {
  const issuedAt = tokens.issuedAt();
  const createdAt = new Date(issuedAt * 1000).toISOString();
  const expiresAt = new Date(tokens.expiresAt(issuedAt) * 1000).toISOString();
  const rows: NewSession[] = userIds.map((userId) => ({
    id: uuidv7(),
    user_id: userId,
    created_at: createdAt,
    expires_at: expiresAt,
    user_agent: client.userAgent?.slice(0, USER_AGENT_KEPT) || null,
    ip: client.ip || null,
    last_active_at: createdAt,
  }));
  await insertRows(db, 'sessions', rows);
  return Promise.all(
    rows.map((row) => tokens.sign({ userId: row.user_id, sessionId: row.id }, issuedAt)),
  );
}

/**
 * Deletes the rows of sessions expired before the cutoff, a batch at a time, and answers how
 * many went. Ended sessions need nothing: ending one deletes its row.
 */
export async function purgeSessionsExpiredBefore(
  db: Db,
  cutoffIso: string,
  run: PurgeRun,
): Promise<number> {
  let purged = 0;
  while (!run.shouldStop()) {
    const deleted = await deleteExpiredSessions(db, cutoffIso, run.batchSize);
    purged += deleted;
    if (deleted < run.batchSize) break;
  }
  return purged;
}

import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createTestDatabase, type TestDatabase } from '../test-support/test-database.js';

/** What a server process started by a test stands on: its own database and data folder. */
export interface ServerGround {
  database: TestDatabase;
  dataDir: string;
  /** DATABASE_URL, DATA_DIR, a fresh JWT_SECRET, and the test's own settings on top. */
  env: Record<string, string>;
  /** Removes the database and the data folder (the processes must be stopped first). */
  dispose(): Promise<void>;
}

/** A fresh migrated test database (TEST_DB's engine) and an empty data folder named after `name`. */
export async function prepareServerGround(
  name: string,
  settings: Record<string, string> = {},
): Promise<ServerGround> {
  const database = await createTestDatabase();
  const dataDir = await mkdtemp(path.join(os.tmpdir(), `hearth-${name}-`));
  return {
    database,
    dataDir,
    env: {
      DATABASE_URL: database.url,
      DATA_DIR: dataDir,
      JWT_SECRET: randomBytes(32).toString('hex'),
      ...settings,
    },
    async dispose() {
      await database.destroy();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** Settings for a test whose load signs up many members from one address and writes fast. */
export const UNTHROTTLED = { RATE_LIMIT_SIGNUP_IP: '1000', RATE_LIMIT_MEMBER: '1000000' };

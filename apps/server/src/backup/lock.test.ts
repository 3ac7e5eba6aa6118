import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Leases } from '../infra/leases.js';
import { createTestDatabase, type TestDatabase } from '../test-support/test-database.js';
import { takeBackupLease } from './lock.js';

describe('the backup lease', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database.destroy();
  });

  it('is taken on DATABASE_URL (its schema included) and given back when the backup ends', async () => {
    const release = await takeBackupLease(database.url);
    expect(await new Leases(database.db).backupRunning()).toBe(true);
    await release();
    expect(await new Leases(database.db).backupRunning()).toBe(false);
  });
});

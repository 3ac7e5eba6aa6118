import SQLite from 'better-sqlite3';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../test-support/test-database.js';
import { engineOf } from './database.js';
import { GroupCommitWriter, writerFor } from './group-commit.js';

// Rows of job_leases stand for any write: a table with a primary key and no parents.
describe('the writer of members’ writes', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database.destroy();
  });
  beforeEach(async () => {
    await database.clear();
  });

  const lease = (name: string) => ({
    name,
    holder: 'test',
    held_until: '2099-01-01T00:00:00Z',
    started_at: '2026-01-01T00:00:00Z',
  });
  const names = async () =>
    (await database.db.selectFrom('job_leases').select('name').orderBy('name').execute()).map(
      (row) => row.name,
    );

  it('keeps every write of those made at once; one that fails is undone alone, with its error', async () => {
    // A row there before: the failing write's duplicate, whatever order the writes run in (on
    // PostgreSQL each has its own transaction, so a duplicate of 'a' could beat 'a' itself).
    await database.db.insertInto('job_leases').values(lease('z')).execute();
    const writer = writerFor(database.db);
    const results = await Promise.allSettled(
      ['a', 'b', 'fails', 'c'].map((name) =>
        writer.write(async (trx) => {
          await trx.insertInto('job_leases').values(lease(name)).execute();
          if (name === 'fails') {
            // Its own row, then a duplicate key: both are undone.
            await trx.insertInto('job_leases').values(lease('z')).execute();
          }
          return name;
        }),
      ),
    );
    expect(results.map((r) => r.status)).toEqual([
      'fulfilled',
      'fulfilled',
      'rejected',
      'fulfilled',
    ]);
    expect(results[0]).toEqual({ status: 'fulfilled', value: 'a' });
    expect(await names()).toEqual(['a', 'b', 'c', 'z']);
  });

  it('shares one transaction among writes made together, answering each once committed', async () => {
    const writer = new GroupCommitWriter(database.db);
    // What another connection sees: only what was committed (on SQLite a second connection to
    // the file; on PostgreSQL the pool, whose connections are not the batch's).
    const sqlite =
      engineOf(database.db) === 'sqlite'
        ? new SQLite(database.url.slice('sqlite:'.length), { readonly: true })
        : undefined;
    const committed = async () =>
      sqlite
        ? (sqlite.prepare('select count(*) as n from job_leases').get() as { n: number }).n
        : (await names()).length;
    try {
      const seenWhenAnswered = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          writer
            .write(async (trx) => {
              await trx
                .insertInto('job_leases')
                .values(lease(`w${i}`))
                .execute();
            })
            .then(committed),
        ),
      );
      expect(writer.counts).toEqual({ batches: 1, writes: 20 });
      // Each caller was answered after the commit that holds its write: all 20 were visible.
      expect(seenWhenAnswered).toEqual(Array(20).fill(20));

      // A write made later gets a transaction of its own.
      await writer.write(async (trx) => {
        await trx.insertInto('job_leases').values(lease('later')).execute();
      });
      expect(writer.counts).toEqual({ batches: 2, writes: 21 });
      expect(await committed()).toBe(21);
    } finally {
      sqlite?.close();
    }
  });
});

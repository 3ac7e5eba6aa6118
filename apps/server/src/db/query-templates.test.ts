import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../test-support/test-database.js';
import { QueryTemplate, SHAPES_KEPT } from './query-templates.js';

const AT = '2026-11-27T12:00:00.000Z';
const KEYS = ['alpha', 'beta', 'gamma', 'delta'];

describe('query templates: compiled once per shape, run with each call’s values', () => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase();
    await database.db
      .insertInto('server_settings')
      .values(KEYS.map((key, i) => ({ key, value: String(i), updated_at: AT })))
      .execute();
  });
  afterAll(() => database.destroy());

  const byKeys = new QueryTemplate(
    (db, p: { keys: string[]; limit: number }, shape: { newestFirst: boolean }) =>
      db
        .selectFrom('server_settings')
        .select(['key', 'value'])
        .where('key', 'in', p.keys)
        .orderBy('key', shape.newestFirst ? 'desc' : 'asc')
        .limit(p.limit),
    (shape) => String(shape.newestFirst),
  );

  it('gives each call its own values, with lists of several lengths and several shapes', async () => {
    const { db } = database;
    const run = (keys: string[], limit: number, newestFirst = false) =>
      byKeys.run(db, { keys, limit }, { newestFirst }).then((rows) => rows.map((r) => r.key));
    expect(await run(['alpha', 'gamma'], 10)).toEqual(['alpha', 'gamma']);
    expect(await run(['beta', 'delta'], 10)).toEqual(['beta', 'delta']);
    expect(await run(['beta', 'delta'], 1)).toEqual(['beta']);
    expect(await run(['beta', 'delta', 'gamma'], 10)).toEqual(['beta', 'delta', 'gamma']);
    expect(await run(['delta'], 10)).toEqual(['delta']);
    expect(await run(['alpha', 'gamma'], 10, true)).toEqual(['gamma', 'alpha']);
    expect(await run(['alpha', 'gamma'], 10)).toEqual(['alpha', 'gamma']);
    // Many lengths: past the shapes kept, the oldest are compiled again and still right.
    for (let n = 1; n <= SHAPES_KEPT + 2; n++) {
      const keys = Array.from({ length: n }, (_, i) => KEYS[i % KEYS.length] as string);
      expect(await run(keys, 10)).toEqual([...new Set(keys)].sort());
    }
    expect(await run(['gamma'], 10)).toEqual(['gamma']);
  });

  it('sends the same SQL as the query built directly, with the call’s values as parameters', async () => {
    const { db } = database;
    const [statement] = await database.statementsOf(() =>
      byKeys.run(db, { keys: ['alpha', 'beta'], limit: 5 }, { newestFirst: true }),
    );
    const direct = db
      .selectFrom('server_settings')
      .select(['key', 'value'])
      .where('key', 'in', ['alpha', 'beta'])
      .orderBy('key', 'desc')
      .limit(5)
      .compile();
    expect(statement?.sql).toBe(direct.sql);
    expect(statement?.parameters).toEqual(direct.parameters);
  });

  it('keeps a template per set of values given, so an optional value is never left out', async () => {
    // One shape for both: whether `after` is given is the template's business, not the caller's.
    const from = new QueryTemplate((db, p: { after?: string }) => {
      const all = db
        .selectFrom('server_settings')
        .select('key')
        .where('key', 'in', KEYS)
        .orderBy('key');
      return p.after === undefined ? all : all.where('key', '>', p.after);
    });
    const keys = (params: { after?: string }) =>
      from.run(database.db, params, undefined).then((rows) => rows.map((r) => r.key));
    expect(await keys({ after: 'beta' })).toEqual(['delta', 'gamma']);
    expect(await keys({})).toEqual(['alpha', 'beta', 'delta', 'gamma']);
    expect(await keys({ after: 'delta' })).toEqual(['gamma']);
  });

  it('refuses a builder that reads a value instead of placing it, at its first run', async () => {
    const reads = new QueryTemplate((db, p: { key: string }) =>
      db
        .selectFrom('server_settings')
        .select('key')
        .where(sql<boolean>`${p.key === 'alpha' ? 1 : 0} = 1`),
    );
    await expect(reads.run(database.db, { key: 'alpha' }, undefined)).rejects.toThrow(
      "query template: the value 'key' was read while building, not placed",
    );
  });
});

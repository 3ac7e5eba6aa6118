import { describe, expect, it } from 'vitest';
import { anotherSchemaChanged } from './migrate.js';

// Kysely lists the catalog of every schema before migrating; on a PostgreSQL shared with other
// schemas (test suites, other applications) a schema or table dropped during that listing fails
// the run without touching ours. Those failures are tried again; our own never are.
describe('a failed migration run, tried again only when another schema changed', () => {
  const ours = 'test_aaaa';

  it('tries again when another schema went (3F000), never when ours is named', () => {
    expect(
      anotherSchemaChanged({ code: '3F000', message: 'schema "test_bbbb" does not exist' }, ours),
    ).toBe(true);
    expect(
      anotherSchemaChanged({ code: '3F000', message: 'schema "test_aaaa" does not exist' }, ours),
    ).toBe(false);
  });

  it("tries again when another schema's table went during the listing (42P01), never for ours", () => {
    expect(
      anotherSchemaChanged(
        { code: '42P01', message: 'relation "test_bbbb.server_settings" does not exist' },
        ours,
      ),
    ).toBe(true);
    expect(
      anotherSchemaChanged(
        { code: '42P01', message: 'relation "test_aaaa.server_settings" does not exist' },
        ours,
      ),
    ).toBe(false);
    // An unqualified name is our own migration's statement failing: a real failure.
    expect(
      anotherSchemaChanged(
        { code: '42P01', message: 'relation "server_settings" does not exist' },
        ours,
      ),
    ).toBe(false);
  });

  it('tries again on a column dropped under the listing (42703), and on nothing else', () => {
    expect(
      anotherSchemaChanged({ code: '42703', message: 'column "x" does not exist' }, ours),
    ).toBe(true);
    expect(anotherSchemaChanged({ code: '23505', message: 'duplicate key' }, ours)).toBe(false);
    expect(anotherSchemaChanged(undefined, ours)).toBe(false);
  });
});

import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { PG_URL } from './test-database.js';

/**
 * Global setup of the PostgreSQL suites: names this run's reusable test schemas (a prefix of its
 * own, so runs side by side never touch each other's) and drops them all when the run ends.
 */
export default function setup(project: TestProject) {
  const prefix = `test_r${randomBytes(4).toString('hex')}_`;
  project.provide('hearthTestSchemaPrefix', prefix);
  return async () => {
    const client = new pg.Client({ connectionString: PG_URL });
    try {
      await client.connect();
      const { rows } = await client.query<{ name: string }>(
        'select nspname as name from pg_namespace where starts_with(nspname, $1)',
        [prefix],
      );
      for (const { name } of rows) {
        await client.query(`drop schema if exists "${name.replaceAll('"', '""')}" cascade`);
      }
    } catch (error) {
      // PostgreSQL gone by now: its suite failed already and says why.
      console.error(`Could not drop the test schemas ${prefix}*: ${(error as Error).message}`);
    } finally {
      await client.end().catch(() => undefined);
    }
  };
}

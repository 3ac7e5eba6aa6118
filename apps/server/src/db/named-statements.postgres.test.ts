import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../test-support/test-database.js';

// PostgreSQL only: SQLite's statements are prepared once by its own cache (sqlite-tuning.ts).
describe('statements on PostgreSQL', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database.destroy();
  });

  it('are prepared once per connection and reused', async () => {
    const { db } = database;
    await db.transaction().execute(async (trx) => {
      for (let i = 0; i < 3; i++) {
        await trx
          .selectFrom('users')
          .select('id')
          .where('email', '=', `nobody${i}@x.test`)
          .execute();
      }
      const { rows } = await sql<{
        statement: string;
        generic_plans: string;
        custom_plans: string;
      }>`
        select statement, generic_plans, custom_plans from pg_prepared_statements
        where statement like ${'%from "users" where "email" = $1%'}`.execute(trx);
      expect(rows).toHaveLength(1);
      expect(Number(rows[0]?.generic_plans) + Number(rows[0]?.custom_plans)).toBe(3);
    });
  });

  it('still answer, with the new columns, after a table changed under them', async () => {
    const { db } = database;
    await sql`create table named_statement_probe (a int)`.execute(db);
    try {
      await sql`insert into named_statement_probe values (1)`.execute(db);
      // One connection, outside a transaction (inside one, the failed try would abort it).
      await db.connection().execute(async (trx) => {
        const read = () => sql`select * from named_statement_probe`.execute(trx);
        expect((await read()).rows).toEqual([{ a: 1 }]);
        await sql`alter table named_statement_probe add column b int default 2`.execute(trx);
        expect((await read()).rows).toEqual([{ a: 1, b: 2 }]);
      });
    } finally {
      await sql`drop table named_statement_probe`.execute(db);
    }
  });
});

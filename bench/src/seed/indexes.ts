import type { DatabaseHandle } from '@hearth/server/seeding';
import { sql } from 'kysely';

/**
 * The secondary indexes the migrations made (not those behind primary keys and unique
 * constraints), as the statements that create them again.
 */
async function secondaryIndexes(handle: DatabaseHandle): Promise<Array<[string, string]>> {
  if (handle.engine === 'sqlite') {
    const { rows } = await sql<{ name: string; sql: string }>`
      select name, sql from sqlite_master where type = 'index' and sql is not null
    `.execute(handle.db);
    return rows.map((r) => [r.name, r.sql]);
  }
  const { rows } = await sql<{ name: string; definition: string }>`
    select i.indexname as name, i.indexdef as definition
    from pg_indexes i
    where i.schemaname = current_schema()
      and not exists (
        select 1 from pg_constraint c
        where c.conname = i.indexname and c.connamespace = current_schema()::regnamespace
      )
  `.execute(handle.db);
  return rows.map((r) => [r.name, r.definition]);
}

/**
 * Runs a bulk load without the secondary indexes, then builds them again: sorting once is far
 * cheaper than updating a dozen B-trees row by row. The schema ends exactly as it began.
 */
export async function withIndexesBuiltAfter<T>(
  handle: DatabaseHandle,
  load: () => Promise<T>,
): Promise<T> {
  const indexes = await secondaryIndexes(handle);
  for (const [name] of indexes) await sql`drop index ${sql.id(name)}`.execute(handle.db);
  const result = await load();
  await handle.db.transaction().execute(async (trx) => {
    if (handle.engine === 'postgres')
      await sql`set local maintenance_work_mem = '512MB'`.execute(trx);
    for (const [, definition] of indexes) await sql.raw(definition).execute(trx);
  });
  return result;
}

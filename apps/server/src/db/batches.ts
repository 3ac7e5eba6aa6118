import { CompiledQuery, type Insertable } from 'kysely';
import { type Database, type Db, engineOf } from './database.js';

/**
 * Bound parameters one statement may carry on both engines: SQLite's default limit
 * (SQLITE_MAX_VARIABLE_NUMBER); PostgreSQL's is 65 535.
 */
export const MAX_BOUND_PARAMETERS = 32_766;

type Row<T extends keyof Database> = Insertable<Database[T]>;

/**
 * Multi-row inserts of many rows, in as few statements as the bound-parameter limit allows.
 * Every row must give the same columns. The statement text is built here rather than by
 * Kysely's query builder, whose per-value cost dominates loads of millions of rows (the demo and
 * benchmark seed); table and column names come from code, every value is a bound parameter.
 */
export async function insertRows<T extends keyof Database & string>(
  db: Db,
  table: T,
  rows: readonly Row<T>[],
): Promise<void> {
  const first = rows[0];
  if (first === undefined) return;
  const columns = Object.keys(first);
  const perStatement = Math.max(1, Math.floor(MAX_BOUND_PARAMETERS / columns.length));
  const head = `insert into ${quote(table)} (${columns.map(quote).join(', ')}) values `;
  const numbered = engineOf(db) === 'postgres';
  for (let start = 0; start < rows.length; start += perStatement) {
    const batch = rows.slice(start, start + perStatement);
    const parameters: unknown[] = [];
    const tuples: string[] = [];
    for (const row of batch) {
      const marks: string[] = [];
      for (const column of columns) {
        const value = (row as Record<string, unknown>)[column];
        if (value === undefined) throw new Error(`insertRows(${table}): a row lacks ${column}`);
        parameters.push(value);
        marks.push(numbered ? `$${parameters.length}` : '?');
      }
      tuples.push(`(${marks.join(', ')})`);
    }
    await db.executeQuery(CompiledQuery.raw(head + tuples.join(', '), parameters));
  }
}

function quote(identifier: string): string {
  return `"${identifier.replaceAll('"', '""')}"`;
}

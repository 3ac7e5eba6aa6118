/**
 * The column (or constraint) a unique violation is about, on either engine; undefined when the
 * error is something else.
 */
export function uniqueViolation(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const e = error as { code?: unknown; message?: unknown; constraint?: unknown };
  // PostgreSQL: SQLSTATE 23505, the constraint's name tells the column.
  if (e.code === '23505') return typeof e.constraint === 'string' ? e.constraint : '';
  // better-sqlite3: "UNIQUE constraint failed: users.email".
  if (e.code === 'SQLITE_CONSTRAINT_UNIQUE' || e.code === 'SQLITE_CONSTRAINT_PRIMARYKEY') {
    const message = typeof e.message === 'string' ? e.message : '';
    return message.replace(/^UNIQUE constraint failed:\s*/, '');
  }
  return undefined;
}

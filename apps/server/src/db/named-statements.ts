import type pg from 'pg';

/** Distinct statements one process prepares at most; any others run unprepared as before. */
const MAX_NAMED = 1_000;

const PREPARABLE = /^\s*(select|insert|update|delete|with)\b/i;

/** PostgreSQL's "cached plan must not change result type": a table changed under a statement. */
const PLAN_CHANGED = '0A000';

/**
 * Makes each pooled connection prepare the app's statements once and reuse them (named prepared
 * statements), instead of having PostgreSQL parse and plan every statement on every call: the
 * feed's three statements cost PostgreSQL about 15 % less that way. A statement is named by its
 * text, which holds no values (they are parameters), so the set is small; past `MAX_NAMED`
 * texts, new ones run unnamed. A statement whose result's columns changed since it was
 * prepared (a migration, while this process runs) is run again unnamed, and never named again;
 * inside a transaction that retry fails too (the failure aborted it), so that transaction fails
 * once. Hearth migrates before it serves, and upgrades stop every process (docs/upgrade.md).
 */
export function prepareStatements(pool: pg.Pool): void {
  const names = new Map<string, string | null>();
  const nameOf = (text: string): string | undefined => {
    const known = names.get(text);
    if (known !== undefined) return known ?? undefined;
    if (names.size >= MAX_NAMED || !PREPARABLE.test(text)) return undefined;
    const name = `hearth_${names.size}`;
    names.set(text, name);
    return name;
  };
  pool.on('connect', (client) => {
    const query = client.query.bind(client) as (...args: unknown[]) => unknown;
    (client as { query: unknown }).query = (...args: unknown[]) => {
      const [text, values] = args;
      const name = args.length === 2 && typeof text === 'string' ? nameOf(text) : undefined;
      if (name === undefined || !Array.isArray(values)) return query(...args);
      return (query({ name, text, values }) as Promise<unknown>).catch((error: unknown) => {
        if ((error as { code?: string }).code !== PLAN_CHANGED) throw error;
        names.set(text as string, null);
        return query(text, values);
      });
    };
  });
}

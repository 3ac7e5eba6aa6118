import { type Kysely, SqliteAdapter, sql } from 'kysely';
import { searchKeysOf } from '../search-keys.js';

// Member search (issue 5): normalised name keys on `users`, indexed for prefix range scans, and
// each member's recent searches. Same conventions as 0001: text ids and ISO-8601 UTC text times.

const KEY_COLUMNS = ['search_first', 'search_last', 'search_full'] as const;
const BACKFILL_BATCH = 500;

/** The columns this migration reads and writes while filling the keys of existing members. */
type BackfillTables = {
  users: {
    id: string;
    first_name: string;
    last_name: string;
    search_first: string;
    search_last: string;
    search_full: string;
  };
};

function isSqlite(db: Kysely<unknown>): boolean {
  return db.getExecutor().adapter instanceof SqliteAdapter;
}

export async function up(db: Kysely<unknown>): Promise<void> {
  const sqlite = isSqlite(db);
  // Keys compare byte by byte, so `key >= term AND key < bound` is exactly "starts with term"
  // and the index serves it: SQLite's BINARY default does this, PostgreSQL needs "C".
  const keyType = sqlite ? sql`text` : sql`text collate "C"`;
  if (!sqlite) {
    await db.schema
      .alterTable('users')
      .alterColumn('username', (c) => c.setDataType(keyType))
      .execute();
  }
  for (const column of KEY_COLUMNS) {
    await db.schema
      .alterTable('users')
      .addColumn(column, keyType, (c) => c.notNull().defaultTo(''))
      .execute();
  }
  await backfillSearchKeys(db.withTables<BackfillTables>());
  if (!sqlite) {
    // Writers must give the keys; SQLite cannot drop a column default, its types still insist.
    for (const column of KEY_COLUMNS) {
      await db.schema
        .alterTable('users')
        .alterColumn(column, (c) => c.dropDefault())
        .execute();
    }
  }
  // Username last in each: equal keys come in username order, the search's tie-break.
  for (const column of KEY_COLUMNS) {
    await db.schema
      .createIndex(`users_${column}`)
      .on('users')
      .columns([column, 'username'])
      .execute();
  }

  await db.schema
    .createTable('search_history')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('searched_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('search_history_user_searched_unique', ['user_id', 'searched_id'])
    .execute();
  // A member's history newest first (and its pruning); the other serves the cascade.
  await db.schema
    .createIndex('search_history_user_id_created_at')
    .on('search_history')
    .columns(['user_id', 'created_at', 'id'])
    .execute();
  await db.schema
    .createIndex('search_history_searched_id')
    .on('search_history')
    .column('searched_id')
    .execute();
}

/** Fills the keys of members who signed up before this migration, a batch per statement. */
async function backfillSearchKeys(db: Kysely<BackfillTables>): Promise<void> {
  let after = '';
  for (;;) {
    const members = await db
      .selectFrom('users')
      .select(['id', 'first_name', 'last_name'])
      .where('id', '>', after)
      .orderBy('id')
      .limit(BACKFILL_BATCH)
      .execute();
    const last = members.at(-1);
    if (!last) return;
    const keys = members.map((m) => ({ id: m.id, ...searchKeysOf(m) }));
    const valueById = (column: (typeof KEY_COLUMNS)[number]) =>
      sql<string>`case id ${sql.join(
        keys.map((k) => sql`when ${k.id} then ${k[column]}`),
        sql` `,
      )} end`;
    await db
      .updateTable('users')
      .set({
        search_first: valueById('search_first'),
        search_last: valueById('search_last'),
        search_full: valueById('search_full'),
      })
      .where(
        'id',
        'in',
        keys.map((k) => k.id),
      )
      .execute();
    after = last.id;
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('search_history').execute();
  for (const column of KEY_COLUMNS) {
    await db.schema.dropIndex(`users_${column}`).execute();
    await db.schema.alterTable('users').dropColumn(column).execute();
  }
  if (!isSqlite(db)) {
    await db.schema
      .alterTable('users')
      .alterColumn('username', (c) => c.setDataType(sql`text collate "default"`))
      .execute();
  }
}

import { type Kysely, SqliteAdapter, sql } from 'kysely';

// Rows keep image references, not addresses (infra/storage/image-urls.ts): an upload's storage
// key, a built-in's server path, or ''. Answers build absolute URLs from PUBLIC_URL, so changing
// PUBLIC_URL moves every picture. Until now uploads were stored as their address `/media/{key}`:
// that prefix goes, `media.url` (always `/media/` + storage_key) goes, and `post_images.url`
// becomes `post_images.storage_key`.

const MEDIA_PREFIX = '/media/';

/** The columns that may hold an upload, each with the table it is in. */
const REFERENCE_COLUMNS = [
  ['post_images', 'url'],
  ['comments', 'image'],
  ['users', 'picture'],
  ['users', 'cover'],
] as const;

function isSqlite(db: Kysely<unknown>): boolean {
  return db.getExecutor().adapter instanceof SqliteAdapter;
}

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const [table, column] of REFERENCE_COLUMNS) {
    // substr is 1-based on both engines: the key starts right after the prefix.
    await sql`update ${sql.table(table)} set ${sql.ref(column)} = substr(${sql.ref(column)}, ${
      MEDIA_PREFIX.length + 1
    }) where ${sql.ref(column)} like ${`${MEDIA_PREFIX}%`}`.execute(db);
  }
  await db.schema.alterTable('post_images').renameColumn('url', 'storage_key').execute();
  await db.schema.dropIndex('post_images_url').execute();
  await db.schema
    .createIndex('post_images_storage_key')
    .on('post_images')
    .column('storage_key')
    .execute();
  await dropMediaUrl(db);
}

/**
 * SQLite cannot drop a column under a UNIQUE constraint: the table is rebuilt without it, its
 * indexes made again. Nothing references `media` by foreign key, so dropping the old one is safe.
 */
async function dropMediaUrl(db: Kysely<unknown>): Promise<void> {
  if (!isSqlite(db)) {
    await db.schema.alterTable('media').dropColumn('url').execute();
    return;
  }
  await db.schema
    .createTable('media_next')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('owner_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('folder', 'text', (c) => c.notNull())
    .addColumn('storage_key', 'text', (c) => c.notNull())
    .addColumn('content_type', 'text', (c) => c.notNull())
    .addColumn('width', 'integer', (c) => c.notNull())
    .addColumn('height', 'integer', (c) => c.notNull())
    .addColumn('bytes', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('variants_ready', 'integer', (c) => c.notNull().defaultTo(0))
    .addUniqueConstraint('media_storage_key_unique', ['storage_key'])
    .execute();
  await sql`insert into media_next (id, owner_id, folder, storage_key, content_type, width, height,
    bytes, created_at, variants_ready)
    select id, owner_id, folder, storage_key, content_type, width, height, bytes, created_at,
    variants_ready from media`.execute(db);
  await db.schema.dropTable('media').execute();
  await db.schema.alterTable('media_next').renameTo('media').execute();
  await createMediaIndexes(db);
}

async function createMediaIndexes(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('media_owner_id_id')
    .on('media')
    .columns(['owner_id', 'id'])
    .execute();
  await sql`create index media_variants_pending on media (id) where variants_ready = 0`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('media').addColumn('url', 'text').execute();
  await sql`update media set url = ${MEDIA_PREFIX} || storage_key`.execute(db);
  await db.schema.createIndex('media_url_unique').on('media').column('url').unique().execute();
  await db.schema.dropIndex('post_images_storage_key').execute();
  await db.schema.alterTable('post_images').renameColumn('storage_key', 'url').execute();
  await db.schema.createIndex('post_images_url').on('post_images').column('url').execute();
  for (const [table, column] of REFERENCE_COLUMNS) {
    // Only uploads: a built-in's path starts with '/', and '' is no image.
    await sql`update ${sql.table(table)} set ${sql.ref(column)} = ${MEDIA_PREFIX} || ${sql.ref(
      column,
    )} where ${sql.ref(column)} <> '' and ${sql.ref(column)} not like '/%'`.execute(db);
  }
}

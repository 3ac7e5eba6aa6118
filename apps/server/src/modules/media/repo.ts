import { sql } from 'kysely';
import { insertRows } from '../../db/batches.js';
import type { Db } from '../../db/database.js';
import type { MediaRow, NewMedia } from '../../db/media.js';

export async function insertMedia(db: Db, rows: readonly NewMedia[]): Promise<void> {
  await insertRows(db, 'media', rows);
}

export async function memberIdByUsername(db: Db, username: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('users')
    .select('id')
    .where('username', '=', username)
    .executeTakeFirst();
  return row?.id;
}

/**
 * True for the upload `m` while every row that uses it is trashed: a photo of a trashed post, or
 * the image of a comment on one, that no live post, no comment on a live post and no member's
 * picture or cover uses. An upload nothing uses (just uploaded, not posted yet) is not hidden.
 * Each probe is one index lookup (post_images_storage_key, comments_image, users_picture,
 * users_cover, then the post by its primary key), so it is cheap enough to ask per request.
 */
const HIDDEN_UPLOAD = sql<boolean>`(
  (exists (select 1 from post_images pi join posts p on p.id = pi.post_id
      where pi.storage_key = m.storage_key and p.deleted_at is not null)
    or exists (select 1 from comments c join posts p on p.id = c.post_id
      where c.image = m.storage_key and p.deleted_at is not null))
  and not exists (select 1 from post_images pi join posts p on p.id = pi.post_id
      where pi.storage_key = m.storage_key and p.deleted_at is null)
  and not exists (select 1 from comments c join posts p on p.id = c.post_id
      where c.image = m.storage_key and p.deleted_at is null)
  and not exists (select 1 from users u where u.picture = m.storage_key)
  and not exists (select 1 from users u where u.cover = m.storage_key)
)`;

/** One page of a member's uploads by id (time order), after the cursor; hidden ones left out. */
export function mediaPage(
  db: Db,
  ownerId: string,
  options: { sort: 'asc' | 'desc'; limit: number; cursor: string | undefined },
): Promise<MediaRow[]> {
  const { sort, limit, cursor } = options;
  let query = db
    .selectFrom('media as m')
    .selectAll('m')
    .where('m.owner_id', '=', ownerId)
    .where(sql<boolean>`not ${HIDDEN_UPLOAD}`);
  if (cursor !== undefined) query = query.where('m.id', sort === 'desc' ? '<' : '>', cursor);
  return query.orderBy('m.id', sort).limit(limit).execute();
}

/** How many uploads the member has, hidden ones left out. */
export async function countMedia(db: Db, ownerId: string): Promise<number> {
  const row = await db
    .selectFrom('media as m')
    .select((eb) => eb.fn.countAll().as('count'))
    .where('m.owner_id', '=', ownerId)
    .where(sql<boolean>`not ${HIDDEN_UPLOAD}`)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** Which upload a `/media` request names: by its storage key, or (a variant) by its id. */
export type MediaFileRef = { storageKey: string } | { id: string };

/**
 * The upload a `/media` request names and whether it is hidden (every use trashed); undefined
 * when no upload matches. One statement, by the unique storage key or the primary key.
 */
export async function mediaVisibility(
  db: Db,
  ref: MediaFileRef,
): Promise<{ storage_key: string; hidden: boolean } | undefined> {
  const query = db
    .selectFrom('media as m')
    .select([
      'm.storage_key',
      sql<number | boolean>`case when ${HIDDEN_UPLOAD} then 1 else 0 end`.as('hidden'),
    ]);
  const row = await ('storageKey' in ref
    ? query.where('m.storage_key', '=', ref.storageKey)
    : query.where('m.id', '=', ref.id)
  ).executeTakeFirst();
  return row && { storage_key: row.storage_key, hidden: Number(row.hidden) === 1 };
}

/** Which of these storage keys are uploads of this member. */
export async function ownedMediaKeys(
  db: Db,
  ownerId: string,
  keys: string[],
): Promise<Set<string>> {
  if (keys.length === 0) return new Set();
  const rows = await db
    .selectFrom('media')
    .select('storage_key')
    .where('owner_id', '=', ownerId)
    .where('storage_key', 'in', keys)
    .execute();
  return new Set(rows.map((r) => r.storage_key));
}

export interface StoredMedia {
  id: string;
  owner_id: string;
  storage_key: string;
}

/**
 * The uploads under these storage keys that nothing shows any more: no post (live or in trash), no
 * comment, no member's picture or cover.
 */
export function unreferencedMedia(db: Db, keys: string[]): Promise<StoredMedia[]> {
  if (keys.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('media as m')
    .select(['m.id', 'm.owner_id', 'm.storage_key'])
    .where('m.storage_key', 'in', [...new Set(keys)])
    .where(({ and, not, exists, selectFrom }) =>
      and([
        not(
          exists(
            selectFrom('post_images as pi')
              .select('pi.post_id')
              .whereRef('pi.storage_key', '=', 'm.storage_key'),
          ),
        ),
        not(
          exists(
            selectFrom('comments as c').select('c.id').whereRef('c.image', '=', 'm.storage_key'),
          ),
        ),
        not(
          exists(
            selectFrom('users as u').select('u.id').whereRef('u.picture', '=', 'm.storage_key'),
          ),
        ),
        not(
          exists(selectFrom('users as v').select('v.id').whereRef('v.cover', '=', 'm.storage_key')),
        ),
      ]),
    )
    .execute();
}

export function mediaOfOwners(db: Db, ownerIds: string[]): Promise<StoredMedia[]> {
  if (ownerIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('media')
    .select(['id', 'owner_id', 'storage_key'])
    .where('owner_id', 'in', ownerIds)
    .execute();
}

export async function deleteMediaRows(db: Db, ids: string[]): Promise<void> {
  if (ids.length > 0) await db.deleteFrom('media').where('id', 'in', ids).execute();
}

/**
 * The storage keys of the uploads with these ids (the uuid in their file names) or these keys:
 * both, so a row is found whichever its files are named after.
 */
export async function uploadKeysAmong(db: Db, ids: string[], keys: string[]): Promise<string[]> {
  if (ids.length === 0 && keys.length === 0) return [];
  const rows = await db
    .selectFrom('media')
    .select('storage_key')
    .where((eb) =>
      eb.or([
        ...(ids.length > 0 ? [eb('id', 'in', ids)] : []),
        ...(keys.length > 0 ? [eb('storage_key', 'in', keys)] : []),
      ]),
    )
    .execute();
  return rows.map((row) => row.storage_key);
}

/** Uploads still without variants, by id after `afterId` (served by media_variants_pending). */
export function mediaWithoutVariants(
  db: Db,
  afterId: string | undefined,
  limit: number,
): Promise<Array<{ id: string; storage_key: string }>> {
  // A literal 0, so SQLite sees the partial index's own condition.
  let query = db
    .selectFrom('media')
    .select(['id', 'storage_key'])
    .where(sql<boolean>`variants_ready = 0`);
  if (afterId !== undefined) query = query.where('id', '>', afterId);
  return query.orderBy('id').limit(limit).execute();
}

/** Sets the flag; answers how many of these uploads still exist. */
export async function markVariantsReady(db: Db, ids: string[]): Promise<number> {
  if (ids.length === 0) return 0;
  const result = await db
    .updateTable('media')
    .set({ variants_ready: 1 })
    .where('id', 'in', ids)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

import { type RawBuilder, type SqlBool, sql } from 'kysely';
import { insertRows } from '../../db/batches.js';
import type { Db } from '../../db/database.js';
import type { MediaRow, NewMedia } from '../../db/media.js';
import type { UploadAccess } from '../../infra/storage/media-paths.js';
import { type Viewer, visibleMember } from '../access/visibility.js';
import { notHidden, shownTo, unreferenced, uploadAccess } from './references.js';

export async function insertMedia(db: Db, rows: readonly NewMedia[]): Promise<void> {
  await insertRows(db, 'media', rows);
}

/** The member with this username, unless a block stands between them and the viewer. */
export async function memberIdByUsername(
  db: Db,
  viewer: Viewer,
  username: string,
): Promise<string | undefined> {
  const row = await db
    .selectFrom('users as u')
    .select('u.id')
    .where('u.username', '=', username)
    .where(visibleMember(viewer, 'u.id'))
    .executeTakeFirst();
  return row?.id;
}

/** An upload as a listing shows it: its row, and how its files are served. */
export type ListedMedia = MediaRow & { access: UploadAccess };

/**
 * The uploads of `ownerId` that `viewer` is listed (references.ts): the owner all but the hidden
 * ones (every use trashed); anyone else those something they may see shows.
 */
function listedTo(viewer: Viewer, ownerId: string): RawBuilder<SqlBool> {
  return viewer.id === ownerId ? notHidden('m.storage_key') : shownTo(viewer, 'm.storage_key');
}

/** One page of a member's uploads by id (time order), after the cursor, as `viewer` is listed them. */
export function mediaPage(
  db: Db,
  viewer: Viewer,
  ownerId: string,
  options: { sort: 'asc' | 'desc'; limit: number; cursor: string | undefined },
): Promise<ListedMedia[]> {
  const { sort, limit, cursor } = options;
  let query = db
    .selectFrom('media as m')
    .selectAll('m')
    .select(uploadAccess('m.storage_key').as('access'))
    .where('m.owner_id', '=', ownerId)
    .where(listedTo(viewer, ownerId));
  if (cursor !== undefined) query = query.where('m.id', sort === 'desc' ? '<' : '>', cursor);
  return query.orderBy('m.id', sort).limit(limit).execute();
}

/** How many of the member's uploads `viewer` is listed. */
export async function countMedia(db: Db, viewer: Viewer, ownerId: string): Promise<number> {
  const row = await db
    .selectFrom('media as m')
    .select((eb) => eb.fn.countAll().as('count'))
    .where('m.owner_id', '=', ownerId)
    .where(listedTo(viewer, ownerId))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** Which upload a `/media` request names: by its storage key, or (a variant) by its id. */
export type MediaFileRef = { storageKey: string } | { id: string };

/**
 * The upload a `/media` request names and how its files are served (references.ts
 * `uploadAccess`); undefined when no upload matches. One statement, by the unique storage key or
 * the primary key.
 */
export async function mediaAccess(
  db: Db,
  ref: MediaFileRef,
): Promise<{ storage_key: string; access: UploadAccess } | undefined> {
  const query = db
    .selectFrom('media as m')
    .select(['m.storage_key', uploadAccess('m.storage_key').as('access')]);
  return (
    'storageKey' in ref
      ? query.where('m.storage_key', '=', ref.storageKey)
      : query.where('m.id', '=', ref.id)
  ).executeTakeFirst();
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
 * The uploads under these storage keys that nothing shows any more (references.ts): no post,
 * live or in trash, no comment, no member's picture or cover.
 */
export function unreferencedMedia(db: Db, keys: string[]): Promise<StoredMedia[]> {
  if (keys.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('media as m')
    .select(['m.id', 'm.owner_id', 'm.storage_key'])
    .where('m.storage_key', 'in', [...new Set(keys)])
    .where(unreferenced('m.storage_key'))
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

import type { Db } from '../../db/database.js';
import type { InviteRow, NewInvite } from '../../db/invites.js';

/** An invite with the names of who made it (null once that account is gone). */
export type InviteWithMakerRow = InviteRow & {
  maker_id: string | null;
  maker_first_name: string | null;
  maker_last_name: string | null;
};

export async function insertInvite(db: Db, invite: NewInvite): Promise<void> {
  await db.insertInto('invites').values(invite).execute();
}

/**
 * Spends one use of the invite, if it still has one, has not expired and was not revoked: one
 * statement, so two sign-ups racing for its last use cannot both have it. Run in the sign-up's
 * transaction, so a sign-up that fails later gives the use back. False when nothing was spent.
 */
export async function spendInvite(db: Db, code: string, nowIso: string): Promise<boolean> {
  const result = await db
    .updateTable('invites')
    .set((eb) => ({ used: eb('used', '+', 1) }))
    .where('code', '=', code)
    .where((eb) => eb('used', '<', eb.ref('uses')))
    .where('expires_at', '>', nowIso)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export function findInvite(db: Db, code: string): Promise<InviteWithMakerRow | undefined> {
  return withMaker(db).where('i.code', '=', code).executeTakeFirst();
}

/**
 * Invites not revoked that still work or ended (expired) after `endedAfterIso`, newest first;
 * with `createdBy`, only that member's.
 */
export function listInvites(
  db: Db,
  options: { createdBy: string | undefined; endedAfterIso: string },
): Promise<InviteWithMakerRow[]> {
  let query = withMaker(db)
    .where('i.revoked_at', 'is', null)
    .where('i.expires_at', '>', options.endedAfterIso)
    .orderBy('i.created_at', 'desc')
    .orderBy('i.id', 'desc');
  if (options.createdBy !== undefined) query = query.where('i.created_by', '=', options.createdBy);
  return query.execute();
}

/**
 * Revokes the invite (with `createdBy`, only if that member made it); the row as it was, or
 * undefined when there is no such invite still unrevoked.
 */
export function revokeInvite(
  db: Db,
  options: { code: string; createdBy: string | undefined; nowIso: string },
): Promise<Pick<InviteRow, 'id' | 'code' | 'uses' | 'used' | 'expires_at'> | undefined> {
  let query = db
    .updateTable('invites')
    .set({ revoked_at: options.nowIso })
    .where('code', '=', options.code)
    .where('revoked_at', 'is', null);
  if (options.createdBy !== undefined) query = query.where('created_by', '=', options.createdBy);
  return query.returning(['id', 'code', 'uses', 'used', 'expires_at']).executeTakeFirst();
}

function withMaker(db: Db) {
  return db
    .selectFrom('invites as i')
    .leftJoin('users as u', 'u.id', 'i.created_by')
    .selectAll('i')
    .select([
      'u.id as maker_id',
      'u.first_name as maker_first_name',
      'u.last_name as maker_last_name',
    ]);
}

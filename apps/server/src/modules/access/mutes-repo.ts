import type { Db } from '../../db/database.js';
import { type Viewer, visibleMember } from './visibility.js';

/** Adds the mute; false when it was already there. */
export async function insertMuteIfAbsent(
  db: Db,
  muterId: string,
  mutedId: string,
  nowIso: string,
): Promise<boolean> {
  const result = await db
    .insertInto('mutes')
    .values({ muter_id: muterId, muted_id: mutedId, created_at: nowIso })
    .onConflict((oc) => oc.columns(['muter_id', 'muted_id']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0n) === 1;
}

/** Removes the mute; false when there was none. */
export async function deleteMute(db: Db, muterId: string, mutedId: string): Promise<boolean> {
  const result = await db
    .deleteFrom('mutes')
    .where('muter_id', '=', muterId)
    .where('muted_id', '=', mutedId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

export interface MutedMemberRow {
  id: string;
  username: string;
  picture: string;
  first_name: string;
  last_name: string;
  created_at: string;
}

/**
 * The members the viewer muted, most recent first; one blocked either way since is left out,
 * as every list leaves out a member the viewer may not see.
 */
export function mutedBy(db: Db, viewer: Viewer): Promise<MutedMemberRow[]> {
  return db
    .selectFrom('mutes as m')
    .innerJoin('users as u', 'u.id', 'm.muted_id')
    .select(['u.id', 'u.username', 'u.picture', 'u.first_name', 'u.last_name', 'm.created_at'])
    .where('m.muter_id', '=', viewer.id)
    .where(visibleMember(viewer, 'u.id'))
    .orderBy('m.created_at', 'desc')
    .orderBy('u.id', 'desc')
    .execute();
}

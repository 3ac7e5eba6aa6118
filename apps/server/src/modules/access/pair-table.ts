import type { Db } from '../../db/database.js';
import { type Viewer, visibleMember } from './visibility.js';

/**
 * A table of one member acting on another (blocks, mutes): `actor` did it to `target` at
 * `created_at`, one row per direction, keyed by the pair.
 */
export interface PairTable {
  readonly table: 'blocks' | 'mutes';
  readonly actor: 'blocker_id' | 'muter_id';
  readonly target: 'blocked_id' | 'muted_id';
}

export const BLOCK_PAIRS = { table: 'blocks', actor: 'blocker_id', target: 'blocked_id' } as const;
export const MUTE_PAIRS = { table: 'mutes', actor: 'muter_id', target: 'muted_id' } as const;

/** A listed member and when the pair was made. */
export interface PairedMemberRow {
  id: string;
  username: string;
  picture: string;
  first_name: string;
  last_name: string;
  created_at: string;
}

/** Adds the pair; false when it was already there. */
export async function insertPairIfAbsent(
  db: Db,
  pairs: PairTable,
  actorId: string,
  targetId: string,
  nowIso: string,
): Promise<boolean> {
  const result = await db
    .insertInto(pairs.table)
    .values({ [pairs.actor]: actorId, [pairs.target]: targetId, created_at: nowIso })
    .onConflict((oc) => oc.columns([pairs.actor, pairs.target]).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0n) === 1;
}

/** Removes the pair; false when there was none. */
export async function deletePair(
  db: Db,
  pairs: PairTable,
  actorId: string,
  targetId: string,
): Promise<boolean> {
  const result = await db
    .deleteFrom(pairs.table)
    .where(pairs.actor, '=', actorId)
    .where(pairs.target, '=', targetId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

/**
 * The members `actorId` acted on, most recent first; with `visibleTo`, a member that viewer may
 * not see is left out.
 */
export function pairedMembers(
  db: Db,
  pairs: PairTable,
  actorId: string,
  visibleTo?: Viewer,
): Promise<PairedMemberRow[]> {
  // The pair tables share one shape; typed as blocks, the join also checks for mutes.
  const { table, actor, target } = pairs as typeof BLOCK_PAIRS;
  let query = db
    .selectFrom(`${table} as p`)
    .innerJoin('users as u', 'u.id', `p.${target}`)
    .select(['u.id', 'u.username', 'u.picture', 'u.first_name', 'u.last_name', 'p.created_at'])
    .where(`p.${actor}`, '=', actorId);
  if (visibleTo) query = query.where(visibleMember(visibleTo, 'u.id'));
  return query.orderBy('p.created_at', 'desc').orderBy('u.id', 'desc').execute();
}

import type { Db } from '../../db/database.js';
import type { NewSuspension } from '../../db/suspensions.js';
import type { UserRow } from '../../db/users.js';

// Suspensions (API.md, Hosts in charge): one row per suspended member, read by the visibility
// rule (access/visibility.ts `notSuspended`) and by login. A row of kind 'deletion' is a member
// deleting their own account (account/deletion-repo.ts): hidden the same way, but no
// moderator's suspension, so these calls leave it alone.

/** A member a moderator acts on: an applicant is no member yet, so never found. */
export type MemberStanding = Pick<
  UserRow,
  'id' | 'email' | 'first_name' | 'last_name' | 'role' | 'language'
> & {
  suspended: boolean;
  /** They are deleting their own account. */
  deleting: boolean;
};

export async function findMemberStanding(
  db: Db,
  memberId: string,
): Promise<MemberStanding | undefined> {
  const row = await db
    .selectFrom('users as u')
    .leftJoin('suspensions as s', 's.user_id', 'u.id')
    .select(['u.id', 'u.email', 'u.first_name', 'u.last_name', 'u.role', 'u.language', 's.kind'])
    .where('u.id', '=', memberId)
    .where('u.pending', '=', 0)
    .executeTakeFirst();
  if (!row) return undefined;
  const { kind, ...member } = row;
  return { ...member, suspended: kind === 'suspension', deleting: kind === 'deletion' };
}

/**
 * Writes the suspension unless the member is suspended already (false then): of two moderators
 * suspending at once, one does.
 */
export async function insertSuspension(db: Db, row: NewSuspension): Promise<boolean> {
  const result = await db
    .insertInto('suspensions')
    .values(row)
    .onConflict((oc) => oc.column('user_id').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0n) === 1;
}

/** Lifts the suspension; false when the member was not suspended (a deletion stays). */
export async function deleteSuspension(db: Db, memberId: string): Promise<boolean> {
  const result = await db
    .deleteFrom('suspensions')
    .where('user_id', '=', memberId)
    .where('kind', '=', 'suspension')
    .executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

/**
 * Whether a moderator suspended the member (login asks, once the password is right; a member
 * deleting their account is login's other case).
 */
export async function isSuspended(db: Db, memberId: string): Promise<boolean> {
  const row = await db
    .selectFrom('suspensions')
    .select('user_id')
    .where('user_id', '=', memberId)
    .where('kind', '=', 'suspension')
    .executeTakeFirst();
  return row !== undefined;
}

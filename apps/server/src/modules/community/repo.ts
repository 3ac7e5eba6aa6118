import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import type { UserRow } from '../../db/users.js';

/** The columns the moderation area shows of a member or an applicant. */
export type CommunityMemberRow = Pick<
  UserRow,
  | 'id'
  | 'username'
  | 'picture'
  | 'first_name'
  | 'last_name'
  | 'email'
  | 'language'
  | 'role'
  | 'join_reason'
  | 'last_active_at'
  | 'created_at'
> & {
  /** The suspension's reason and time, while suspended (members list; null elsewhere). */
  suspension_reason?: string | null;
  suspended_at?: string | null;
};

const MEMBER_COLUMNS = [
  'id',
  'username',
  'picture',
  'first_name',
  'last_name',
  'email',
  'language',
  'role',
  'join_reason',
  'last_active_at',
  'created_at',
] as const;

/** `text` as a LIKE pattern matching itself anywhere: its `%`, `_` and `\` escaped. */
function containing(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * Members (applicants left out), newest first (ids are uuid v7: creation order), below the
 * cursor; with `term`, those whose name, username or e-mail contains it (the term already
 * lower-cased and without accents, as the search keys are).
 */
export function membersPage(
  db: Db,
  options: { term: string | undefined; cursor: string | undefined; limit: number },
): Promise<CommunityMemberRow[]> {
  let query = db
    .selectFrom('users')
    .leftJoin('suspensions as s', (join) =>
      // A member deleting their account is listed as active: no moderator suspended them.
      join.onRef('s.user_id', '=', 'users.id').on('s.kind', '=', 'suspension'),
    )
    .select(MEMBER_COLUMNS.map((column) => `users.${column}` as const))
    .select(['s.reason as suspension_reason', 's.created_at as suspended_at'])
    .where('pending', '=', 0)
    .orderBy('users.id', 'desc')
    .limit(options.limit);
  if (options.cursor !== undefined) query = query.where('users.id', '<', options.cursor);
  const { term } = options;
  if (term) {
    const pattern = containing(term);
    query = query.where(
      (eb) =>
        sql<boolean>`(${eb.ref('users.search_full')} like ${pattern} escape '\\'
          or ${eb.ref('users.username')} like ${pattern} escape '\\'
          or ${eb.ref('users.email')} like ${pattern} escape '\\')`,
    );
  }
  return query.execute();
}

/** One member (not an applicant) as the members list shows them, suspension included. */
export function findMember(db: Db, id: string): Promise<CommunityMemberRow | undefined> {
  return db
    .selectFrom('users')
    .leftJoin('suspensions as s', (join) =>
      join.onRef('s.user_id', '=', 'users.id').on('s.kind', '=', 'suspension'),
    )
    .select(MEMBER_COLUMNS.map((column) => `users.${column}` as const))
    .select(['s.reason as suspension_reason', 's.created_at as suspended_at'])
    .where('users.id', '=', id)
    .where('users.pending', '=', 0)
    .executeTakeFirst();
}

/** Applicants waiting for approval, oldest first, after the cursor. */
export function applicantsPage(
  db: Db,
  options: { cursor: string | undefined; limit: number },
): Promise<CommunityMemberRow[]> {
  let query = db
    .selectFrom('users')
    .select(MEMBER_COLUMNS)
    .where('pending', '=', 1)
    .orderBy('id')
    .limit(options.limit);
  if (options.cursor !== undefined) query = query.where('id', '>', options.cursor);
  return query.execute();
}

/**
 * The applicant becomes a member: no longer pending, approved now (the unverified-account purge
 * counts from here), the reason forgotten. Undefined when no applicant with that id waits (never
 * one, already decided, unknown), so two moderators deciding at once decide once.
 */
export function approveApplicant(
  db: Db,
  id: string,
  nowIso: string,
): Promise<Pick<UserRow, 'id' | 'email' | 'first_name' | 'last_name' | 'language'> | undefined> {
  return db
    .updateTable('users')
    .set({ pending: 0, approved_at: nowIso, join_reason: null, updated_at: nowIso })
    .where('id', '=', id)
    .where('pending', '=', 1)
    .returning(['id', 'email', 'first_name', 'last_name', 'language'])
    .executeTakeFirst();
}

/**
 * Deletes a rejected applicant's account (everything it holds goes through the foreign keys).
 * Undefined when no applicant with that id waits.
 */
export function deleteApplicant(
  db: Db,
  id: string,
): Promise<Pick<UserRow, 'id' | 'email' | 'first_name' | 'last_name' | 'language'> | undefined> {
  return db
    .deleteFrom('users')
    .where('id', '=', id)
    .where('pending', '=', 1)
    .returning(['id', 'email', 'first_name', 'last_name', 'language'])
    .executeTakeFirst();
}

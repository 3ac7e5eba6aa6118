import { RESET_CODE_MAX_TRIES, STAFF_ROLES } from '@hearth/contract';
import { sql } from 'kysely';
import { insertRows } from '../../db/batches.js';
import type { Db } from '../../db/database.js';
import type { NewEmailVerification } from '../../db/email-verifications.js';
import type { NewPasswordReset } from '../../db/password-resets.js';
import { QueryTemplate } from '../../db/query-templates.js';
import type { NewUser, UserRow } from '../../db/users.js';
import { notSuspended } from '../access/visibility.js';

export function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst();
}

export function findUserById(db: Db, id: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

/**
 * Usernames that start with `base` (the candidates a suffix has to avoid): those of members, and
 * those of deleted accounts, never given to anyone else.
 */
export async function usernamesStartingWith(db: Db, base: string): Promise<string[]> {
  const rows = await db
    .selectFrom('users')
    .select('username')
    .where('username', 'like', `${base}%`)
    .unionAll(
      db.selectFrom('retired_usernames').select('username').where('username', 'like', `${base}%`),
    )
    .execute();
  return rows.map((r) => r.username);
}

/** The usernames of these accounts, by id. */
export async function usernamesOf(db: Db, ids: readonly string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('users')
    .select(['id', 'username'])
    .where('id', 'in', [...ids])
    .execute();
  return new Map(rows.map((r) => [r.id, r.username]));
}

/** Keeps the usernames of deleted accounts out of sign-up's choice for good. */
export async function retireUsernames(
  db: Db,
  usernames: readonly string[],
  nowIso: string,
): Promise<void> {
  if (usernames.length === 0) return;
  await db
    .insertInto('retired_usernames')
    .values(usernames.map((username) => ({ username, retired_at: nowIso })))
    .onConflict((oc) => oc.column('username').doNothing())
    .execute();
}

export function insertUser(db: Db, user: NewUser): Promise<void> {
  return insertUsers(db, [user]);
}

/** Many members at once (the demo and benchmark seed), in statements of bounded size. */
export async function insertUsers(db: Db, users: readonly NewUser[]): Promise<void> {
  await insertRows(db, 'users', users);
}

export async function insertEmailVerification(db: Db, row: NewEmailVerification): Promise<void> {
  await db.insertInto('email_verifications').values(row).execute();
}

export function findEmailVerification(db: Db, tokenHash: string) {
  return db
    .selectFrom('email_verifications')
    .selectAll()
    .where('token_hash', '=', tokenHash)
    .executeTakeFirst();
}

/** Spends the link; false when it was already used (a double click raced us). */
export async function useEmailVerification(db: Db, id: string, nowIso: string): Promise<boolean> {
  const result = await db
    .updateTable('email_verifications')
    .set({ used_at: nowIso })
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function markVerified(db: Db, userId: string, nowIso: string): Promise<void> {
  await db
    .updateTable('users')
    .set({ verified: 1, updated_at: nowIso })
    .where('id', '=', userId)
    .execute();
}

/** A new code replaces any earlier one for that member. */
export async function replacePasswordReset(db: Db, row: NewPasswordReset): Promise<void> {
  await db.deleteFrom('password_resets').where('user_id', '=', row.user_id).execute();
  await db.insertInto('password_resets').values(row).execute();
}

export function findPasswordReset(db: Db, userId: string) {
  return db
    .selectFrom('password_resets')
    .selectAll()
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

/**
 * Reserves one of the code's tries before it is compared, so parallel guesses can never get
 * more than RESET_CODE_MAX_TRIES comparisons. Undefined when none is left.
 */
export async function spendResetTry(db: Db, id: string): Promise<number | undefined> {
  const row = await db
    .updateTable('password_resets')
    .set((eb) => ({ wrong_tries: eb('wrong_tries', '+', 1) }))
    .where('id', '=', id)
    .where('wrong_tries', '<', RESET_CODE_MAX_TRIES)
    .returning('wrong_tries')
    .executeTakeFirst();
  return row?.wrong_tries;
}

/** A right code gives its try back and opens the window for changing the password. */
export async function openResetWindow(db: Db, id: string, untilIso: string): Promise<void> {
  await db
    .updateTable('password_resets')
    .set((eb) => ({ wrong_tries: eb('wrong_tries', '-', 1), validated_until: untilIso }))
    .where('id', '=', id)
    .execute();
}

/** Consumes an open window; false when there is none (never opened, closed, or used). */
export async function consumeResetWindow(db: Db, userId: string, nowIso: string): Promise<boolean> {
  const result = await db
    .deleteFrom('password_resets')
    .where('user_id', '=', userId)
    .where('validated_until', 'is not', null)
    .where('validated_until', '>', nowIso)
    .executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

/**
 * The member behind a live session: one statement, the member lookup every authenticated
 * request makes anyway, so checking the session costs no extra query. It also reads when the
 * session was last active, so deciding whether to write that again costs none either.
 */
export function findMemberInSession(
  db: Db,
  userId: string,
  sessionId: string,
  nowIso: string,
): Promise<(UserRow & { has_blocks: number; session_active_at: string | null }) | undefined> {
  return memberInSession.run(db, { userId, sessionId, nowIso }, undefined).then((rows) => rows[0]);
}

/** findMemberInSession's statement, compiled once (db/query-templates.ts). */
const memberInSession = new QueryTemplate(
  (db, p: { userId: string; sessionId: string; nowIso: string }) =>
    db
      .selectFrom('users')
      .innerJoin('sessions', 'sessions.user_id', 'users.id')
      .selectAll('users')
      .select('sessions.last_active_at as session_active_at')
      // Whether any block names the member (access/visibility.ts Viewer): two index probes.
      .select(
        sql<number>`case when exists (select 1 from blocks where blocker_id = users.id)
        or exists (select 1 from blocks where blocked_id = users.id) then 1 else 0 end`.as(
          'has_blocks',
        ),
      )
      .where('sessions.id', '=', p.sessionId)
      .where('users.id', '=', p.userId)
      .where('sessions.expires_at', '>', p.nowIso)
      // A suspension ends the member's sessions in its transaction; this probe (a tiny table's
      // primary key) also refuses a session a login opened while the suspension committed.
      .where(notSuspended('users.id')),
);

export async function endSession(db: Db, userId: string, sessionId: string): Promise<void> {
  await db
    .deleteFrom('sessions')
    .where('id', '=', sessionId)
    .where('user_id', '=', userId)
    .execute();
}

/** Ends every session of the member: 'Log out of all devices' and a password reset. */
export async function endSessionsOf(db: Db, userId: string): Promise<void> {
  await db.deleteFrom('sessions').where('user_id', '=', userId).execute();
}

/**
 * Ends every session of the member but `keptSessionId` (a password changed in the settings: the
 * device that changed it stays signed in). Answers the ids of the sessions ended.
 */
export async function endSessionsOfExcept(
  db: Db,
  userId: string,
  keptSessionId: string,
): Promise<string[]> {
  const rows = await db
    .deleteFrom('sessions')
    .where('user_id', '=', userId)
    .where('id', '!=', keptSessionId)
    .returning('id')
    .execute();
  return rows.map((r) => r.id);
}

/** Deletes at most `limit` sessions expired before the cutoff; answers how many went. */
export async function deleteExpiredSessions(
  db: Db,
  cutoffIso: string,
  limit: number,
): Promise<number> {
  const due = db
    .selectFrom('sessions')
    .select('id')
    .where('expires_at', '<=', cutoffIso)
    .orderBy('expires_at')
    .limit(limit);
  const result = await db.deleteFrom('sessions').where('id', 'in', due).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** The member's new password; the caller ends their sessions in the same transaction. */
export async function changePassword(
  db: Db,
  userId: string,
  passwordHash: string,
  nowIso: string,
): Promise<void> {
  await db
    .updateTable('users')
    .set({ password_hash: passwordHash, updated_at: nowIso })
    .where('id', '=', userId)
    .execute();
}

/**
 * The member's new password, only if the stored one is still `currentHash` (the one the caller
 * checked): false when another change came first, so two changes cannot both pass one check.
 */
export async function replacePassword(
  db: Db,
  userId: string,
  change: { currentHash: string; newHash: string },
  nowIso: string,
): Promise<boolean> {
  const result = await db
    .updateTable('users')
    .set({ password_hash: change.newHash, updated_at: nowIso })
    .where('id', '=', userId)
    .where('password_hash', '=', change.currentHash)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * When an account's time to verify started: its sign-up, or for an applicant its approval (it
 * could not activate while waiting).
 */
const verifyingSince = sql<string>`coalesce(approved_at, created_at)`;

/**
 * Accounts still unverified whose time to verify started before the cutoff, oldest first.
 * Applicants waiting for approval are left alone: a moderator decides about them.
 */
export async function unverifiedAccountsBefore(
  db: Db,
  cutoffIso: string,
  limit: number,
): Promise<string[]> {
  const rows = await db
    .selectFrom('users')
    .select('id')
    .where('verified', '=', 0)
    .where('pending', '=', 0)
    .where(verifyingSince, '<=', cutoffIso)
    .orderBy(verifyingSince)
    .limit(limit)
    .execute();
  return rows.map((r) => r.id);
}

/**
 * Deletes those accounts if they are still unverified (a member may verify at the last moment);
 * everything they made goes with them through the foreign keys. Answers the ids deleted.
 */
export async function deleteUnverifiedAccounts(
  db: Db,
  ids: string[],
  cutoffIso: string,
): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .deleteFrom('users')
    .where('id', 'in', ids)
    .where('verified', '=', 0)
    .where('pending', '=', 0)
    .where(verifyingSince, '<=', cutoffIso)
    .returning('id')
    .execute();
  return rows.map((r) => r.id);
}

/**
 * An admin's deletion of members (API.md, Hosts in charge): deletes those accounts if they are
 * still members (not applicants, not made moderator or admin meanwhile); everything they made
 * goes with them through the foreign keys. Answers the ids deleted.
 */
export async function deleteMemberAccounts(db: Db, ids: string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .deleteFrom('users')
    .where('id', 'in', ids)
    .where('pending', '=', 0)
    // As roleOf reads it: any role but the staff's counts as a member's.
    .where('role', 'not in', [...STAFF_ROLES])
    .returning('id')
    .execute();
  return rows.map((r) => r.id);
}

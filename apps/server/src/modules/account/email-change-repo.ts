import type { Db } from '../../db/database.js';
import type { EmailChangeRow, NewEmailChange } from '../../db/email-changes.js';

// A member's new e-mail address waiting for the link sent to it (API.md, One's own account),
// and what GET /users/account shows of the account beyond the session's row.

/** A new request replaces whatever the member asked before: only the newest link works. */
export async function replaceEmailChange(db: Db, row: NewEmailChange): Promise<void> {
  await db.deleteFrom('email_changes').where('user_id', '=', row.user_id).execute();
  await db.insertInto('email_changes').values(row).execute();
}

export function findEmailChange(db: Db, tokenHash: string): Promise<EmailChangeRow | undefined> {
  return db
    .selectFrom('email_changes')
    .selectAll()
    .where('token_hash', '=', tokenHash)
    .executeTakeFirst();
}

/**
 * Spends the link in one statement: of two clicks at once, one changes the address and the other
 * finds it used. False when it was used, replaced or expired meanwhile.
 */
export async function spendEmailChange(db: Db, id: string, nowIso: string): Promise<boolean> {
  const result = await db
    .updateTable('email_changes')
    .set({ used_at: nowIso })
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .where('expires_at', '>', nowIso)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** The address a link sent to the member would change theirs to, while it can. */
export async function pendingEmailOf(
  db: Db,
  userId: string,
  nowIso: string,
): Promise<string | null> {
  const row = await db
    .selectFrom('email_changes')
    .select('new_email')
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .where('expires_at', '>', nowIso)
    .orderBy('created_at', 'desc')
    .executeTakeFirst();
  return row?.new_email ?? null;
}

/** The id of the account with this (lower-cased) address, if any. */
export async function accountWithEmail(db: Db, email: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('users')
    .select('id')
    .where('email', '=', email)
    .executeTakeFirst();
  return row?.id;
}

/** The member as a confirmed link finds them: the address it replaces and whom to greet. */
export function emailOwnerOf(
  db: Db,
  userId: string,
): Promise<{ email: string; first_name: string; language: string } | undefined> {
  return db
    .selectFrom('users')
    .select(['email', 'first_name', 'language'])
    .where('id', '=', userId)
    .executeTakeFirst();
}

/** The opened link proves the member reads the new mailbox: the address counts as verified. */
export async function changeUserEmail(
  db: Db,
  userId: string,
  email: string,
  nowIso: string,
): Promise<void> {
  await db
    .updateTable('users')
    .set({ email, verified: 1, updated_at: nowIso })
    .where('id', '=', userId)
    .execute();
}

/** Whether two-factor sign-in is on, and how many recovery codes are left unused. */
export async function twoFactorSummaryOf(
  db: Db,
  userId: string,
): Promise<{ enabled: boolean; recoveryCodesLeft: number }> {
  const row = await db
    .selectFrom('two_factor')
    .select('user_id')
    .where('user_id', '=', userId)
    .where('enabled_at', 'is not', null)
    .executeTakeFirst();
  if (!row) return { enabled: false, recoveryCodesLeft: 0 };
  const { left } = await db
    .selectFrom('recovery_codes')
    .select((eb) => eb.fn.countAll<number | string | bigint>().as('left'))
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .executeTakeFirstOrThrow();
  return { enabled: true, recoveryCodesLeft: Number(left) };
}

import type { Db } from '../../db/database.js';
import type { NewRecoveryCode, TwoFactorRow } from '../../db/two-factor.js';

// Two-factor sign-in (API.md, One's own account; migration 0018): one `two_factor` row per
// member who set it up (on once `enabled_at` is set) and their recovery codes as hashes. Every
// write that spends something is a compare-and-set: of two requests at once, one wins.

export function findTwoFactor(db: Db, userId: string): Promise<TwoFactorRow | undefined> {
  return db.selectFrom('two_factor').selectAll().where('user_id', '=', userId).executeTakeFirst();
}

/**
 * Keeps a new secret waiting for its first code, replacing a setup that waited; false when
 * two-factor sign-in is on (a setup never replaces the secret in force).
 */
export async function saveWaitingSetup(
  db: Db,
  row: { user_id: string; secret: string; created_at: string },
): Promise<boolean> {
  const result = await db
    .insertInto('two_factor')
    .values({ ...row, enabled_at: null, last_step: 0 })
    .onConflict((oc) =>
      oc
        .column('user_id')
        .doUpdateSet({ secret: row.secret, created_at: row.created_at, last_step: 0 })
        .where('two_factor.enabled_at', 'is', null),
    )
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0n) === 1;
}

/**
 * Turns it on with the secret the first code was checked against, and that code's step as the
 * newest one used; false when that setup no longer waits (replaced, or turned on meanwhile).
 */
export async function enableWaitingSetup(
  db: Db,
  userId: string,
  change: { secret: string; step: number; nowIso: string },
): Promise<boolean> {
  const result = await db
    .updateTable('two_factor')
    .set({ enabled_at: change.nowIso, last_step: change.step })
    .where('user_id', '=', userId)
    .where('enabled_at', 'is', null)
    .where('secret', '=', change.secret)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * Takes the TOTP time step of a code: only if it is newer than every step taken before, so a
 * code (or an older one) is never taken twice, even by two requests at once.
 */
export async function takeStep(db: Db, userId: string, step: number): Promise<boolean> {
  const result = await db
    .updateTable('two_factor')
    .set({ last_step: step })
    .where('user_id', '=', userId)
    .where('enabled_at', 'is not', null)
    .where('last_step', '<', step)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** The member's recovery codes become these (the old ones, used or not, are gone). */
export async function replaceRecoveryCodes(
  db: Db,
  userId: string,
  rows: readonly NewRecoveryCode[],
): Promise<void> {
  await db.deleteFrom('recovery_codes').where('user_id', '=', userId).execute();
  if (rows.length > 0)
    await db
      .insertInto('recovery_codes')
      .values([...rows])
      .execute();
}

/** Marks an unused recovery code used; false when none matches or it was used already. */
export async function spendRecoveryCode(
  db: Db,
  userId: string,
  codeHash: string,
  nowIso: string,
): Promise<boolean> {
  const result = await db
    .updateTable('recovery_codes')
    .set({ used_at: nowIso })
    .where('user_id', '=', userId)
    .where('code_hash', '=', codeHash)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) >= 1;
}

/** Turns it off: the secret and every recovery code go. */
export async function deleteTwoFactor(db: Db, userId: string): Promise<boolean> {
  await db.deleteFrom('recovery_codes').where('user_id', '=', userId).execute();
  const result = await db.deleteFrom('two_factor').where('user_id', '=', userId).executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

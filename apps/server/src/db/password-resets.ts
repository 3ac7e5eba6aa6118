import type { Generated, Insertable, Selectable } from 'kysely';

export const PASSWORD_RESETS = 'password_resets';

/** At most one row per member: sending a new code replaces the older one. */
export interface PasswordResetsTable {
  id: string;
  user_id: string;
  code_hash: string;
  expires_at: string;
  /** Checks spent on this code; a wrong one keeps its try, a right one gives it back. */
  wrong_tries: Generated<number>;
  /** Set by a correct code check: the password may be changed until then. */
  validated_until: string | null;
  created_at: string;
}

export type PasswordResetRow = Selectable<PasswordResetsTable>;
export type NewPasswordReset = Insertable<PasswordResetsTable>;

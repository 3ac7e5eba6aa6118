import type { Generated, Insertable, Selectable } from 'kysely';

/** A member's authenticator secret (migration 0018). */
export interface TwoFactorTable {
  user_id: string;
  /** AES-256-GCM under a key derived from the server's secret (auth/two-factor-crypto.ts). */
  secret: string;
  /** Null while a setup waits for its first code. */
  enabled_at: string | null;
  /** The newest TOTP time step a code was taken for: older and equal steps are refused. */
  last_step: Generated<number | string | bigint>;
  created_at: string;
}

/** One single-use recovery code, as a hash. */
export interface RecoveryCodesTable {
  id: string;
  user_id: string;
  code_hash: string;
  used_at: string | null;
}

export type TwoFactorRow = Selectable<TwoFactorTable>;
export type NewTwoFactor = Insertable<TwoFactorTable>;
export type NewRecoveryCode = Insertable<RecoveryCodesTable>;

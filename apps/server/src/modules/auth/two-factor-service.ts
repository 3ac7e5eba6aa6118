import { randomInt } from 'node:crypto';
import {
  ACCOUNT_MESSAGES,
  type MessageResponse,
  RECOVERY_CODE_COUNT,
  RECOVERY_CODE_PATTERN,
  RESET_CODE_ALPHABET,
  TOTP_CODE_PATTERN,
  type TwoFactorDisableInput,
  type TwoFactorEnableAnswer,
  type TwoFactorEnableInput,
  type TwoFactorSetupAnswer,
  type TwoFactorSetupInput,
} from '@hearth/contract';
import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';
import { v7 as uuidv7 } from 'uuid';
import type { Db } from '../../db/database.js';
import type { UserRow } from '../../db/users.js';
import { invalid } from '../../errors.js';
import type { Clock } from '../../infra/clock.js';
import { readCommunitySettings } from '../community/settings-repo.js';
import { verifyPassword } from './password.js';
import { sha256 } from './secrets.js';
import { SealedSecretError, type TwoFactorCrypto } from './two-factor-crypto.js';
import {
  deleteTwoFactor,
  enableWaitingSetup,
  findTwoFactor,
  replaceRecoveryCodes,
  saveWaitingSetup,
  spendRecoveryCode,
  takeStep,
} from './two-factor-repo.js';

export interface TwoFactorServiceDeps {
  db: Db;
  clock: Clock;
  crypto: TwoFactorCrypto;
}

/** What other services need of two-factor sign-in: login, and deleting one's account. */
export interface SecondFactor {
  /** Whether two-factor sign-in is on for the member (set up and confirmed by a first code). */
  isOn(userId: string): Promise<boolean>;
  /**
   * Takes a code of the member's: an authenticator code, each time step once, or an unused
   * recovery code, once. False when it is wrong, used already, or two-factor sign-in is off.
   */
  spendCode(userId: string, code: string): Promise<boolean>;
}

// RFC 6238 as every authenticator app reads a key URI without further parameters.
const TOTP_SETTINGS = { algorithm: 'SHA1', digits: 6, period: 30 } as const;
/** 160 bits, the HMAC-SHA-1 key length RFC 4226 recommends. */
const SECRET_BYTES = 20;
/** The code of the step before and after the current one is taken too (a clock a little off). */
const TOTP_WINDOW = 1;
/** Two groups of five from the reset code's alphabet: 50 bits each. */
const RECOVERY_GROUP = 5;

/**
 * Two-factor sign-in with an authenticator app (API.md, One's own account): setup makes a
 * secret kept sealed (two-factor-crypto.ts) until a first code turns it on and ten single-use
 * recovery codes are shown once; turning it off needs the password and a code. Login's second
 * step spends codes through `spendCode`.
 */
export class TwoFactorService implements SecondFactor {
  constructor(private readonly deps: TwoFactorServiceDeps) {}

  /** POST /users/twoFactor/setup: a new secret waiting for its first code. */
  async setup(member: UserRow, input: TwoFactorSetupInput): Promise<TwoFactorSetupAnswer> {
    const { db, clock, crypto } = this.deps;
    if (!(await verifyPassword(input.currentPassword, member.password_hash))) {
      throw invalid(ACCOUNT_MESSAGES.currentPasswordWrong);
    }
    const now = clock.now().toISOString();
    const secret = new Secret({ size: SECRET_BYTES }).base32;
    const saved = await saveWaitingSetup(db, {
      user_id: member.id,
      secret: crypto.seal(secret, member.id),
      created_at: now,
    });
    if (!saved) throw invalid(ACCOUNT_MESSAGES.twoFactorAlreadyOn);
    // The app lists the account under the server's name and the member's address.
    const { name } = await readCommunitySettings(db, now);
    const otpauthUri = new TOTP({
      ...TOTP_SETTINGS,
      issuer: name,
      label: member.email,
      secret: Secret.fromBase32(secret),
    }).toString();
    const qrSvg = await QRCode.toString(otpauthUri, {
      type: 'svg',
      errorCorrectionLevel: 'M',
      margin: 2,
    });
    return { secret, otpauthUri, qrSvg };
  }

  /** POST /users/twoFactor/enable: the first code turns it on; the recovery codes, once. */
  async enable(member: UserRow, input: TwoFactorEnableInput): Promise<TwoFactorEnableAnswer> {
    const { db, clock } = this.deps;
    const row = await findTwoFactor(db, member.id);
    if (row?.enabled_at) throw invalid(ACCOUNT_MESSAGES.twoFactorAlreadyOn);
    if (!row) throw invalid(ACCOUNT_MESSAGES.twoFactorNotSetUp);
    // A setup sealed under an earlier server secret cannot be finished: start again.
    const secret = this.secretOf(row.secret, member.id);
    if (secret === undefined) throw invalid(ACCOUNT_MESSAGES.twoFactorNotSetUp);
    const step = this.stepOf(secret, input.code);
    if (step === undefined) throw invalid(ACCOUNT_MESSAGES.twoFactorCodeWrong);
    const codes = Array.from({ length: RECOVERY_CODE_COUNT }, randomRecoveryCode);
    const nowIso = clock.now().toISOString();
    const enabled = await db.transaction().execute(async (trx) => {
      // The secret the code was checked against: a setup that replaced it meanwhile wins.
      if (!(await enableWaitingSetup(trx, member.id, { secret: row.secret, step, nowIso }))) {
        return false;
      }
      await replaceRecoveryCodes(
        trx,
        member.id,
        codes.map((code) => ({
          id: uuidv7(),
          user_id: member.id,
          code_hash: recoveryCodeHash(code),
          used_at: null,
        })),
      );
      return true;
    });
    if (!enabled) throw invalid(ACCOUNT_MESSAGES.twoFactorNotSetUp);
    return { message: ACCOUNT_MESSAGES.twoFactorOn, recoveryCodes: codes };
  }

  /** POST /users/twoFactor/disable: the password and a code; the secret and codes go. */
  async disable(member: UserRow, input: TwoFactorDisableInput): Promise<MessageResponse> {
    if (!(await verifyPassword(input.currentPassword, member.password_hash))) {
      throw invalid(ACCOUNT_MESSAGES.currentPasswordWrong);
    }
    if (!(await this.isOn(member.id))) throw invalid(ACCOUNT_MESSAGES.twoFactorNotOn);
    if (!(await this.spendCode(member.id, input.code))) {
      throw invalid(ACCOUNT_MESSAGES.twoFactorCodeWrong);
    }
    await this.deps.db.transaction().execute((trx) => deleteTwoFactor(trx, member.id));
    return { message: ACCOUNT_MESSAGES.twoFactorOff };
  }

  async isOn(userId: string): Promise<boolean> {
    const row = await findTwoFactor(this.deps.db, userId);
    return Boolean(row?.enabled_at);
  }

  async spendCode(userId: string, code: string): Promise<boolean> {
    const { db, clock } = this.deps;
    const typed = code.replace(/\s+/g, '');
    if (TOTP_CODE_PATTERN.test(typed)) {
      const row = await findTwoFactor(db, userId);
      if (!row?.enabled_at) return false;
      const step = this.stepOf(this.secretOf(row.secret, userId), typed);
      return step !== undefined && (await takeStep(db, userId, step));
    }
    if (RECOVERY_CODE_PATTERN.test(typed)) {
      const hash = recoveryCodeHash(typed);
      return spendRecoveryCode(db, userId, hash, clock.now().toISOString());
    }
    return false;
  }

  /** The time step of a code valid now, within the window; undefined when none matches. */
  private stepOf(secret: string | undefined, code: string): number | undefined {
    if (secret === undefined) return undefined;
    const timestamp = this.deps.clock.now().getTime();
    const totp = new TOTP({ ...TOTP_SETTINGS, secret: Secret.fromBase32(secret) });
    const delta = totp.validate({ token: code, timestamp, window: TOTP_WINDOW });
    return delta === null ? undefined : totp.counter({ timestamp }) + delta;
  }

  /**
   * The secret, or undefined when it no longer opens (the server's secret was changed): the
   * member's authenticator codes stop working, their recovery codes still sign them in.
   */
  private secretOf(sealed: string, userId: string): string | undefined {
    try {
      return this.deps.crypto.open(sealed, userId);
    } catch (error) {
      if (error instanceof SealedSecretError) return undefined;
      throw error;
    }
  }
}

/** XXXXX-XXXXX, each character drawn from the unambiguous alphabet with crypto randomness. */
function randomRecoveryCode(): string {
  const pick = () => RESET_CODE_ALPHABET[randomInt(RESET_CODE_ALPHABET.length)];
  const group = () => Array.from({ length: RECOVERY_GROUP }, pick).join('');
  return `${group()}-${group()}`;
}

/** Case and the dash do not matter as typed: the hash is of the ten characters, upper-case. */
function recoveryCodeHash(code: string): string {
  return sha256(code.replace(/[\s-]/g, '').toUpperCase());
}

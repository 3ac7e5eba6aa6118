import {
  DEFAULT_PRIVACY_POLICY,
  DEFAULT_SERVER_NAME,
  SIGNUP_MODES,
  type SignupMode,
} from '@hearth/contract';
import { type Db, engineOf } from '../../db/database.js';

/** The `community` row of server_settings: who may join and what the server says about itself. */
export interface CommunitySettings {
  signupMode: SignupMode;
  name: string;
  description: string;
  rules: string[];
  privacyPolicy: string;
  blockedEmailDomains: string[];
  membersMayInvite: boolean;
  /** When the sign-up mode was last set (the start of the staff-inactivity count for `open`). */
  signupModeSince: string;
  /** When `open` last switched itself to `approval` for lack of active staff; null if never. */
  autoApprovalAt: string | null;
}

const KEY = 'community';

/** What a server has before its admin changes anything: today's open sign-up. */
export function defaultCommunitySettings(sinceIso: string): CommunitySettings {
  return {
    signupMode: 'open',
    name: DEFAULT_SERVER_NAME,
    description: '',
    rules: [],
    privacyPolicy: DEFAULT_PRIVACY_POLICY,
    blockedEmailDomains: [],
    membersMayInvite: false,
    signupModeSince: sinceIso,
    autoApprovalAt: null,
  };
}

/**
 * The settings as stored, each missing or unreadable field at its default (a row written by an
 * older release, or none at all). Read on every use: every process sees a change at once.
 */
export async function readCommunitySettings(db: Db, nowIso: string): Promise<CommunitySettings> {
  const row = await db
    .selectFrom('server_settings')
    .select(['value', 'updated_at'])
    .where('key', '=', KEY)
    .executeTakeFirst();
  const defaults = defaultCommunitySettings(row?.updated_at ?? nowIso);
  if (!row) return defaults;
  let stored: Partial<CommunitySettings>;
  try {
    stored = JSON.parse(row.value) as Partial<CommunitySettings>;
  } catch {
    return defaults;
  }
  const pick = <K extends keyof CommunitySettings>(
    key: K,
    valid: (v: unknown) => boolean,
  ): CommunitySettings[K] =>
    valid(stored[key]) ? (stored[key] as CommunitySettings[K]) : defaults[key];
  const isString = (v: unknown) => typeof v === 'string';
  const isStrings = (v: unknown) => Array.isArray(v) && v.every(isString);
  return {
    signupMode: pick('signupMode', (v) => SIGNUP_MODES.includes(v as SignupMode)),
    name: pick('name', (v) => isString(v) && (v as string).length > 0),
    description: pick('description', isString),
    rules: pick('rules', isStrings),
    privacyPolicy: pick('privacyPolicy', isString),
    blockedEmailDomains: pick('blockedEmailDomains', isStrings),
    membersMayInvite: pick('membersMayInvite', (v) => typeof v === 'boolean'),
    signupModeSince: pick('signupModeSince', isString),
    autoApprovalAt: pick('autoApprovalAt', (v) => v === null || isString(v)),
  };
}

/** Writes the whole settings object (the caller read, changed and validated it). */
export async function writeCommunitySettings(
  db: Db,
  settings: CommunitySettings,
  nowIso: string,
): Promise<void> {
  const value = JSON.stringify(settings);
  await db
    .insertInto('server_settings')
    .values({ key: KEY, value, updated_at: nowIso })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value, updated_at: nowIso }))
    .execute();
}

/**
 * In a transaction that reads, changes and writes the settings: holds the row until commit on
 * PostgreSQL, so a second writer reads what the first wrote (SQLite runs one write transaction
 * at a time). The admin's change and the automatic switch both take it.
 */
export async function lockCommunitySettings(trx: Db): Promise<void> {
  if (engineOf(trx) !== 'postgres') return;
  await trx
    .selectFrom('server_settings')
    .select('key')
    .where('key', '=', KEY)
    .forUpdate()
    .execute();
}

/**
 * Switches `open` to `approval` if the settings still say `open` with the same `since` (a
 * compare-and-set: two processes running the check at once switch once), and runs `alongside`
 * in the same transaction, so a crash never keeps the switch without its audit line and mails.
 */
export async function switchOpenToApproval<T>(
  db: Db,
  expectedSince: string,
  nowIso: string,
  /** What goes with the switch, in its transaction (the audit line, the admins' mails). */
  alongside: (trx: Db) => Promise<T>,
): Promise<{ switched: false } | { switched: true; alongside: T }> {
  return db.transaction().execute(async (trx) => {
    await lockCommunitySettings(trx);
    const current = await readCommunitySettings(trx, nowIso);
    if (current.signupMode !== 'open' || current.signupModeSince !== expectedSince) {
      return { switched: false } as const;
    }
    await writeCommunitySettings(
      trx,
      { ...current, signupMode: 'approval', signupModeSince: nowIso, autoApprovalAt: nowIso },
      nowIso,
    );
    return { switched: true, alongside: await alongside(trx) } as const;
  });
}

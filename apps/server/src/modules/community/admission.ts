import { type RegisterInput, SIGNUP_MESSAGES } from '@hearth/contract';
import type { Db } from '../../db/database.js';
import { forbidden, invalid } from '../../errors.js';
import { isEmailBlocked } from './email-blocks-repo.js';
import { spendInvite } from './invites-repo.js';
import { readCommunitySettings } from './settings-repo.js';

/** What the settings let a sign-up become (API.md, Hosts in charge). */
export interface Admission {
  /** Approval mode: the account waits for a moderator, with this reason. */
  pending: boolean;
  reason: string | undefined;
  /** Invite mode: the code whose use the account's transaction spends (upper-cased). */
  invite: string | undefined;
}

/**
 * Checks a sign-up against the admin's settings before anything is written: `closed` is 403, a
 * refused e-mail domain 400 (before the e-mail-taken check, so neither answer tells about the
 * other), `invite` needs a code, `approval` a reason. The address of an account an admin
 * deleted gets the same 400 as a refused domain, so the answer does not say which it is.
 */
export async function admit(
  db: Db,
  input: Pick<RegisterInput, 'email' | 'invite' | 'reason'>,
  nowIso: string,
): Promise<Admission> {
  const settings = await readCommunitySettings(db, nowIso);
  const mode = settings.signupMode;
  if (mode === 'closed') throw forbidden(SIGNUP_MESSAGES.closed);
  await refuseEmail(db, settings.blockedEmailDomains, input.email);
  const invite = mode === 'invite' ? input.invite?.trim().toUpperCase() || undefined : undefined;
  if (mode === 'invite' && !invite) throw invalid(SIGNUP_MESSAGES.inviteRequired);
  const reason = mode === 'approval' ? input.reason?.trim() || undefined : undefined;
  if (mode === 'approval' && !reason) throw invalid(SIGNUP_MESSAGES.reasonRequired);
  return { pending: mode === 'approval', reason, invite };
}

/**
 * In the new account's transaction: spends one use of the admission's invite (one statement:
 * two sign-ups racing for its last use cannot both have it; a sign-up failing later gives it
 * back). 400 when the code has no use left, expired or was revoked.
 */
export async function spendAdmission(trx: Db, admission: Admission, nowIso: string): Promise<void> {
  if (admission.invite === undefined) return;
  if (!(await spendInvite(trx, admission.invite, nowIso))) {
    throw invalid(SIGNUP_MESSAGES.inviteInvalid);
  }
}

/**
 * A member's new address (Settings → E-mail) under the same rule as a sign-up's, so the admins'
 * refused domains and addresses cannot be stepped around by signing up with another one first:
 * 400 with sign-up's sentence.
 */
export async function refuseBlockedEmail(db: Db, email: string, nowIso: string): Promise<void> {
  const { blockedEmailDomains } = await readCommunitySettings(db, nowIso);
  await refuseEmail(db, blockedEmailDomains, email);
}

/** 400 when the address's domain is refused, or an admin deleted an account that had it. */
async function refuseEmail(db: Db, refusedDomains: readonly string[], email: string) {
  if (refuses(refusedDomains, email) || (await isEmailBlocked(db, email))) {
    throw invalid(SIGNUP_MESSAGES.emailRefused);
  }
}

/** Whether the e-mail's domain, or any domain above it, is refused. */
function refuses(refusedDomains: readonly string[], email: string): boolean {
  if (refusedDomains.length === 0) return false;
  const refused = new Set(refusedDomains.map((d) => d.toLowerCase()));
  const labels = email
    .toLowerCase()
    .slice(email.lastIndexOf('@') + 1)
    .replace(/\.$/, '')
    .split('.');
  return labels.some((_, i) => refused.has(labels.slice(i).join('.')));
}

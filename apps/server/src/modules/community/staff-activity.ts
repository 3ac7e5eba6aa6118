import { type Role, STAFF_ROLES } from '@hearth/contract';
import type { Db } from '../../db/database.js';
import type { UserRow } from '../../db/users.js';
import type { Clock } from '../../infra/clock.js';
import type { MailQueue } from '../mail/service.js';
import { autoApprovalMail } from '../mail/templates.js';
import { insertAuditEntry } from './audit-repo.js';
import { readCommunitySettings, switchOpenToApproval } from './settings-repo.js';

// Who keeps an eye on an open server (API.md, Hosts in charge): when no moderator or admin has
// made any request for a number of days, `open` sign-up switches itself to `approval` and the
// admins are mailed, so an abandoned server does not fill with accounts nobody looks at.

const DAY_MS = 24 * 60 * 60 * 1000;

/** A moderator's or admin's last request is written at most this often (one write, not one per request). */
export const STAFF_ACTIVITY_WRITE_EVERY_MS = 5 * 60_000;

export function isStaffRole(role: string): boolean {
  return STAFF_ROLES.includes(role as Role);
}

/**
 * Notes a moderator's or admin's request in users.last_active_at, at most once per
 * STAFF_ACTIVITY_WRITE_EVERY_MS (judged by the row the request already loaded); members' requests
 * write nothing. True when it wrote.
 */
export async function touchStaffActivity(
  db: Db,
  member: Pick<UserRow, 'id' | 'role' | 'last_active_at'>,
  now: Date,
): Promise<boolean> {
  if (!isStaffRole(member.role)) return false;
  const last = member.last_active_at === null ? Number.NaN : Date.parse(member.last_active_at);
  if (now.getTime() - last < STAFF_ACTIVITY_WRITE_EVERY_MS) return false;
  const due = new Date(now.getTime() - STAFF_ACTIVITY_WRITE_EVERY_MS).toISOString();
  // The same condition in the statement: two requests at once write once.
  const result = await db
    .updateTable('users')
    .set({ last_active_at: now.toISOString() })
    .where('id', '=', member.id)
    .where((eb) => eb.or([eb('last_active_at', 'is', null), eb('last_active_at', '<=', due)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export interface StaffActivityCheckDeps {
  db: Db;
  clock: Clock;
  mail: MailQueue;
  /** SIGNUP_AUTO_APPROVAL_DAYS: days without any staff request before `open` switches; 0: never. */
  days: number;
  /** Where members open the app: the admins' mail links to its settings page. */
  appUrl: string;
}

export type StaffActivityOutcome =
  /** The check is turned off (0 days). */
  | 'off'
  /** Sign-up is not `open`: nothing to switch. */
  | 'notOpen'
  /** `open` was chosen (or the count began) less than `days` ago. */
  | 'tooSoon'
  /** A moderator or admin made a request within `days`. */
  | 'staffActive'
  /** Another process switched (or the admin changed the mode) in between. */
  | 'changedMeanwhile'
  | 'switched';

export interface StaffActivityReport {
  outcome: StaffActivityOutcome;
  /** Admins mailed about the switch. */
  adminsMailed: number;
}

/**
 * Switches `open` sign-up to `approval` when no moderator or admin has made a request for
 * `days` days and `open` has been the mode for at least as long (a fresh install counts from
 * then), with an audit line and a mail to every admin. The switch is a compare-and-set on
 * `signupModeSince`: several processes checking at once switch once, and mail once.
 */
export async function checkStaffActivity(
  deps: StaffActivityCheckDeps,
): Promise<StaffActivityReport> {
  const { db, clock, days } = deps;
  if (!(days > 0)) return { outcome: 'off', adminsMailed: 0 };
  const now = clock.now();
  const nowIso = now.toISOString();
  const settings = await readCommunitySettings(db, nowIso);
  if (settings.signupMode !== 'open') return { outcome: 'notOpen', adminsMailed: 0 };
  const cutoff = now.getTime() - days * DAY_MS;
  const cutoffIso = new Date(cutoff).toISOString();
  // Unreadable: taken as just now, so a damaged value never switches anything.
  const since = Date.parse(settings.signupModeSince);
  if (!(since <= cutoff)) return { outcome: 'tooSoon', adminsMailed: 0 };
  const active = await db
    .selectFrom('users')
    .select('id')
    .where('role', 'in', [...STAFF_ROLES])
    .where('last_active_at', '>', cutoffIso)
    .limit(1)
    .executeTakeFirst();
  if (active) return { outcome: 'staffActive', adminsMailed: 0 };
  const lastStaffActivity = await db
    .selectFrom('users')
    .select((eb) => eb.fn.max('last_active_at').as('at'))
    .where('role', 'in', [...STAFF_ROLES])
    .executeTakeFirst();

  const result = await switchOpenToApproval(db, settings.signupModeSince, nowIso, async (trx) => {
    await insertAuditEntry(trx, {
      actor: null,
      action: 'signup.autoApproval',
      details: {
        before: 'open',
        after: 'approval',
        days,
        lastStaffActivity: lastStaffActivity?.at ?? null,
      },
      at: nowIso,
    });
    const admins = await trx
      .selectFrom('users')
      .select(['email', 'first_name', 'language'])
      .where('role', '=', 'admin')
      .where('pending', '=', 0)
      .orderBy('id')
      .execute();
    const settingsUrl = `${deps.appUrl}/admin/settings`;
    for (const admin of admins) {
      await deps.mail.enqueue(
        trx,
        autoApprovalMail(admin, {
          serverName: settings.name,
          days,
          settingsUrl,
        }),
      );
    }
    return admins.length;
  });
  if (!result.switched) return { outcome: 'changedMeanwhile', adminsMailed: 0 };
  const adminsMailed = result.alongside;
  if (adminsMailed > 0) deps.mail.deliverSoon();
  return { outcome: 'switched', adminsMailed };
}

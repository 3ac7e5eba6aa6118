import type { Role } from '@hearth/contract';
import type { Db } from '../db/database.js';
import { changeRole } from '../modules/community/roles.js';

// `npm run admin`: the host's own hands on roles, on this machine (API.md, Hosts in charge).
// Each command answers one line and the exit code the CLI ends with.

export interface AdminAnswer {
  /** 0: done; 1: refused (unknown e-mail, last admin, an applicant); 2: bad arguments. */
  code: 0 | 1 | 2;
  lines: string[];
}

export const ADMIN_USAGE =
  'usage: npm run admin -- grant admin <email> | grant moderator <email> | revoke <email> | list';

/** Runs the command the arguments name on `db`; `nowIso` is when it happens (its audit line). */
export async function runAdminCommand(
  db: Db,
  args: string[],
  nowIso: string,
): Promise<AdminAnswer> {
  const [command, ...rest] = args;
  if (command === 'grant' && rest.length === 2) {
    const [role, email] = rest as [string, string];
    if (role !== 'admin' && role !== 'moderator') return usage();
    return setRole(db, email, role, nowIso);
  }
  if (command === 'revoke' && rest.length === 1) {
    return setRole(db, rest[0] as string, 'member', nowIso);
  }
  if (command === 'list' && rest.length === 0) return listStaff(db);
  return usage();
}

function usage(): AdminAnswer {
  return { code: 2, lines: [ADMIN_USAGE] };
}

async function setRole(db: Db, emailArg: string, role: Role, nowIso: string): Promise<AdminAnswer> {
  // E-mails are stored lower-cased: Ada@Example.com finds ada@example.com.
  const email = emailArg.trim().toLowerCase();
  const account = await db
    .selectFrom('users')
    .select(['id', 'email', 'first_name', 'last_name', 'role', 'pending'])
    .where('email', '=', email)
    .executeTakeFirst();
  if (!account) return { code: 1, lines: [`No account has the e-mail ${emailArg.trim()}.`] };
  const who = `${account.first_name} ${account.last_name} (${account.email})`;
  if (account.pending === 1) {
    return {
      code: 1,
      lines: [
        `${who} has applied to join and is still waiting for approval: not a member yet. Approve the application first.`,
      ],
    };
  }
  const change = await changeRole(db, {
    targetId: account.id,
    role,
    actor: null,
    nowIso,
    via: 'cli',
  });
  if (!change.ok) {
    if (change.reason === 'lastAdmin') {
      return { code: 1, lines: [`${who} is the last admin: grant admin to someone else first.`] };
    }
    // Gone between the look-up and the change.
    return { code: 1, lines: [`No account has the e-mail ${emailArg.trim()}.`] };
  }
  const named = role === 'member' ? 'a member' : role;
  if (change.before === change.after) return { code: 0, lines: [`${who} is already ${named}.`] };
  const was = role === 'member' ? ` (no longer ${change.before})` : '';
  return { code: 0, lines: [`${who} is now ${named}${was}.`] };
}

/** The staff, admins first: role, name, e-mail, in aligned columns. */
async function listStaff(db: Db): Promise<AdminAnswer> {
  const staff = await db
    .selectFrom('users')
    .select(['role', 'first_name', 'last_name', 'email'])
    .where('role', 'in', ['admin', 'moderator'])
    .where('pending', '=', 0)
    .orderBy('role')
    .orderBy('first_name')
    .orderBy('last_name')
    .orderBy('email')
    .execute();
  if (staff.length === 0) {
    return {
      code: 0,
      lines: ['No admins or moderators yet: npm run admin -- grant admin <email>'],
    };
  }
  const rows = staff.map((s) => [s.role, `${s.first_name} ${s.last_name}`, s.email] as const);
  const roleWidth = Math.max(...rows.map(([role]) => role.length));
  const nameWidth = Math.max(...rows.map(([, name]) => name.length));
  return {
    code: 0,
    lines: rows.map(
      ([role, name, email]) => `${role.padEnd(roleWidth)}  ${name.padEnd(nameWidth)}  ${email}`,
    ),
  };
}

import {
  type AuditEntry,
  type ReportAction,
  ROLE_LABELS,
  ROLES,
  type Role,
  SIGNUP_MODE_LABELS,
  SIGNUP_MODES,
  type SignupMode,
} from '@hearth/contract';

/** How the reported member's record names each action taken about them. */
const HISTORY_LABELS: Record<string, string> = {
  'report.dismiss': 'Report dismissed',
  'report.remove': 'Content removed',
  'report.warn': 'Warned',
  'post.remove': 'Post removed',
  'comment.remove': 'Comment removed',
  'member.warn': 'Warned',
  'report.suspend': 'Suspended',
  'member.suspend': 'Suspended',
  'member.unsuspend': 'Suspension lifted',
  'member.delete': 'Account deleted',
  'role.set': 'Role changed',
  'application.approve': 'Application approved',
  'application.reject': 'Application rejected',
};

/** A line of a member's record in the reports queue: 'Warned', 'Post removed'. */
export function historyLabel(action: string): string {
  return HISTORY_LABELS[action] ?? action;
}

/** How the moderation area names a report's outcome: 'Removed by Ada Owen', a record's 'Warned'. */
export const RESOLVED_AS: Record<ReportAction, string> = {
  dismiss: 'Dismissed',
  remove: 'Removed',
  warn: 'Warned',
  suspend: 'Suspended',
  delete: 'Account deleted',
};

/** What the settings' fields are called on the settings page. */
const SETTING_NAMES: Record<string, string> = {
  signupMode: 'Who may join',
  name: 'Server name',
  description: 'Description',
  rules: 'Rules',
  privacyPolicy: 'Privacy policy',
  blockedEmailDomains: 'Refused e-mail domains',
  membersMayInvite: 'Members may invite',
};

const isRole = (value: unknown): value is Role => ROLES.includes(value as Role);
const isMode = (value: unknown): value is SignupMode => SIGNUP_MODES.includes(value as SignupMode);

function article(role: Role): string {
  return role === 'admin' ? 'an' : 'a';
}

const str = (value: unknown): string | undefined =>
  typeof value === 'string' && value !== '' ? value : undefined;

/**
 * What an audit line says after the actor's name: 'changed the settings', 'made Grace Keeper a
 * moderator', 'removed a post by Grace Keeper'. An action this page does not know reads as its
 * name.
 */
export function auditSentence(entry: AuditEntry): string {
  const who = entry.target?.name ?? 'a member whose account is gone';
  const { details } = entry;
  switch (entry.action) {
    case 'settings.update':
      return 'changed the settings';
    case 'role.set': {
      const after = details.after;
      if (!isRole(after)) return `changed the role of ${who}`;
      const label = ROLE_LABELS[after].toLowerCase();
      return after === 'member'
        ? `made ${who} a member again`
        : `made ${who} ${article(after)} ${label}`;
    }
    case 'application.approve':
      return `approved ${who}`;
    case 'application.reject':
      return `rejected ${who}`;
    case 'invite.create':
      return 'made an invite link';
    case 'invite.revoke':
      return 'revoked an invite link';
    case 'signup.autoApproval':
      return `switched sign-up to ${SIGNUP_MODE_LABELS.approval.name.toLowerCase()} (no moderator active)`;
    case 'report.dismiss':
      return `dismissed a report about ${who}`;
    case 'report.remove':
    case 'post.remove':
    case 'comment.remove': {
      const what =
        entry.action === 'comment.remove' || (!details.postId && details.commentId)
          ? 'comment'
          : 'post';
      return `removed a ${what} by ${who}`;
    }
    case 'report.warn':
    case 'member.warn':
      return `warned ${who}`;
    case 'report.suspend':
    case 'member.suspend':
      return `suspended ${who}`;
    case 'member.unsuspend':
      return `lifted the suspension of ${who}`;
    case 'member.delete':
      return `deleted the account of ${who}`;
    case 'email.allow': {
      // The deleted account's name, as the refused address was listed under it.
      const name = entry.target?.name ?? str(details.name);
      return name
        ? `let the address of ${name} sign up again`
        : 'let a refused address sign up again';
    }
    default:
      return `${entry.action}${entry.target ? ` (${who})` : ''}`;
  }
}

function shown(value: unknown): string {
  if (isMode(value)) return SIGNUP_MODE_LABELS[value].name;
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if (Array.isArray(value)) return value.length === 0 ? 'none' : value.join(', ');
  if (typeof value === 'string') return value === '' ? 'empty' : value;
  return JSON.stringify(value);
}

/** Values longer than this are named, not quoted (the privacy policy, the description). */
const QUOTED_MAX = 80;

/**
 * The line's details as short sentences: the reason, what a settings change changed (before →
 * after), an invite's code, the role before.
 */
export function auditDetails(entry: AuditEntry): string[] {
  const { details } = entry;
  const lines: string[] = [];
  const reason = str(details.reason);
  if (reason) lines.push(`Reason: ${reason}`);
  if (
    entry.action === 'settings.update' &&
    details.changes &&
    typeof details.changes === 'object'
  ) {
    for (const [key, change] of Object.entries(details.changes as Record<string, unknown>)) {
      const name = SETTING_NAMES[key] ?? key;
      const { before, after } = (change ?? {}) as { before?: unknown; after?: unknown };
      const from = shown(before);
      const to = shown(after);
      lines.push(
        from.length + to.length <= QUOTED_MAX ? `${name}: ${from} → ${to}` : `${name} changed`,
      );
    }
  }
  if (entry.action === 'role.set' && isRole(details.before)) {
    lines.push(`Was ${ROLE_LABELS[details.before].toLowerCase()}`);
    if (details.via === 'cli') lines.push("From the server's command line");
  }
  if (entry.action.startsWith('invite.')) {
    const code = str(details.code);
    if (code) lines.push(`Code ${code}`);
    if (typeof details.uses === 'number') {
      lines.push(`${details.uses} ${details.uses === 1 ? 'use' : 'uses'}`);
    }
  }
  return lines;
}

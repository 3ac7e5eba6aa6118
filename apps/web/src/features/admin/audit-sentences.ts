import type {
  AuditEntry,
  MessageDescriptor,
  ReportAction,
  ReportReason,
  Role,
  SignupMode,
} from '@hearth/contract';
import { ROLES, SIGNUP_MODES } from '@hearth/contract';
import { translate } from '../../i18n';
import { adminMessages as a } from './admin.messages';
import { auditMessages as m } from './audit-log.messages';

/** How the reported member's record names each action taken about them. */
const HISTORY_LABELS: Record<string, MessageDescriptor> = {
  'report.dismiss': a.historyReportDismissed,
  'report.remove': a.historyContentRemoved,
  'report.warn': a.historyWarned,
  'post.remove': a.historyPostRemoved,
  'comment.remove': a.historyCommentRemoved,
  'member.warn': a.historyWarned,
  'report.suspend': a.historySuspended,
  'member.suspend': a.historySuspended,
  'member.unsuspend': a.historySuspensionLifted,
  'member.delete': a.historyAccountDeleted,
  'role.set': a.historyRoleChanged,
  'application.approve': a.historyApplicationApproved,
  'application.reject': a.historyApplicationRejected,
};

/** A line of a member's record in the reports queue: 'Warned', 'Post removed'. */
export function historyLabel(action: string): string {
  const label = HISTORY_LABELS[action];
  return label ? translate(label) : action;
}

/** How the moderation area names a report's outcome: 'Removed by Ada Owen', a record's 'Warned'. */
const RESOLVED_AS: Record<ReportAction, MessageDescriptor> = {
  dismiss: a.outcomeDismiss,
  remove: a.outcomeRemove,
  warn: a.outcomeWarn,
  suspend: a.outcomeSuspend,
  delete: a.outcomeDelete,
};

export function resolvedAs(action: ReportAction): string {
  return translate(RESOLVED_AS[action]);
}

/** What each role is called on the admin screens. */
const ROLE_NAMES: Record<Role, MessageDescriptor> = {
  member: a.roleMember,
  moderator: a.roleModerator,
  admin: a.roleAdmin,
};

export function roleName(role: Role): string {
  return translate(ROLE_NAMES[role]);
}

/** What each sign-up mode is called on the settings page, and what it does. */
const MODE_NAMES: Record<SignupMode, { name: MessageDescriptor; description: MessageDescriptor }> =
  {
    open: { name: a.modeOpen, description: a.modeOpenDescription },
    approval: { name: a.modeApproval, description: a.modeApprovalDescription },
    invite: { name: a.modeInvite, description: a.modeInviteDescription },
    closed: { name: a.modeClosed, description: a.modeClosedDescription },
  };

export function modeName(mode: SignupMode): string {
  return translate(MODE_NAMES[mode].name);
}

export function modeDescription(mode: SignupMode): string {
  return translate(MODE_NAMES[mode].description);
}

/** What the report dialog calls each reason. */
const REASON_NAMES: Record<ReportReason, MessageDescriptor> = {
  spam: a.reasonSpam,
  harassment: a.reasonHarassment,
  hate: a.reasonHate,
  violence: a.reasonViolence,
  nudity: a.reasonNudity,
  false_information: a.reasonFalseInformation,
  other: a.reasonOther,
};

export function reasonName(reason: ReportReason): string {
  const name = REASON_NAMES[reason];
  return name ? translate(name) : reason;
}

/** What the settings' fields are called on the settings page. */
const SETTING_NAMES: Record<string, MessageDescriptor> = {
  signupMode: m.settingSignupMode,
  name: m.settingName,
  description: m.settingDescription,
  rules: m.settingRules,
  privacyPolicy: m.settingPrivacyPolicy,
  blockedEmailDomains: m.settingBlockedEmailDomains,
  membersMayInvite: m.settingMembersMayInvite,
};

const isRole = (value: unknown): value is Role => ROLES.includes(value as Role);
const isMode = (value: unknown): value is SignupMode => SIGNUP_MODES.includes(value as SignupMode);

const str = (value: unknown): string | undefined =>
  typeof value === 'string' && value !== '' ? value : undefined;

/** An audit line's sentence: its message, the actor's name in its `<0>`, and its values. */
export interface AuditSentence {
  message: MessageDescriptor;
  values: Record<string, unknown>;
}

/**
 * What an audit line says, the actor's name first: 'Ada Owen changed the settings', 'Ada Owen
 * made Grace Keeper a moderator', 'Ada Owen removed a post by Grace Keeper'. An action this page
 * does not know reads as its name.
 */
export function auditSentence(entry: AuditEntry): AuditSentence {
  const actor = entry.actor.name;
  const who = entry.target?.name ?? translate(m.goneMember);
  const line = (message: MessageDescriptor, values: Record<string, unknown> = {}) => ({
    message,
    values: { actor, who, ...values },
  });
  const { details } = entry;
  switch (entry.action) {
    case 'settings.update':
      return line(m.settingsUpdate);
    case 'role.set': {
      const after = details.after;
      if (!isRole(after)) return line(m.roleChanged);
      return line(
        after === 'member' ? m.madeMember : after === 'admin' ? m.madeAdmin : m.madeModerator,
      );
    }
    case 'application.approve':
      return line(m.approved);
    case 'application.reject':
      return line(m.rejected);
    case 'invite.create':
      return line(m.inviteCreated);
    case 'invite.revoke':
      return line(m.inviteRevoked);
    case 'signup.autoApproval':
      return line(m.autoApproval);
    case 'report.dismiss':
      return line(m.reportDismissed);
    case 'report.remove':
    case 'post.remove':
    case 'comment.remove': {
      const comment = entry.action === 'comment.remove' || (!details.postId && details.commentId);
      return line(comment ? m.commentRemoved : m.postRemoved);
    }
    case 'report.warn':
    case 'member.warn':
      return line(m.warned);
    case 'report.suspend':
    case 'member.suspend':
      return line(m.suspended);
    case 'member.unsuspend':
      return line(m.unsuspended);
    case 'member.delete':
      return line(m.deleted);
    case 'email.allow': {
      // The deleted account's name, as the refused address was listed under it.
      const name = entry.target?.name ?? str(details.name);
      return name ? line(m.emailAllowedNamed, { name }) : line(m.emailAllowed);
    }
    default:
      return line(entry.target ? m.unknownAbout : m.unknown, { action: entry.action });
  }
}

function shown(value: unknown): string {
  if (isMode(value)) return modeName(value);
  if (typeof value === 'boolean') return translate(value ? m.yes : m.no);
  if (Array.isArray(value)) return value.length === 0 ? translate(m.none) : value.join(', ');
  if (typeof value === 'string') return value === '' ? translate(m.emptyValue) : value;
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
  if (reason) lines.push(translate(a.reasonLine, { reason }));
  if (
    entry.action === 'settings.update' &&
    details.changes &&
    typeof details.changes === 'object'
  ) {
    for (const [key, change] of Object.entries(details.changes as Record<string, unknown>)) {
      const known = SETTING_NAMES[key];
      const setting = known ? translate(known) : key;
      const { before, after } = (change ?? {}) as { before?: unknown; after?: unknown };
      const from = shown(before);
      const to = shown(after);
      lines.push(
        from.length + to.length <= QUOTED_MAX
          ? translate(m.change, { setting, before: from, after: to })
          : translate(m.changed, { setting }),
      );
    }
  }
  if (entry.action === 'role.set' && isRole(details.before)) {
    lines.push(translate(m.was, { role: details.before }));
    if (details.via === 'cli') lines.push(translate(m.viaCli));
  }
  if (entry.action.startsWith('invite.')) {
    const code = str(details.code);
    if (code) lines.push(translate(m.code, { code }));
    if (typeof details.uses === 'number') {
      lines.push(translate(m.uses, { count: details.uses }));
    }
  }
  return lines;
}

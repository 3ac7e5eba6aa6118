import { z } from 'zod';
import {
  ACTION_REASON_MAX,
  BLOCKED_DOMAINS_MAX,
  DECISION_REASON_MAX,
  INVITE_DAYS_MAX,
  INVITE_USES_MAX,
  PRIVACY_POLICY_MAX,
  REPORT_DETAILS_MAX,
  REPORTED_MESSAGES_AROUND,
  SERVER_DESCRIPTION_MAX,
  SERVER_NAME_MAX,
  SERVER_RULE_MAX,
  SERVER_RULES_MAX,
} from '../constants.js';
import {
  MEMBER_STATUSES,
  REPORT_ACTIONS,
  REPORT_REASONS,
  REPORT_TARGETS,
  RESOLVE_ACTIONS,
  ROLES,
  SIGNUP_MODES,
} from '../enums.js';
import { MODERATION_MESSAGES, REPORT_MESSAGES } from '../messages.js';

/** Who may join and what the server says about itself (API.md, Hosts in charge). */

/** A domain name as a host writes it: letters, digits and hyphens in dot-separated labels. */
const DOMAIN = /^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z0-9-]{2,63}$/;

/** GET /about: what anyone may read before joining. */
export const aboutSchema = z.object({
  name: z.string(),
  description: z.string(),
  rules: z.array(z.string()),
  privacyPolicy: z.string(),
  signupMode: z.enum(SIGNUP_MODES),
  /** Whether members may make invite links (invite mode). */
  membersMayInvite: z.boolean(),
});
export type About = z.infer<typeof aboutSchema>;

/** GET /moderation/settings (admin): /about's fields and the refused e-mail domains. */
export const moderationSettingsSchema = aboutSchema.extend({
  blockedEmailDomains: z.array(z.string()),
  /** When `open` last switched itself to `approval` for lack of active moderators, if ever. */
  autoApprovalAt: z.string().nullable(),
});
export type ModerationSettings = z.infer<typeof moderationSettingsSchema>;

const ruleSchema = z
  .string({ error: MODERATION_MESSAGES.rulesMax })
  .trim()
  .min(1, MODERATION_MESSAGES.rulesMax)
  .max(SERVER_RULE_MAX, MODERATION_MESSAGES.rulesMax);

const domainSchema = z
  .string({ error: MODERATION_MESSAGES.domainsInvalid })
  .trim()
  .toLowerCase()
  .transform((d) => d.replace(/^@/, '').replace(/\.$/, ''))
  .refine((d) => DOMAIN.test(d), MODERATION_MESSAGES.domainsInvalid);

/** PUT /moderation/settings: any of the settings (at least one); unknown keys are refused. */
export const moderationSettingsInputSchema = z
  .object({
    signupMode: z.enum(SIGNUP_MODES, { error: MODERATION_MESSAGES.signupMode }).optional(),
    name: z
      .string({ error: MODERATION_MESSAGES.nameRequired })
      .trim()
      .min(1, MODERATION_MESSAGES.nameRequired)
      .max(SERVER_NAME_MAX, MODERATION_MESSAGES.nameMax)
      .optional(),
    description: z
      .string({ error: MODERATION_MESSAGES.descriptionMax })
      .trim()
      .max(SERVER_DESCRIPTION_MAX, MODERATION_MESSAGES.descriptionMax)
      .optional(),
    rules: z
      .array(ruleSchema, { error: MODERATION_MESSAGES.rulesMax })
      .max(SERVER_RULES_MAX, MODERATION_MESSAGES.rulesMax)
      .optional(),
    privacyPolicy: z
      .string({ error: MODERATION_MESSAGES.privacyPolicyMax })
      .trim()
      .max(PRIVACY_POLICY_MAX, MODERATION_MESSAGES.privacyPolicyMax)
      .optional(),
    blockedEmailDomains: z
      .array(domainSchema, { error: MODERATION_MESSAGES.domainsInvalid })
      .max(BLOCKED_DOMAINS_MAX, MODERATION_MESSAGES.domainsInvalid)
      .transform((domains) => [...new Set(domains)].sort())
      .optional(),
    membersMayInvite: z.boolean().optional(),
  })
  .strict()
  .refine((s) => Object.values(s).some((v) => v !== undefined), {
    message: MODERATION_MESSAGES.settingsEmpty,
  });
export type ModerationSettingsInput = z.infer<typeof moderationSettingsInputSchema>;

/** PUT /moderation/role/{userId} (admin). */
export const roleInputSchema = z.object({
  role: z.enum(ROLES, { error: MODERATION_MESSAGES.role }),
});
export type RoleInput = z.infer<typeof roleInputSchema>;

export const roleAnswerSchema = z.object({ _id: z.string(), role: z.enum(ROLES) });
export type RoleAnswer = z.infer<typeof roleAnswerSchema>;

/** POST /moderation/invites: how many sign-ups it allows and for how many days. */
export const inviteInputSchema = z.object({
  uses: z
    .number({ error: MODERATION_MESSAGES.inviteUses })
    .int(MODERATION_MESSAGES.inviteUses)
    .min(1, MODERATION_MESSAGES.inviteUses)
    .max(INVITE_USES_MAX, MODERATION_MESSAGES.inviteUses),
  expiresInDays: z
    .number({ error: MODERATION_MESSAGES.inviteDays })
    .int(MODERATION_MESSAGES.inviteDays)
    .min(1, MODERATION_MESSAGES.inviteDays)
    .max(INVITE_DAYS_MAX, MODERATION_MESSAGES.inviteDays),
});
export type InviteInput = z.infer<typeof inviteInputSchema>;

/** An invite link: its code, the address to share, how often it was used, until when. */
export const inviteSchema = z.object({
  code: z.string(),
  url: z.string(),
  uses: z.number(),
  used: z.number(),
  expiresAt: z.string(),
  createdAt: z.string(),
  /** Who made it: `{_id, first_name, last_name}`, or null once that account is gone. */
  createdBy: z
    .object({ _id: z.string(), first_name: z.string(), last_name: z.string() })
    .nullable(),
});
export type Invite = z.infer<typeof inviteSchema>;
export const invitesSchema = z.array(inviteSchema);

export const inviteCodeParamSchema = z.object({ code: z.string().min(1).max(64) });

/** An applicant waiting for approval, as moderators see them. */
export const applicationSchema = z.object({
  _id: z.string(),
  username: z.string(),
  picture: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  reason: z.string(),
  createdAt: z.string(),
});
export type Application = z.infer<typeof applicationSchema>;
export const applicationsSchema = z.array(applicationSchema);

/** PUT /moderation/applications/{userId}. */
export const applicationDecisionSchema = z.object({
  approve: z.boolean({ error: MODERATION_MESSAGES.approve }),
  reason: z
    .string({ error: MODERATION_MESSAGES.decisionReasonMax })
    .trim()
    .max(DECISION_REASON_MAX, MODERATION_MESSAGES.decisionReasonMax)
    .optional(),
});
export type ApplicationDecision = z.infer<typeof applicationDecisionSchema>;

/** GET /moderation/members: search by name, username or e-mail; newest first. */
export const moderationMembersQuerySchema = z.object({
  q: z.string().trim().max(100).optional(),
  cursor: z.string().max(200).optional(),
});
export type ModerationMembersQuery = z.infer<typeof moderationMembersQuerySchema>;

export const moderationMemberSchema = z.object({
  _id: z.string(),
  username: z.string(),
  picture: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  role: z.enum(ROLES),
  createdAt: z.string(),
  /** A moderator's or admin's last request (members' activity is not kept). */
  lastActiveAt: z.string().nullable(),
  /** `suspended`: no login, their content hidden from everyone (`suspension` says since when, why). */
  status: z.enum(MEMBER_STATUSES),
  suspension: z.object({ reason: z.string(), at: z.string() }).nullable(),
});
export type ModerationMember = z.infer<typeof moderationMemberSchema>;
export const moderationMembersSchema = z.array(moderationMemberSchema);

export const moderationPageQuerySchema = z.object({ cursor: z.string().max(200).optional() });

/** `:userId` of the moderation calls. */
export const userIdParamSchema = z.object({ userId: z.string().min(1).max(64) });

// Reports and moderation actions (API.md, Hosts in charge).

const targetId = z.string({ error: REPORT_MESSAGES.target }).min(1, REPORT_MESSAGES.target).max(64);

/** POST /moderation/report: one post, comment, member or message, a reason, optional details. */
export const reportInputSchema = z.object({
  target: z.union(
    [
      z.object({ postId: targetId }).strict(),
      z.object({ commentId: targetId }).strict(),
      z.object({ userId: targetId }).strict(),
      z.object({ messageId: targetId }).strict(),
    ],
    { error: REPORT_MESSAGES.target },
  ),
  reason: z.enum(REPORT_REASONS, { error: REPORT_MESSAGES.reasonRequired }),
  details: z
    .string({ error: REPORT_MESSAGES.detailsMax })
    .trim()
    .max(REPORT_DETAILS_MAX, REPORT_MESSAGES.detailsMax)
    .optional(),
});
export type ReportInput = z.infer<typeof reportInputSchema>;

/** A report as its reporter reads it (the Support Inbox). */
export const myReportSchema = z.object({
  _id: z.string(),
  target: z.object({
    type: z.enum(REPORT_TARGETS),
    _id: z.string(),
    /** The post's, comment's or message's text, or the member's name, as reported (cut to a preview). */
    preview: z.string(),
  }),
  reason: z.enum(REPORT_REASONS),
  details: z.string(),
  status: z.enum(['open', 'resolved']),
  /** What the moderators did, once resolved. */
  outcome: z.enum(REPORT_ACTIONS).nullable(),
  createdAt: z.string(),
  resolvedAt: z.string().nullable(),
});
export type MyReport = z.infer<typeof myReportSchema>;
export const myReportsSchema = z.array(myReportSchema);

const personSchema = z.object({
  _id: z.string(),
  username: z.string(),
  picture: z.string(),
  first_name: z.string(),
  last_name: z.string(),
});

/** What was reported, as members saw it when it was reported (kept if it changed or went). */
export const reportedContentSchema = z.object({
  text: z.string(),
  background: z.string(),
  images: z.array(z.string()),
  createdAt: z.string(),
  /** Since the report: the author trashed it, a moderator removed it, the author edited it. */
  trashed: z.boolean(),
  removed: z.boolean(),
  edited: z.boolean(),
});

/**
 * One message of a message report, as the reporter could read it when reporting (kept with the
 * report: a later unsend or deletion does not change it): the reported message and up to
 * REPORTED_MESSAGES_AROUND before and after it in its conversation, oldest first.
 */
export const reportedMessageSchema = z.object({
  _id: z.string(),
  /** The sender's id and name as they were; `_id` null once the account is gone. */
  sender: z.object({ _id: z.string().nullable(), name: z.string() }),
  text: z.string(),
  /** The photo's signed address for moderators, or null. */
  image: z.string().nullable(),
  /** Unsent before the report (shown as 'Message removed'). */
  removed: z.boolean(),
  createdAt: z.string(),
  /** The message reported. */
  reported: z.boolean(),
});
export type ReportedMessage = z.infer<typeof reportedMessageSchema>;
/** At most 2 × REPORTED_MESSAGES_AROUND + 1 messages. */
export const reportedMessagesSchema = z
  .array(reportedMessageSchema)
  .max(2 * REPORTED_MESSAGES_AROUND + 1);

/** A report as moderators see it in the queue. */
export const moderationReportSchema = z.object({
  _id: z.string(),
  status: z.enum(['open', 'resolved']),
  reason: z.enum(REPORT_REASONS),
  details: z.string(),
  createdAt: z.string(),
  /** Null once the reporter's account is gone. */
  reporter: personSchema.nullable(),
  target: z.object({ type: z.enum(REPORT_TARGETS), _id: z.string() }),
  /** The member reported (the author of the post or comment); null once their account is gone. */
  member: personSchema.nullable(),
  /**
   * The post, comment or message as reported; null for a member report. For a message, `trashed`
   * says its sender unsent it since (or it is gone).
   */
  content: reportedContentSchema.nullable(),
  /** A message report: the message and the few around it, as reported; null for the others. */
  messages: reportedMessagesSchema.nullable(),
  /** The reported member's record: reports against them before this one, and actions taken. */
  history: z.object({
    earlierReports: z.number(),
    actions: z.array(z.object({ action: z.string(), reason: z.string(), at: z.string() })),
  }),
  resolution: z
    .object({ action: z.enum(REPORT_ACTIONS), reason: z.string(), by: z.string(), at: z.string() })
    .nullable(),
});
export type ModerationReport = z.infer<typeof moderationReportSchema>;
export const moderationReportsSchema = z.array(moderationReportSchema);

export const reportsQuerySchema = z.object({
  status: z.enum(['open', 'resolved'], { error: MODERATION_MESSAGES.reportStatus }).default('open'),
  cursor: z.string().max(200).optional(),
});
export type ReportsQuery = z.infer<typeof reportsQuerySchema>;

export const reportIdParamSchema = z.object({ reportId: z.string().min(1).max(64) });
export const commentIdParamSchema = z.object({ commentId: z.string().min(1).max(64) });

const actionReason = z
  .string({ error: MODERATION_MESSAGES.actionReasonRequired })
  .trim()
  .min(1, MODERATION_MESSAGES.actionReasonRequired)
  .max(ACTION_REASON_MAX, MODERATION_MESSAGES.actionReasonMax);

/** PUT /moderation/reports/{reportId}: the action and its reason (optional to dismiss). */
export const resolveReportSchema = z
  .object({
    action: z.enum(RESOLVE_ACTIONS, { error: MODERATION_MESSAGES.action }),
    reason: z
      .string({ error: MODERATION_MESSAGES.actionReasonMax })
      .trim()
      .max(ACTION_REASON_MAX, MODERATION_MESSAGES.actionReasonMax)
      .optional(),
  })
  .refine((input) => input.action === 'dismiss' || (input.reason ?? '') !== '', {
    path: ['reason'],
    message: MODERATION_MESSAGES.actionReasonRequired,
  });
export type ResolveReportInput = z.infer<typeof resolveReportSchema>;

/** Removing a post or a comment, warning a member: the reason the member reads. */
export const actionReasonSchema = z.object({ reason: actionReason });
export type ActionReasonInput = z.infer<typeof actionReasonSchema>;

/** One line of the audit log (admins). */
export const auditEntrySchema = z.object({
  _id: z.string(),
  /** `_id` null: the server itself (the automatic switch to approval). */
  actor: z.object({ _id: z.string().nullable(), name: z.string() }),
  action: z.string(),
  target: z.object({ _id: z.string(), name: z.string() }).nullable(),
  details: z.record(z.string(), z.unknown()),
  createdAt: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;
export const auditLogSchema = z.array(auditEntrySchema);

/** The header's Moderation entry: what waits for moderators. */
export const moderationSummarySchema = z.object({
  openReports: z.number(),
  applications: z.number(),
});
export type ModerationSummary = z.infer<typeof moderationSummarySchema>;

/** One action in a member's record (the audit log's lines naming them). */
export const memberActionSchema = z.object({
  action: z.string(),
  reason: z.string(),
  /** The moderator's or admin's name, or the host's command line. */
  by: z.string(),
  at: z.string(),
});

/** GET /moderation/members/{userId}: a member's record, for moderators. */
export const memberRecordSchema = z.object({
  member: moderationMemberSchema,
  /** Reports naming them (newest first, at most 50), with what was decided. */
  reports: z.array(
    z.object({
      _id: z.string(),
      target: z.object({ type: z.enum(REPORT_TARGETS), _id: z.string() }),
      reason: z.enum(REPORT_REASONS),
      details: z.string(),
      status: z.enum(['open', 'resolved']),
      outcome: z.enum(REPORT_ACTIONS).nullable(),
      createdAt: z.string(),
    }),
  ),
  /** Actions taken about them (newest first, at most 50). */
  actions: z.array(memberActionSchema),
});
export type MemberRecord = z.infer<typeof memberRecordSchema>;

/**
 * An address that may not sign up again: the account deleted by an admin, its e-mail kept only
 * as a hash. Lifting it (DELETE) lets the address sign up again.
 */
export const emailBlockSchema = z.object({
  _id: z.string(),
  /** The deleted member's name, as it was. */
  name: z.string(),
  reason: z.string(),
  createdAt: z.string(),
});
export type EmailBlock = z.infer<typeof emailBlockSchema>;
export const emailBlocksSchema = z.array(emailBlockSchema);
export const emailBlockIdParamSchema = z.object({ blockId: z.string().min(1).max(64) });

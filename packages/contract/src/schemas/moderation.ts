import { z } from 'zod';
import {
  BLOCKED_DOMAINS_MAX,
  DECISION_REASON_MAX,
  INVITE_DAYS_MAX,
  INVITE_USES_MAX,
  PRIVACY_POLICY_MAX,
  SERVER_DESCRIPTION_MAX,
  SERVER_NAME_MAX,
  SERVER_RULE_MAX,
  SERVER_RULES_MAX,
} from '../constants.js';
import { ROLES, SIGNUP_MODES } from '../enums.js';
import { MODERATION_MESSAGES } from '../messages.js';

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
});
export type ModerationMember = z.infer<typeof moderationMemberSchema>;
export const moderationMembersSchema = z.array(moderationMemberSchema);

export const moderationPageQuerySchema = z.object({ cursor: z.string().max(200).optional() });

/** `:userId` of the moderation calls. */
export const userIdParamSchema = z.object({ userId: z.string().min(1).max(64) });

import { z } from 'zod';
import { ACCOUNT_MESSAGES } from '../account-messages.js';
import { REGISTER_MESSAGES } from '../auth-messages.js';
import {
  EMAIL_MAX,
  RECOVERY_CODE_COUNT,
  RECOVERY_CODE_PATTERN,
  TOTP_CODE_PATTERN,
} from '../constants.js';
import { LANGUAGE_CODES, type LanguageCode } from '../i18n.js';
import { SERVER_MESSAGES } from '../interface-messages.js';
import { authResponseSchema } from './responses.js';

// One's own account (API.md, One's own account): e-mail, where you're logged in, two-factor
// sign-in and deleting the account. Name and password are in auth.ts.

/** The caller's password, to confirm a change that matters. */
const currentPassword = z
  .string({ error: ACCOUNT_MESSAGES.currentPasswordRequired })
  .min(1, ACCOUNT_MESSAGES.currentPasswordRequired)
  .max(1024, ACCOUNT_MESSAGES.currentPasswordWrong);

/** A 6-digit code from an authenticator app (spaces, as apps show them, are dropped). */
const totpCode = z
  .string({ error: ACCOUNT_MESSAGES.twoFactorCodeRequired })
  .transform((code) => code.replace(/\s+/g, ''))
  .pipe(
    z
      .string()
      .min(1, ACCOUNT_MESSAGES.twoFactorCodeRequired)
      .regex(TOTP_CODE_PATTERN, ACCOUNT_MESSAGES.twoFactorCodeWrong),
  );

/** An authenticator code or a recovery code (login's second step). */
const loginCode = z
  .string({ error: ACCOUNT_MESSAGES.loginCodeNeeded })
  .transform((code) => code.replace(/\s+/g, ''))
  .pipe(
    z
      .string()
      .min(1, ACCOUNT_MESSAGES.loginCodeNeeded)
      .refine(
        (code) => TOTP_CODE_PATTERN.test(code) || RECOVERY_CODE_PATTERN.test(code),
        ACCOUNT_MESSAGES.twoFactorCodeWrong,
      ),
  );

/** A link's or a login ticket's opaque token. */
const ticketSchema = z
  .string({ error: ACCOUNT_MESSAGES.loginTicketExpired })
  .min(1, ACCOUNT_MESSAGES.loginTicketExpired)
  .max(2000, ACCOUNT_MESSAGES.loginTicketExpired);

/** GET /users/account: what the Settings page shows of the account beyond the session's user. */
export const accountSchema = z.object({
  email: z.string(),
  /** The address a sent link would change it to, until the link is opened or expires. */
  pendingEmail: z.string().nullable(),
  twoFactor: z.object({
    enabled: z.boolean(),
    /** Unused recovery codes left (0 when two-factor sign-in is off). */
    recoveryCodesLeft: z.number().int(),
  }),
  /** The language the member's screens and mails are in (the languages issue). */
  language: z.enum(LANGUAGE_CODES as [LanguageCode, ...LanguageCode[]]),
});
export type Account = z.infer<typeof accountSchema>;

/** PUT /users/changeLanguage: one of the login footer's languages, by code. */
export const changeLanguageSchema = z.object({
  language: z.enum(LANGUAGE_CODES as [LanguageCode, ...LanguageCode[]], {
    error: ACCOUNT_MESSAGES.languageInvalid,
  }),
});
export type ChangeLanguageInput = z.infer<typeof changeLanguageSchema>;
export const changeLanguageAnswerSchema = z.object({
  message: z.string(),
  language: z.enum(LANGUAGE_CODES as [LanguageCode, ...LanguageCode[]]),
});

/** PUT /users/changeEmail: the new address under the sign-up's rules, and the password. */
export const changeEmailSchema = z
  .object({
    email: z
      .string({ error: REGISTER_MESSAGES.emailRequired })
      .trim()
      .min(1, REGISTER_MESSAGES.emailRequired)
      .max(EMAIL_MAX, REGISTER_MESSAGES.emailInvalid)
      .email(REGISTER_MESSAGES.emailInvalid),
    currentPassword,
  })
  .strict();
export type ChangeEmailInput = z.infer<typeof changeEmailSchema>;

/** POST /users/confirmEmail: the link's token (the page /confirm-email/{token} sends it). */
export const confirmEmailSchema = z
  .object({
    token: z
      .string({ error: ACCOUNT_MESSAGES.emailLinkInvalid })
      .trim()
      .min(1, ACCOUNT_MESSAGES.emailLinkInvalid)
      .max(200, ACCOUNT_MESSAGES.emailLinkInvalid),
  })
  .strict();
export type ConfirmEmailInput = z.infer<typeof confirmEmailSchema>;

export const confirmEmailAnswerSchema = z.object({ message: z.string(), email: z.string() });
export type ConfirmEmailAnswer = z.infer<typeof confirmEmailAnswerSchema>;

/** One session of the caller's (GET /users/sessions). */
export const accountSessionSchema = z.object({
  id: z.string(),
  /** From the user agent, e.g. "Chrome on Android"; "Unknown device" when it said nothing. */
  device: z.string(),
  /** The IP address it last came from (null for a session opened before this was kept). */
  ip: z.string().nullable(),
  createdAt: z.string(),
  /** Written at most once a minute (SESSION_ACTIVITY_WRITE_MS). */
  lastActiveAt: z.string(),
  /** The session of the call itself. */
  current: z.boolean(),
});
export type AccountSession = z.infer<typeof accountSessionSchema>;

/** Newest activity first. */
export const accountSessionsSchema = z.object({ sessions: z.array(accountSessionSchema) });
export type AccountSessions = z.infer<typeof accountSessionsSchema>;

export const sessionIdParamsSchema = z.object({
  sessionId: z.string().min(1, SERVER_MESSAGES.notFound).max(100, SERVER_MESSAGES.notFound),
});

/** POST /users/twoFactor/setup: the password, before a secret is made. */
export const twoFactorSetupSchema = z.object({ currentPassword }).strict();
export type TwoFactorSetupInput = z.infer<typeof twoFactorSetupSchema>;

/** The new secret, not yet in force: the app scans the QR code or takes the key by hand. */
export const twoFactorSetupAnswerSchema = z.object({
  /** Base32, as authenticator apps take it typed in. */
  secret: z.string(),
  /** otpauth://totp/… (RFC 6238 key URI). */
  otpauthUri: z.string(),
  /** The same URI as a QR code: an SVG document (image/svg+xml). */
  qrSvg: z.string(),
});
export type TwoFactorSetupAnswer = z.infer<typeof twoFactorSetupAnswerSchema>;

/** POST /users/twoFactor/enable: a first code from the app proves it holds the secret. */
export const twoFactorEnableSchema = z.object({ code: totpCode }).strict();
export type TwoFactorEnableInput = z.infer<typeof twoFactorEnableSchema>;

/** The recovery codes, shown this once. */
export const twoFactorEnableAnswerSchema = z.object({
  message: z.string(),
  recoveryCodes: z.array(z.string()).length(RECOVERY_CODE_COUNT),
});
export type TwoFactorEnableAnswer = z.infer<typeof twoFactorEnableAnswerSchema>;

/** POST /users/twoFactor/disable: the password and a code (or a recovery code). */
export const twoFactorDisableSchema = z.object({ currentPassword, code: loginCode }).strict();
export type TwoFactorDisableInput = z.infer<typeof twoFactorDisableSchema>;

/** POST /auth/loginTwoFactor: the login's ticket and a code (or a recovery code). */
export const loginTwoFactorSchema = z.object({ ticket: ticketSchema, code: loginCode }).strict();
export type LoginTwoFactorInput = z.infer<typeof loginTwoFactorSchema>;

/** POST /auth/cancelDeletion: the ticket of a login to an account being deleted. */
export const cancelDeletionSchema = z.object({ ticket: ticketSchema }).strict();
export type CancelDeletionInput = z.infer<typeof cancelDeletionSchema>;

/** Login's answer when two-factor sign-in is on: no session yet, a code is asked for. */
export const twoFactorRequiredSchema = z.object({
  message: z.string(),
  twoFactorRequired: z.literal(true),
  ticket: z.string(),
});
export type TwoFactorRequired = z.infer<typeof twoFactorRequiredSchema>;

/** Login's answer for an account being deleted: no session; the ticket can cancel it. */
export const deletionScheduledSchema = z.object({
  message: z.string(),
  deletionScheduled: z.literal(true),
  /** When everything is purged unless cancelled. */
  purgeAt: z.string(),
  ticket: z.string(),
});
export type DeletionScheduled = z.infer<typeof deletionScheduledSchema>;

/** POST /auth/login and /auth/loginTwoFactor: a session, or the next step. */
export const loginAnswerSchema = z.union([
  authResponseSchema,
  twoFactorRequiredSchema,
  deletionScheduledSchema,
]);
export type LoginAnswer = z.infer<typeof loginAnswerSchema>;

/** POST /users/deleteAccount: the password, and a code when two-factor sign-in is on. */
export const deleteAccountSchema = z
  .object({ currentPassword, code: loginCode.optional() })
  .strict();
export type DeleteAccountInput = z.infer<typeof deleteAccountSchema>;

/** One 'Download your information' zip of the caller's (GET /users/exportData). */
export const dataExportSchema = z.object({
  id: z.string(),
  status: z.enum(['queued', 'building', 'ready', 'failed']),
  requestedAt: z.string(),
  /** Once ready: its size, and until when it can be downloaded. */
  readyAt: z.string().nullable(),
  expiresAt: z.string().nullable(),
  bytes: z.number().int().nullable(),
});
export type DataExport = z.infer<typeof dataExportSchema>;

/** The caller's exports, newest first (failed and expired ones drop out after a while). */
export const dataExportsSchema = z.object({ exports: z.array(dataExportSchema) });
export type DataExports = z.infer<typeof dataExportsSchema>;

export const exportIdParamsSchema = z.object({
  exportId: z.string().min(1, SERVER_MESSAGES.notFound).max(100, SERVER_MESSAGES.notFound),
});

/** A short-lived signed address of a ready zip (the download cannot carry a Bearer header). */
export const dataExportLinkSchema = z.object({ url: z.string(), expiresAt: z.string() });
export type DataExportLink = z.infer<typeof dataExportLinkSchema>;

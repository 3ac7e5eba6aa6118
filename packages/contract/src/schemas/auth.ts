import { z } from 'zod';
import { ACCOUNT_MESSAGES } from '../account-messages.js';
import {
  FIND_ACCOUNT_MESSAGES,
  LOGIN_MESSAGES,
  NEW_PASSWORD_MESSAGES,
  REGISTER_MESSAGES,
  RESET_CODE_MESSAGES,
  SIGNUP_MESSAGES,
} from '../auth-messages.js';
import {
  BIRTH_YEAR_CHOICES,
  EMAIL_MAX,
  JOIN_REASON_MAX,
  MIN_SIGNUP_AGE,
  NAME_MAX,
  NAME_MIN,
  RESET_CODE_LENGTH,
  RESET_EMAIL_MAX,
  RESET_PASSWORD_MAX,
  RESET_PASSWORD_MIN,
  SIGNUP_PASSWORD_MAX,
  SIGNUP_PASSWORD_MIN,
} from '../constants.js';
import { GENDERS } from '../enums.js';
import { SERVER_MESSAGES } from '../interface-messages.js';

const LETTERS_ONLY = /^\p{L}+$/u;

export const loginSchema = z.object({
  email: z
    .string({ error: LOGIN_MESSAGES.emailRequired })
    .trim()
    .min(1, LOGIN_MESSAGES.emailRequired)
    .max(EMAIL_MAX, LOGIN_MESSAGES.emailInvalid)
    .email(LOGIN_MESSAGES.emailInvalid),
  password: z
    .string({ error: LOGIN_MESSAGES.passwordRequired })
    .min(1, LOGIN_MESSAGES.passwordRequired),
});
export type LoginInput = z.infer<typeof loginSchema>;

function nameSchema(required: string, length: string) {
  return z
    .string({ error: required })
    .trim()
    .min(1, required)
    .min(NAME_MIN, length)
    .max(NAME_MAX, length)
    .regex(LETTERS_ONLY, REGISTER_MESSAGES.nameLetters);
}

/** Days in a month (month 1-12); February follows leap years. */
export function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** Year choices of the sign-up form: 108 years ending at the current year, newest first. */
export function birthYearChoices(now: Date = new Date()): number[] {
  const current = now.getFullYear();
  return Array.from({ length: BIRTH_YEAR_CHOICES }, (_, i) => current - i);
}

/** Whole years between a birth date and `now`. */
export function ageOn(year: number, month: number, day: number, now: Date = new Date()): number {
  let age = now.getFullYear() - year;
  const beforeBirthday =
    now.getMonth() + 1 < month || (now.getMonth() + 1 === month && now.getDate() < day);
  if (beforeBirthday) age -= 1;
  return age;
}

/** A birth date is accepted when it exists, is not older than the year list and gives an age of at least 14. */
export function isAcceptableBirthDate(
  year: number,
  month: number,
  day: number,
  now: Date = new Date(),
): boolean {
  const oldest = now.getFullYear() - (BIRTH_YEAR_CHOICES - 1);
  if (!Number.isInteger(year) || !Number.isInteger(month) || !Number.isInteger(day)) return false;
  if (year < oldest || year > now.getFullYear()) return false;
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return false;
  return ageOn(year, month, day, now) >= MIN_SIGNUP_AGE;
}

const birthPart = z.coerce
  .number({ error: REGISTER_MESSAGES.birthDate })
  .int(REGISTER_MESSAGES.birthDate);

export const registerSchema = z
  .object({
    first_name: nameSchema(REGISTER_MESSAGES.firstNameRequired, REGISTER_MESSAGES.firstNameLength),
    last_name: nameSchema(REGISTER_MESSAGES.lastNameRequired, REGISTER_MESSAGES.lastNameLength),
    email: z
      .string({ error: REGISTER_MESSAGES.emailRequired })
      .trim()
      .min(1, REGISTER_MESSAGES.emailRequired)
      .max(EMAIL_MAX, REGISTER_MESSAGES.emailInvalid)
      .email(REGISTER_MESSAGES.emailInvalid),
    password: z
      .string({ error: REGISTER_MESSAGES.passwordRequired })
      .min(1, REGISTER_MESSAGES.passwordRequired)
      .min(SIGNUP_PASSWORD_MIN, REGISTER_MESSAGES.passwordMin)
      .max(SIGNUP_PASSWORD_MAX, REGISTER_MESSAGES.passwordMax),
    bYear: birthPart,
    bMonth: birthPart,
    bDay: birthPart,
    gender: z.enum(GENDERS, { error: REGISTER_MESSAGES.genderRequired }),
    // Beside the spec's fields (API.md, Hosts in charge): the invite code in invite mode and the
    // applicant's reason in approval mode; ignored in the other modes.
    invite: z
      .string({ error: SIGNUP_MESSAGES.inviteInvalid })
      .trim()
      .max(64, SIGNUP_MESSAGES.inviteInvalid)
      .optional(),
    reason: z
      .string({ error: SIGNUP_MESSAGES.reasonRequired })
      .trim()
      .max(JOIN_REASON_MAX, SIGNUP_MESSAGES.reasonMax)
      .optional(),
  })
  .superRefine((value, ctx) => {
    if (!isAcceptableBirthDate(value.bYear, value.bMonth, value.bDay)) {
      ctx.addIssue({ code: 'custom', path: ['birthDate'], message: REGISTER_MESSAGES.birthDate });
    }
  });
export type RegisterInput = z.infer<typeof registerSchema>;

const findEmail = z
  .string({ error: FIND_ACCOUNT_MESSAGES.emailRequired })
  .trim()
  .min(1, FIND_ACCOUNT_MESSAGES.emailRequired)
  .email(FIND_ACCOUNT_MESSAGES.emailInvalid)
  .max(RESET_EMAIL_MAX, FIND_ACCOUNT_MESSAGES.emailMax);

export const findUserSchema = z.object({ email: findEmail });
export type FindUserInput = z.infer<typeof findUserSchema>;

export const sendResetCodeSchema = findUserSchema;
export type SendResetCodeInput = FindUserInput;

export const resetCodeSchema = z.object({
  code: z
    .string({ error: RESET_CODE_MESSAGES.required })
    .trim()
    .min(1, RESET_CODE_MESSAGES.required)
    .min(RESET_CODE_LENGTH, RESET_CODE_MESSAGES.min)
    .max(RESET_CODE_LENGTH, RESET_CODE_MESSAGES.max),
});
export type ResetCodeInput = z.infer<typeof resetCodeSchema>;

export const validateResetCodeSchema = findUserSchema.extend(resetCodeSchema.shape);
export type ValidateResetCodeInput = z.infer<typeof validateResetCodeSchema>;

export const newPasswordSchema = z
  .object({
    password: z
      .string({ error: NEW_PASSWORD_MESSAGES.required })
      .min(1, NEW_PASSWORD_MESSAGES.required)
      .min(RESET_PASSWORD_MIN, NEW_PASSWORD_MESSAGES.min)
      .max(RESET_PASSWORD_MAX, NEW_PASSWORD_MESSAGES.max),
    confPassword: z
      .string({ error: NEW_PASSWORD_MESSAGES.confirmRequired })
      .min(1, NEW_PASSWORD_MESSAGES.confirmRequired),
  })
  .refine((v) => v.confPassword === '' || v.password === v.confPassword, {
    path: ['confPassword'],
    message: NEW_PASSWORD_MESSAGES.mismatch,
  });
export type NewPasswordInput = z.infer<typeof newPasswordSchema>;

export const resetPasswordSchema = z.object({ email: findEmail }).and(newPasswordSchema);
export type ResetPasswordInput = z.infer<typeof resetPasswordSchema>;

export const activateAccountSchema = z.object({
  token: z
    .string({ error: SERVER_MESSAGES.activationTokenMissing })
    .trim()
    .min(1, SERVER_MESSAGES.activationTokenMissing)
    .max(200, SERVER_MESSAGES.activationInvalid),
});
export type ActivateAccountInput = z.infer<typeof activateAccountSchema>;

export const emptyBodySchema = z.object({}).strict().optional();

// One's own account (API.md, One's own account).

/** PUT /users/changeName: the first and last name, under the sign-up's rules and messages. */
export const changeNameSchema = z
  .object({
    first_name: nameSchema(REGISTER_MESSAGES.firstNameRequired, REGISTER_MESSAGES.firstNameLength),
    last_name: nameSchema(REGISTER_MESSAGES.lastNameRequired, REGISTER_MESSAGES.lastNameLength),
  })
  .strict();
export type ChangeNameInput = z.infer<typeof changeNameSchema>;

/** PUT /users/changeName's answer: the sentence and the name as stored. */
export const changeNameAnswerSchema = z.object({
  message: z.string(),
  first_name: z.string(),
  last_name: z.string(),
});
export type ChangeNameAnswer = z.infer<typeof changeNameAnswerSchema>;

/** PUT /users/changePassword: the current password, and the new one under the reset's rules. */
export const changePasswordSchema = z
  .object({
    currentPassword: z
      .string({ error: ACCOUNT_MESSAGES.currentPasswordRequired })
      .min(1, ACCOUNT_MESSAGES.currentPasswordRequired)
      .max(1024, ACCOUNT_MESSAGES.currentPasswordWrong),
  })
  .and(newPasswordSchema);
export type ChangePasswordInput = z.infer<typeof changePasswordSchema>;

import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  FIND_ACCOUNT_MESSAGES,
  LOGIN_MESSAGES,
  REGISTER_MESSAGES,
  RESET_CODE_MESSAGES,
} from '../auth-messages.js';
import {
  ageOn,
  birthYearChoices,
  daysInMonth,
  findUserSchema,
  isAcceptableBirthDate,
  loginSchema,
  newPasswordSchema,
  registerSchema,
  resetCodeSchema,
  resetPasswordSchema,
} from './auth.js';

/** The message a person would see for one field: the first issue on that path, or undefined when valid. */
function messageFor(schema: z.ZodType, input: unknown, field: string): string | undefined {
  const result = schema.safeParse(input);
  if (result.success) return undefined;
  return result.error.issues.find((issue) => issue.path.join('.') === field)?.message;
}

const thisYear = new Date().getFullYear();
const validSignup = {
  first_name: 'Amina',
  last_name: 'Benali',
  email: 'amina@example.test',
  password: 'secret1',
  bYear: thisYear - 30,
  bMonth: 5,
  bDay: 17,
  gender: 'female',
};

describe('login form rules', () => {
  it('accepts an e-mail and a password', () => {
    expect(loginSchema.safeParse({ email: 'a@b.co', password: 'x' }).success).toBe(true);
  });
  it('asks for the e-mail when it is empty', () => {
    expect(messageFor(loginSchema, { email: '', password: 'x' }, 'email')).toBe(
      LOGIN_MESSAGES.emailRequired,
    );
  });
  it('asks for a valid e-mail when it is malformed', () => {
    expect(messageFor(loginSchema, { email: 'not-mail', password: 'x' }, 'email')).toBe(
      'Please provide a valid email',
    );
  });
  it('asks for the password when it is empty', () => {
    expect(messageFor(loginSchema, { email: 'a@b.co', password: '' }, 'password')).toBe(
      'Please provide your password',
    );
  });
});

describe('sign-up rules', () => {
  it('accepts a complete, valid sign-up', () => {
    expect(registerSchema.safeParse(validSignup).success).toBe(true);
  });

  it.each([
    ['first_name', '', "What's your First name ?"],
    ['last_name', '', "What's your Last name ?"],
    ['first_name', 'A', 'First name must be between 2 and 16 characters.'],
    ['last_name', 'B', 'Last name must be between 2 and 16 characters.'],
    ['first_name', 'A'.repeat(17), 'First name must be between 2 and 16 characters.'],
    ['last_name', 'B'.repeat(17), 'Last name must be between 2 and 16 characters.'],
    ['first_name', 'Am1na', 'Numbers and special characters are not allowed.'],
    ['last_name', 'Ben-ali', 'Numbers and special characters are not allowed.'],
  ])('rejects %s = %j with its message', (field, value, message) => {
    expect(messageFor(registerSchema, { ...validSignup, [field]: value }, field)).toBe(message);
  });

  it('accepts names at both length bounds and with accented letters', () => {
    for (const name of ['Al', 'A'.repeat(16), 'Zoé', 'Émile']) {
      expect(messageFor(registerSchema, { ...validSignup, first_name: name }, 'first_name')).toBe(
        undefined,
      );
    }
  });

  it('asks for an e-mail, then for a valid one', () => {
    expect(messageFor(registerSchema, { ...validSignup, email: '' }, 'email')).toBe(
      "You'll need this when you log in and if you ever need to reset your password.",
    );
    expect(messageFor(registerSchema, { ...validSignup, email: 'amina@' }, 'email')).toBe(
      'Enter a valid email address.',
    );
  });

  it('bounds the password to 6..36 characters', () => {
    expect(messageFor(registerSchema, { ...validSignup, password: '' }, 'password')).toBe(
      REGISTER_MESSAGES.passwordRequired,
    );
    expect(messageFor(registerSchema, { ...validSignup, password: '12345' }, 'password')).toBe(
      'Password must be atleast 6 characters.',
    );
    expect(messageFor(registerSchema, { ...validSignup, password: '123456' }, 'password')).toBe(
      undefined,
    );
    expect(
      messageFor(registerSchema, { ...validSignup, password: 'x'.repeat(36) }, 'password'),
    ).toBe(undefined);
    expect(
      messageFor(registerSchema, { ...validSignup, password: 'x'.repeat(37) }, 'password'),
    ).toBe("Password can't be more than 36 characters");
  });

  it('requires a gender among male, female and custom', () => {
    for (const gender of ['', undefined, 'other']) {
      expect(messageFor(registerSchema, { ...validSignup, gender }, 'gender')).toBe(
        'Please choose a gender. You can change who can see this later.',
      );
    }
    for (const gender of ['male', 'female', 'custom']) {
      expect(messageFor(registerSchema, { ...validSignup, gender }, 'gender')).toBe(undefined);
    }
  });

  it('refuses a member younger than 14 with the birth-date message', () => {
    const now = new Date();
    const young = {
      ...validSignup,
      bYear: now.getFullYear() - 13,
      bMonth: now.getMonth() + 1,
      bDay: now.getDate(),
    };
    expect(messageFor(registerSchema, young, 'birthDate')).toBe(
      'it looks like you(ve enetered the wrong info.Please make sure that you use your real date of birth.',
    );
    const fourteenToday = { ...young, bYear: now.getFullYear() - 14 };
    expect(messageFor(registerSchema, fourteenToday, 'birthDate')).toBe(undefined);
  });

  it('takes select values as strings, the way a form sends them', () => {
    const fromForm = { ...validSignup, bYear: String(thisYear - 20), bMonth: '2', bDay: '3' };
    expect(registerSchema.safeParse(fromForm).success).toBe(true);
  });
});

describe('birth dates', () => {
  const now = new Date(2024, 5, 15); // 15 June 2024

  it('counts whole years, before and after the birthday', () => {
    expect(ageOn(2010, 6, 15, now)).toBe(14);
    expect(ageOn(2010, 6, 16, now)).toBe(13);
  });
  it('offers 108 year choices ending this year', () => {
    const years = birthYearChoices(now);
    expect(years).toHaveLength(108);
    expect(years[0]).toBe(2024);
    expect(years.at(-1)).toBe(1917);
  });
  it('follows month lengths and leap years', () => {
    expect(daysInMonth(2024, 2)).toBe(29);
    expect(daysInMonth(2023, 2)).toBe(28);
    expect(daysInMonth(2023, 4)).toBe(30);
    expect(daysInMonth(2023, 12)).toBe(31);
  });
  it('accepts the oldest listed year and refuses one older, or an impossible day', () => {
    expect(isAcceptableBirthDate(1917, 1, 1, now)).toBe(true);
    expect(isAcceptableBirthDate(1916, 12, 31, now)).toBe(false);
    expect(isAcceptableBirthDate(2001, 2, 29, now)).toBe(false);
    expect(isAcceptableBirthDate(2000, 2, 29, now)).toBe(true);
  });
});

describe('find-account rules', () => {
  it.each([
    ['', FIND_ACCOUNT_MESSAGES.emailRequired],
    ['nope', 'Enter a valid Email'],
    [`${'a'.repeat(41)}@mail.test`, "Email can't be more than 50 characters"],
  ])('rejects %j', (email, message) => {
    expect(messageFor(findUserSchema, { email }, 'email')).toBe(message);
  });
  it('accepts an e-mail of exactly 50 characters', () => {
    const email = `${'a'.repeat(40)}@mail.test`;
    expect(email).toHaveLength(50);
    expect(messageFor(findUserSchema, { email }, 'email')).toBe(undefined);
  });
});

describe('reset code rules', () => {
  it.each([
    ['', 'verification code is required to continue'],
    ['ABCD', RESET_CODE_MESSAGES.min],
    ['ABCDEF', 'maximum of 5 characters'],
  ])('rejects %j', (code, message) => {
    expect(messageFor(resetCodeSchema, { code }, 'code')).toBe(message);
  });
  it('accepts exactly 5 characters', () => {
    expect(resetCodeSchema.safeParse({ code: 'AB3DE' }).success).toBe(true);
  });
});

describe('new password rules', () => {
  it.each([
    [{ password: '', confPassword: '' }, 'password', 'Enter new Password'],
    [{ password: '12345', confPassword: '12345' }, 'password', 'Enter at least 6 characters'],
    [
      { password: 'x'.repeat(51), confPassword: 'x'.repeat(51) },
      'password',
      'must be between 6 and 50 characters',
    ],
    [{ password: '123456', confPassword: '' }, 'confPassword', 'confirm password'],
    [{ password: '123456', confPassword: '1234567' }, 'confPassword', 'passwords do not match'],
  ])('rejects %j on %s', (input, field, message) => {
    expect(messageFor(newPasswordSchema, input, field)).toBe(message);
  });
  it('accepts 6 and 50 characters when confirmed', () => {
    for (const password of ['123456', 'x'.repeat(50)]) {
      expect(newPasswordSchema.safeParse({ password, confPassword: password }).success).toBe(true);
    }
  });
  it('checks the e-mail too when the reset is sent to the server', () => {
    expect(
      resetPasswordSchema.safeParse({ email: 'a@b.co', password: '123456', confPassword: '123456' })
        .success,
    ).toBe(true);
    expect(
      messageFor(
        resetPasswordSchema,
        { email: '', password: '123456', confPassword: '123456' },
        'email',
      ),
    ).toBe(FIND_ACCOUNT_MESSAGES.emailRequired);
  });
});

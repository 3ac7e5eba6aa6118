import { randomBytes } from 'node:crypto';
import { DEFAULT_PICTURE, type RegisterInput } from '@hearth/contract';
import { v7 as uuidv7 } from 'uuid';
import type { UserRow } from '../db/users.js';
import { hashPassword } from '../modules/auth/password.js';
import { SessionTokens } from '../modules/auth/session-tokens.js';
import type { TestContext } from './test-app.js';

let sequence = 0;

/** Letters only, as names must be. */
export function randomLetters(length: number): string {
  const letters = 'abcdefghijklmnopqrstuvwxyz';
  return Array.from(randomBytes(length), (b) => letters[b % letters.length]).join('');
}

export function uniqueEmail(stem = 'member'): string {
  sequence += 1;
  return `${stem}.${sequence}.${randomLetters(6)}@example.test`;
}

export type SignupForm = { [K in keyof RegisterInput]: K extends 'email' ? string : unknown } & {
  email: string;
  password: string;
};

/** A valid sign-up form, as the web app sends it, for a new e-mail each time. */
export function signupForm(
  overrides: Partial<Record<keyof RegisterInput, unknown>> = {},
): SignupForm {
  return {
    first_name: 'Amina',
    last_name: 'Benali',
    email: uniqueEmail('amina'),
    password: 'secret-pass1',
    bYear: new Date().getFullYear() - 30,
    bMonth: 5,
    bDay: 17,
    gender: 'female',
    ...overrides,
  } as SignupForm;
}

export interface BuiltUser {
  user: UserRow;
  password: string;
  /** A session token, as login would give. */
  token: string;
}

/** Inserts a real member row (verified unless told otherwise) and signs a session for it. */
export async function buildUser(
  ctx: Pick<TestContext, 'db' | 'config' | 'clock'>,
  overrides: Partial<UserRow> & { password?: string } = {},
): Promise<BuiltUser> {
  const { password = 'secret-pass1', ...columns } = overrides;
  const now = ctx.clock.now().toISOString();
  const firstName = columns.first_name ?? `Test${randomLetters(5)}`;
  const lastName = columns.last_name ?? `Member${randomLetters(5)}`;
  const user: UserRow = {
    id: uuidv7(),
    email: uniqueEmail(),
    password_hash: await hashPassword(password, ctx.config.passwordHashLogN),
    first_name: firstName,
    last_name: lastName,
    username: `${firstName}${lastName}`.toLowerCase(),
    picture: DEFAULT_PICTURE,
    cover: '',
    gender: 'female',
    birth_year: 1990,
    birth_month: 1,
    birth_day: 1,
    verified: 1,
    token_version: 0,
    details: '{}',
    created_at: now,
    updated_at: now,
    ...columns,
  };
  await ctx.db.insertInto('users').values(user).execute();
  const token = await new SessionTokens(ctx.config.jwtSecret, ctx.clock).sign({
    userId: user.id,
    tokenVersion: user.token_version,
  });
  return { user, password, token };
}

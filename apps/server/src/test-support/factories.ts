import { randomBytes } from 'node:crypto';
import {
  type Audience,
  DEFAULT_AUDIENCE,
  DEFAULT_PICTURE,
  DEFAULT_PRIVACY,
  type Reaction,
  type RegisterInput,
  type Role,
} from '@hearth/contract';
import { v7 as uuidv7 } from 'uuid';
import type { PostRow } from '../db/posts.js';
import { searchKeysOf } from '../db/search-keys.js';
import type { UserRow } from '../db/users.js';
import { uploadKeyOf } from '../infra/storage/image-urls.js';
import { hashPassword } from '../modules/auth/password.js';
import { SessionTokens } from '../modules/auth/session-tokens.js';
import { openSessions } from '../modules/auth/sessions.js';
import { addToReactionCount } from '../modules/posts/reactions-repo.js';
import { insertFollowIfAbsent } from '../modules/users/friendships-repo.js';
import type { TestContext } from './test-app.js';

let sequence = 0;

/** Letters only, as names must be. */
export function randomLetters(length: number): string {
  const letters = 'abcdefghijklmnopqrstuvwxyz';
  return Array.from(randomBytes(length), (b) => letters[b % letters.length]).join('');
}

/** A distinct letters-only tag for the i-th of many members (names hold letters only). */
export function letterTag(index: number): string {
  return [...index.toString(26)]
    .map((digit) => 'abcdefghijklmnopqrstuvwxyz'[parseInt(digit, 26)])
    .join('');
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

/**
 * Inserts a real member row (verified unless told otherwise) and signs a session for it.
 * `role: 'admin'` or `'moderator'` builds one of the host's staff (API.md, Hosts in charge).
 */
export async function buildUser(
  ctx: Pick<TestContext, 'db' | 'config' | 'clock'>,
  overrides: Omit<Partial<UserRow>, 'role'> & { password?: string; role?: Role } = {},
): Promise<BuiltUser> {
  const { password = 'secret-pass1', ...columns } = overrides;
  const firstName = columns.first_name ?? `Test${randomLetters(5)}`;
  const lastName = columns.last_name ?? `Member${randomLetters(5)}`;
  const user: UserRow = {
    ...memberRow(ctx, {
      first_name: firstName,
      last_name: lastName,
      username: `${firstName}${lastName}`.toLowerCase(),
      password_hash: await hashPassword(password, ctx.config.passwordHashLogN),
    }),
    ...columns,
  };
  await ctx.db.insertInto('users').values(user).execute();
  return { user, password, token: await sessionFor(ctx, user) };
}

/** A verified member's row with these names, its search keys filled as every writer must. */
function memberRow(
  ctx: Pick<TestContext, 'clock'>,
  member: Pick<UserRow, 'first_name' | 'last_name' | 'username' | 'password_hash'>,
): UserRow {
  const now = ctx.clock.now().toISOString();
  return {
    id: uuidv7(),
    email: uniqueEmail(),
    ...member,
    picture: DEFAULT_PICTURE,
    cover: '',
    gender: 'female',
    birth_year: 1990,
    birth_month: 1,
    birth_day: 1,
    verified: 1,
    details: '{}',
    default_audience: DEFAULT_PRIVACY.defaultAudience,
    friend_requests_from: DEFAULT_PRIVACY.friendRequestsFrom,
    friends_list_visible_to: DEFAULT_PRIVACY.friendsListVisibleTo,
    ...searchKeysOf(member),
    role: 'member',
    pending: 0,
    join_reason: null,
    approved_at: null,
    last_active_at: null,
    language: 'en',
    created_at: now,
    updated_at: now,
  };
}

/**
 * Inserts many members at once (verified, without a usable password or a session), for tests
 * about volume: one statement per 500 members.
 */
export async function buildMembers(
  ctx: Pick<TestContext, 'db' | 'clock'>,
  names: ReadonlyArray<Pick<UserRow, 'first_name' | 'last_name'> & { username?: string }>,
): Promise<UserRow[]> {
  const rows = names.map((name) =>
    memberRow(ctx, {
      first_name: name.first_name,
      last_name: name.last_name,
      username:
        name.username ?? `${name.first_name}${name.last_name}${randomLetters(8)}`.toLowerCase(),
      password_hash: 'no password: a volume member never logs in',
    }),
  );
  for (let i = 0; i < rows.length; i += 500) {
    await ctx.db
      .insertInto('users')
      .values(rows.slice(i, i + 500))
      .execute();
  }
  return rows;
}

/**
 * Gives an existing member a role directly in the database, as `npm run admin -- grant` would
 * (without its audit line): for tests whose subject is not the granting itself.
 */
export async function grantRole(
  ctx: Pick<TestContext, 'db'>,
  member: BuiltUser | Pick<UserRow, 'id'>,
  role: Role,
): Promise<void> {
  const id = 'user' in member ? member.user.id : member.id;
  await ctx.db.updateTable('users').set({ role }).where('id', '=', id).execute();
  if ('user' in member) member.user.role = role;
}

/** A new session of the member and its token, as a login now would open (sessions last 7 days). */
export async function sessionFor(
  ctx: Pick<TestContext, 'db' | 'config' | 'clock'>,
  user: Pick<UserRow, 'id'>,
): Promise<string> {
  const tokens = new SessionTokens(ctx.config.jwtSecret, ctx.clock);
  const [token] = await openSessions(ctx.db, tokens, [user.id]);
  if (!token) throw new Error('openSessions answered no token');
  return token;
}

type Ctx = Pick<TestContext, 'db' | 'clock'>;
/** A member as the factories accept one: a built user, or anything with the member's id. */
type Member = BuiltUser | Pick<UserRow, 'id'>;
const idOf = (member: Member) => ('user' in member ? member.user.id : member.id);

/** `follower` now sees `followee`'s posts in the home feed (friendship calls come later). */
export async function follow(ctx: Ctx, follower: Member, followee: Member): Promise<void> {
  // As the friendship calls write it: the row says whether the two are friends.
  await insertFollowIfAbsent(ctx.db, idOf(follower), idOf(followee), ctx.clock.now().toISOString());
}

export interface PostSeed {
  text?: string | null;
  background?: string | null;
  type?: string | null;
  /** Images shown by the post, in order: as an upload answered them (or their keys). */
  images?: string[];
  deletedAt?: string | null;
  /** Who may see it (the default audience when left out). */
  audience?: Audience;
}

/** What a row keeps for an image a test names by its address: the key (anything else as is). */
function keyOf(url: string): string {
  return uploadKeyOf(url) ?? url;
}

/** Inserts a post directly (for volume); tests of creation itself go through the API. */
export async function buildPost(ctx: Ctx, author: Member, seed: PostSeed = {}): Promise<PostRow> {
  const post: PostRow = {
    id: uuidv7(),
    user_id: idOf(author),
    type: seed.type ?? null,
    text: seed.text === undefined ? `A post ${randomLetters(8)}` : seed.text,
    background: seed.background ?? null,
    created_at: ctx.clock.now().toISOString(),
    deleted_at: seed.deletedAt ?? null,
    edited_at: null,
    removed_at: null,
    audience: seed.audience ?? DEFAULT_AUDIENCE,
  };
  await ctx.db.insertInto('posts').values(post).execute();
  const images = seed.images ?? [];
  if (images.length > 0) {
    await ctx.db
      .insertInto('post_images')
      .values(
        images.map((url, position) => ({ post_id: post.id, position, storage_key: keyOf(url) })),
      )
      .execute();
  }
  return post;
}

export async function buildComment(
  ctx: Ctx,
  post: Pick<PostRow, 'id'>,
  author: Member,
  seed: { comment?: string; image?: string } = {},
): Promise<string> {
  const id = uuidv7();
  await ctx.db
    .insertInto('comments')
    .values({
      id,
      post_id: post.id,
      user_id: idOf(author),
      comment: seed.comment ?? `A comment ${randomLetters(6)}`,
      image: seed.image ? keyOf(seed.image) : '',
      created_at: ctx.clock.now().toISOString(),
    })
    .execute();
  return id;
}

/** A member's reaction, counted as the reaction call counts it. */
export async function buildReaction(
  ctx: Ctx,
  post: Pick<PostRow, 'id'>,
  member: Member,
  react: Reaction,
): Promise<void> {
  await ctx.db
    .insertInto('reactions')
    .values({
      post_id: post.id,
      user_id: idOf(member),
      react,
      created_at: ctx.clock.now().toISOString(),
    })
    .execute();
  await addToReactionCount(ctx.db, post.id, react, 1);
}

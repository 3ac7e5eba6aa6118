import {
  type Answer,
  type Audience,
  type AuthResponse,
  type CallArgs,
  type EndpointName,
  ROUTES,
  type Route,
} from '@hearth/contract';
import type { Browser, BrowserContext } from 'playwright-core';
import sharp from 'sharp';
import { callApi } from './api.js';

export interface Member extends AuthResponse {
  email: string;
  password: string;
}

/**
 * Logs a member in through the API: the session login answers when no second step is asked for
 * (two-factor sign-in off, the account not being deleted); anything else fails the test.
 */
export async function logIn(baseUrl: string, email: string, password: string): Promise<Member> {
  const answer = await callApi(baseUrl, undefined, ROUTES.login, { body: { email, password } });
  if (!('token' in answer)) throw new Error(`login asked for a second step: ${answer.message}`);
  return { ...answer, email, password };
}

/** Signs a member up through the API, as the sign-up modal would. */
export async function registerMember(
  baseUrl: string,
  first: string,
  last: string,
  email = `${first}.${last}@example.test`.toLowerCase(),
): Promise<Member> {
  const password = 'a-good-password';
  const answer = await callApi(baseUrl, undefined, ROUTES.register, {
    body: {
      first_name: first,
      last_name: last,
      email,
      password,
      bYear: 1990,
      bMonth: 4,
      bDay: 12,
      gender: 'female',
    },
  });
  // Open sign-up (the default) answers a session; approval mode would not.
  if (!('token' in answer)) throw new Error(`${email}: the sign-up waits for approval`);
  return { ...answer, email, password };
}

let newMembers = 0;

/** Signs up one more member named `first` `last`, under an address no other one has. */
export function registerNewMember(baseUrl: string, first: string, last: string): Promise<Member> {
  newMembers += 1;
  return registerMember(
    baseUrl,
    first,
    last,
    `${first}.${last}.${newMembers}@example.test`.toLowerCase(),
  );
}

/** A browser context already logged in as `member` (the app keeps the session in the `user` cookie). */
export async function contextFor(
  browser: Browser,
  baseUrl: string,
  member: Member,
  options: { width?: number; height?: number; dark?: boolean } = {},
): Promise<BrowserContext> {
  const context = await browser.newContext({
    viewport: { width: options.width ?? 1280, height: options.height ?? 900 },
  });
  await context.addCookies(memberCookies(baseUrl, member, options.dark ?? false));
  return context;
}

/** The cookies a browser holds for `member` after a login, with the theme of their choice. */
export function memberCookies(baseUrl: string, member: Member, dark: boolean) {
  const { message: _message, email: _email, password: _password, ...user } = member;
  return [
    { name: 'user', value: encodeURIComponent(JSON.stringify(user)), url: baseUrl },
    { name: 'darkTheme', value: String(dark), url: baseUrl },
  ];
}

/** `follower` follows `followee` through the API, as the profile's Follow button does. */
export function follow(baseUrl: string, follower: Member, followee: Member) {
  return friendship(baseUrl, follower, 'follow', followee);
}

/** A real PNG photo: a gradient with a coloured disc, `width` × `height`. */
export async function photo(color: string, width = 640, height = 480): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><defs><linearGradient id="g"><stop offset="0" stop-color="#fff"/><stop offset="1" stop-color="${color}"/></linearGradient></defs><rect width="100%" height="100%" fill="url(#g)"/><circle cx="${width / 2}" cy="${height / 2}" r="${Math.min(width, height) / 4}" fill="${color}"/></svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/** One of the friendship calls (addFriend, acceptRequest, ...) made by `member` through the API. */
export async function friendship(
  baseUrl: string,
  member: Member,
  action: 'addFriend' | 'acceptRequest' | 'cancelFriendRequest' | 'follow',
  target: Member,
) {
  await callAs(baseUrl, member, ROUTES[action], { params: { id: target.id } });
}

/** `a` and `b` become friends through the API (a asks, b accepts): each follows the other. */
export async function befriend(baseUrl: string, a: Member, b: Member) {
  await friendship(baseUrl, a, 'addFriend', b);
  await friendship(baseUrl, b, 'acceptRequest', a);
}

/** `member` opens `other`'s profile from the search panel, which keeps it in their history. */
export async function addToSearchHistory(baseUrl: string, member: Member, other: Member) {
  await callAs(baseUrl, member, ROUTES.addToSearchHistory, { body: { searchUser: other.id } });
}

/**
 * A call of the contract's table as `member`, e.g. `callAs(url, ada, ROUTES.getSearchHistory)`:
 * for setting a scene up, and for checks the screen cannot make.
 */
export function callAs<Name extends EndpointName>(
  baseUrl: string,
  member: Member,
  route: Route<Name>,
  ...input: CallArgs<Name>
): Promise<Answer<Name>> {
  return callApi(baseUrl, member.token, route, ...input);
}

/**
 * `member` posts `text`, with `photos` uploaded first when given, as the post dialog does, to
 * `audience` when given (else the server's default); answers the post.
 */
export async function createPost(
  baseUrl: string,
  member: Member,
  text: string,
  photos: Buffer[] = [],
  { audience }: { audience?: Audience } = {},
) {
  let images: { url: string }[] | null = null;
  if (photos.length > 0) {
    const form = new FormData();
    form.append('path', `${member.username}/post_images`);
    photos.forEach((bytes, index) => {
      form.append('file', new Blob([new Uint8Array(bytes)], { type: 'image/png' }), `${index}.png`);
    });
    images = await callAs(baseUrl, member, ROUTES.uploadImages, { body: form });
  }
  return callAs(baseUrl, member, ROUTES.createPost, {
    body: { type: null, text, background: null, images, ...(audience ? { audience } : {}) },
  });
}

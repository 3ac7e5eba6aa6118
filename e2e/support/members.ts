import type { AuthResponse } from '@hearth/contract';
import type { Browser, BrowserContext } from 'playwright-core';
import sharp from 'sharp';

export interface Member extends AuthResponse {
  email: string;
  password: string;
}

/** Signs a member up through the API, as the sign-up modal would. */
export async function registerMember(
  baseUrl: string,
  first: string,
  last: string,
): Promise<Member> {
  const email = `${first}.${last}@example.test`.toLowerCase();
  const password = 'a-good-password';
  const res = await fetch(`${baseUrl}/api/v1/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      first_name: first,
      last_name: last,
      email,
      password,
      bYear: 1990,
      bMonth: 4,
      bDay: 12,
      gender: 'female',
    }),
  });
  if (!res.ok) throw new Error(`register ${email}: ${res.status} ${await res.text()}`);
  return { ...((await res.json()) as AuthResponse), email, password };
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
  await callAs(baseUrl, member, 'PUT', `/users/${action}/${target.id}`);
}

/** An authenticated GET through the API, for checks the screen cannot make. */
export async function apiGet<T>(baseUrl: string, member: Member, path: string): Promise<T> {
  return (await callAs(baseUrl, member, 'GET', path)) as T;
}

/** `member` opens `other`'s profile from the search panel, which keeps it in their history. */
export async function addToSearchHistory(baseUrl: string, member: Member, other: Member) {
  await callAs(baseUrl, member, 'PUT', '/users/addToSearchHistory', { searchUser: other.id });
}

/** A call to the API as `member`: a JSON body, or a FormData one for uploads. */
async function callAs(
  baseUrl: string,
  member: Member,
  method: string,
  path: string,
  body?: unknown,
): Promise<unknown> {
  const json = body !== undefined && !(body instanceof FormData);
  const res = await fetch(`${baseUrl}/api/v1${path}`, {
    method,
    headers: {
      authorization: `Bearer ${member.token}`,
      ...(json ? { 'content-type': 'application/json' } : {}),
    },
    body: json ? JSON.stringify(body) : (body as FormData | undefined),
  });
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
  return res.json();
}

/** `member` posts `text`, with `photos` uploaded first when given, as the post dialog does. */
export async function createPost(
  baseUrl: string,
  member: Member,
  text: string,
  photos: Buffer[] = [],
) {
  let images: { url: string }[] | null = null;
  if (photos.length > 0) {
    const form = new FormData();
    form.append('path', `${member.username}/post_images`);
    photos.forEach((bytes, index) => {
      form.append('file', new Blob([new Uint8Array(bytes)], { type: 'image/png' }), `${index}.png`);
    });
    images = (await callAs(baseUrl, member, 'POST', '/posts/uploadImages', form)) as {
      url: string;
    }[];
  }
  await callAs(baseUrl, member, 'POST', '/posts', { type: null, text, background: null, images });
}

/**
 * A third-party client of the product spec's API, written from the spec alone (sections 3, 7
 * and 8), never from Hearth's contract table: its paths and payloads are the spec's, word for
 * word. It runs in a browser page of its own origin: the page loads this file as plain
 * JavaScript with the types stripped, so it imports nothing and uses only what a browser has.
 *
 * As the spec says: the session user is kept in a cookie named `user` (the login or sign-up
 * answer without its message), every authenticated call sends `Authorization: Bearer {token}`,
 * and a failing call gives the message of the server's error answer in place of a success
 * value (section 8), so a caller tells the two apart by the string.
 */

/** The session user (spec section 3): the fields of the login or sign-up answer. */
export interface SessionUser {
  id: string;
  username: string;
  first_name: string;
  last_name: string;
  picture: string;
  token: string;
  verified: boolean;
  [field: string]: unknown;
}

export interface PublicUser {
  _id: string;
  username: string;
  picture: string;
  first_name: string;
  last_name: string;
}

export interface Friendship {
  friends: boolean;
  following: boolean;
  requestSent: boolean;
  requestReceived: boolean;
}

export interface Comment {
  comment: string;
  image: string;
  commentBy: { first_name: string; last_name: string; picture: string };
  commentAt: string;
}

export interface Post {
  _id: string;
  user: { _id: string; username: string; first_name: string; last_name: string; picture: string };
  type: string | null;
  text: string | null;
  background: string | null;
  images: { url: string }[] | null;
  comments: Comment[];
  createdAt: string;
}

export interface Profile {
  _id: string;
  first_name: string;
  last_name: string;
  picture: string;
  cover: string;
  friends: Omit<PublicUser, '_id'>[];
  friendship: Friendship;
  posts: Post[];
  ok?: boolean;
}

export interface ReactionSummary {
  check: string | null;
  reacts: { react: string; count: number }[];
  total: number;
  checkSaved: boolean;
}

export interface SearchHistoryEntry {
  _id: string;
  createdAt: string;
  user: PublicUser;
}

export interface FriendsData {
  requests: PublicUser[];
  sentRequests: PublicUser[];
  friends: PublicUser[];
}

/** A failing call's answer: the server's message (spec section 8). */
export type Failure = string;

/** The spec's base path of every call. */
const BASE_PATH = '/api/v1';
const SESSION_COOKIE = 'user';

/** The provider's address (scheme, host and port): the API lives on another origin. */
let provider = '';

export function configure(providerOrigin: string): void {
  provider = providerOrigin;
}

export function sessionUser(): SessionUser | null {
  const prefix = `${SESSION_COOKIE}=`;
  const entry = document.cookie.split('; ').find((cookie) => cookie.startsWith(prefix));
  return entry ? (JSON.parse(decodeURIComponent(entry.slice(prefix.length))) as SessionUser) : null;
}

function storeSessionUser(user: SessionUser): void {
  // biome-ignore lint/suspicious/noDocumentCookie: the spec's client writes the cookie as any page can, synchronously.
  document.cookie = `${SESSION_COOKIE}=${encodeURIComponent(JSON.stringify(user))}; path=/`;
}

/** LOGOUT: clears the user and empties the cookie. */
export function logout(): void {
  // biome-ignore lint/suspicious/noDocumentCookie: see storeSessionUser.
  document.cookie = `${SESSION_COOKIE}=; path=/; max-age=0`;
}

/** The cookie's token, as the Bearer header of every authenticated call. */
function bearer(): Record<string, string> {
  const user = sessionUser();
  return user ? { Authorization: `Bearer ${user.token}` } : {};
}

/** Sends one call; a JSON payload when there is one, a multipart body as it is. */
function send(method: string, path: string, payload?: unknown): Promise<Response> {
  const multipart = payload instanceof FormData;
  const json = payload !== undefined && !multipart;
  return fetch(`${provider}${BASE_PATH}${path}`, {
    method,
    headers: { ...bearer(), ...(json ? { 'Content-Type': 'application/json' } : {}) },
    body: json ? JSON.stringify(payload) : (payload as FormData | undefined),
  });
}

/** The answer's body (JSON, or the text when it is not JSON), or its message on failure. */
async function read<T>(response: Response): Promise<T | Failure> {
  const text = await response.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // a bare text answer stays text
  }
  if (response.ok) return body as T;
  const message = (body as { message?: unknown } | null)?.message;
  return typeof message === 'string' ? message : `${response.status} ${text}`;
}

async function call<T>(method: string, path: string, payload?: unknown): Promise<T | Failure> {
  return read<T>(await send(method, path, payload));
}

const segment = encodeURIComponent;

// Authentication.

export interface Registration {
  first_name: string;
  last_name: string;
  email: string;
  password: string;
  bYear: number;
  bMonth: number;
  bDay: number;
  gender: 'male' | 'female' | 'custom';
}

type AuthAnswer = SessionUser & { message: string };

/** Stores the answer's user, its message removed (spec section 3), and answers it whole. */
async function signIn(path: string, payload: object): Promise<AuthAnswer | Failure> {
  const answer = await call<AuthAnswer>('POST', path, payload);
  if (typeof answer !== 'string') {
    const { message: _message, ...user } = answer;
    storeSessionUser(user);
  }
  return answer;
}

export function register(registration: Registration): Promise<AuthAnswer | Failure> {
  return signIn('/auth/register', registration);
}

export function login(email: string, password: string): Promise<AuthAnswer | Failure> {
  return signIn('/auth/login', { email, password });
}

/** VERIFY sets verified on the stored user once the server agrees. */
export async function activateAccount(token: string): Promise<{ message: string } | Failure> {
  const answer = await call<{ message: string }>('POST', '/auth/activateAccount', { token });
  const user = sessionUser();
  if (typeof answer !== 'string' && user) storeSessionUser({ ...user, verified: true });
  return answer;
}

export function findUser(email: string) {
  return call<{ email: string; picture: string }>('POST', '/auth/findUser', { email });
}

export function sendResetCode(email: string) {
  return call<{ message: string }>('POST', '/auth/sendResetCode', { email });
}

export function validateResetCode(email: string, code: string) {
  return call<unknown>('POST', '/auth/validateResetCode', { email, code });
}

export function resetPassword(email: string, password: string, confPassword: string) {
  return call<{ message: string }>('POST', '/auth/resetPassword', {
    email,
    password,
    confPassword,
  });
}

// Users.

export function getProfile(username: string) {
  return call<Profile | { ok: false }>('GET', `/users/getProfile/${segment(username)}`);
}

export interface ImageListing {
  resources: { secure_url: string; public_id: string; folder: string }[];
  total_count: number;
}

/** The member's uploaded images, newest first, at most 30 a call. */
export function listImages(username: string) {
  return call<ImageListing>('POST', '/users/listImages', {
    path: `${username}/*`,
    sort: 'desc',
    max: 30,
  });
}

/** UPDATEPICTURE sets the stored user's picture once the server answers 'ok'. */
export async function updateProfilePicture(url: string): Promise<'ok' | Failure> {
  const answer = await call<'ok'>('PUT', '/users/updateProfilePicture', { url });
  const user = sessionUser();
  if (answer === 'ok' && user) storeSessionUser({ ...user, picture: url });
  return answer;
}

export type FriendshipCall =
  | 'addFriend'
  | 'cancelFriendRequest'
  | 'follow'
  | 'unfollow'
  | 'acceptRequest'
  | 'unfriend'
  | 'deleteRequest';

/** PUT /users/{call}/{id} with an empty payload; answers 'ok'. */
export function friendship(action: FriendshipCall, id: string) {
  return call<'ok'>('PUT', `/users/${action}/${segment(id)}`);
}

export function search(searchTerm: string) {
  return call<PublicUser[]>('POST', `/users/search/${segment(searchTerm)}`);
}

export function addToSearchHistory(searchUser: string) {
  return call<unknown>('PUT', '/users/addToSearchHistory', { searchUser });
}

export function getSearchHistory() {
  return call<SearchHistoryEntry[]>('GET', '/users/getSearchHistory');
}

export function removeFromSearch(searchUser: string) {
  return call<unknown>('PUT', '/users/removeFromSearch', { searchUser });
}

/** Wrapped by the client as status 'ok' plus data, as the spec says. */
export async function getFriendsPageInfos(): Promise<
  { status: 'ok'; data: FriendsData } | Failure
> {
  const answer = await call<FriendsData>('GET', '/users/getFriendsPageInfos');
  return typeof answer === 'string' ? answer : { status: 'ok', data: answer };
}

// Posts.

/**
 * GET /posts: the list, and the cursor of the next page from the `X-Next-Cursor` header (the
 * provider pages the feed with `limit` and `cursor`).
 */
export async function getPosts(
  limit?: number,
  cursor?: string,
): Promise<{ posts: Post[] | Failure; nextCursor: string | null }> {
  const query = new URLSearchParams();
  if (limit !== undefined) query.set('limit', String(limit));
  if (cursor !== undefined) query.set('cursor', cursor);
  const text = query.toString();
  const response = await send('GET', `/posts${text ? `?${text}` : ''}`);
  return { nextCursor: response.headers.get('X-Next-Cursor'), posts: await read<Post[]>(response) };
}

export interface NewPost {
  type: 'profilePicture' | 'coverPicture' | null;
  background: string | null;
  text: string | null;
  images: { url: string }[] | null;
}

/** The post creation payload names the author: the session user. Wrapped as status 'success'. */
export async function createPost(
  post: NewPost,
): Promise<{ status: 'success'; data: Post } | Failure> {
  const answer = await call<Post>('POST', '/posts', { ...post, user: sessionUser()?.id });
  return typeof answer === 'string' ? answer : { status: 'success', data: answer };
}

/**
 * Multipart with the fields path and file entries. The spec fixes no order between them: a
 * client may put the path first or last.
 */
export function uploadImages(path: string, files: File[], pathLast = false) {
  const form = new FormData();
  if (!pathLast) form.append('path', path);
  for (const file of files) form.append('file', file);
  if (pathLast) form.append('path', path);
  return call<{ url: string }[]>('POST', '/posts/uploadImages', form);
}

export function postReacts(react: string, postId: string) {
  return call<{ status: string }>('PUT', '/posts/postReacts', { react, postId });
}

export function getReacts(postId: string) {
  return call<ReactionSummary>('GET', `/posts/getReacts/${segment(postId)}`);
}

export function comment(text: string, image: string, postId: string) {
  return call<Comment[]>('PUT', '/posts/comment', { comment: text, image, postId });
}

export function savePost(postId: string) {
  return call<unknown>('PUT', `/posts/savePost/${segment(postId)}`);
}

export function deletePost(postId: string) {
  return call<unknown>('DELETE', `/posts/deletePost/${segment(postId)}`);
}

// Showing what the answers point to.

/**
 * Shows a picture an answer named in an `<img>` of this page, as the client's screens would,
 * and tells where the browser fetched it from and its width once loaded (0 when it failed).
 */
export function showPicture(url: string): Promise<{ src: string; naturalWidth: number }> {
  const img = document.createElement('img');
  const settled = new Promise<void>((done) => {
    img.addEventListener('load', () => done(), { once: true });
    img.addEventListener('error', () => done(), { once: true });
  });
  img.alt = '';
  img.src = url;
  document.body.append(img);
  return settled.then(() => ({ src: img.src, naturalWidth: img.naturalWidth }));
}

import {
  type FriendsPage,
  type MutedList,
  type Privacy,
  type Profile,
  type PublicUser,
  ROUTES,
  type SearchHistoryEntry,
} from '@hearth/contract';
import type { LightMyRequestResponse } from 'fastify';
import type { App } from '../app.js';
import type { BuiltUser } from './factories.js';
import { callEndpoint } from './test-app.js';
import { publicAddress } from './test-config.js';

// The profile and friendship calls as the web client makes them.

/** Every friendship call: a PUT naming the other member by id. */
export const FRIENDSHIP_CALLS = [
  'addFriend',
  'cancelFriendRequest',
  'acceptRequest',
  'deleteRequest',
  'unfriend',
  'follow',
  'unfollow',
] as const;
export type FriendshipCall = (typeof FRIENDSHIP_CALLS)[number];

export function profileRequest(app: App, token: string, username: string, query = '') {
  return callEndpoint(app, ROUTES.getProfile, { params: { username }, rawQuery: query, token });
}

/** The profile, failing the test unless it is a 200 with a profile (not `{ok:false}`). */
export async function getProfile(app: App, token: string, username: string): Promise<Profile> {
  const res = await profileRequest(app, token, username);
  if (res.statusCode !== 200 || res.json().ok !== true) {
    throw new Error(`getProfile: ${res.statusCode} ${res.body}`);
  }
  return res.json();
}

export function friendship(
  app: App,
  token: string,
  action: FriendshipCall,
  targetId: string,
): Promise<LightMyRequestResponse> {
  return callEndpoint(app, ROUTES[action], { params: { id: targetId }, token });
}

/** A member as the lists show them: friends page, search results, search history. */
export function memberCard({ user }: BuiltUser): PublicUser {
  return {
    _id: user.id,
    username: user.username,
    picture: publicAddress(user.picture),
    first_name: user.first_name,
    last_name: user.last_name,
  };
}

/** `a` asks, `b` accepts: they are friends, as two members would make it happen. */
export async function befriend(app: App, a: BuiltUser, b: BuiltUser): Promise<void> {
  for (const res of [
    await friendship(app, a.token, 'addFriend', b.user.id),
    await friendship(app, b.token, 'acceptRequest', a.user.id),
  ]) {
    if (res.statusCode !== 200) throw new Error(`befriend: ${res.statusCode} ${res.body}`);
  }
}

export function updateDetails(app: App, token: string, infos: unknown) {
  return callEndpoint(app, ROUTES.updateUserDetails, { rawBody: { infos }, token });
}

export function updatePicture(app: App, token: string, which: 'profile' | 'cover', url: string) {
  const route = which === 'profile' ? ROUTES.updateProfilePicture : ROUTES.updateCoverPicture;
  return callEndpoint(app, route, { body: { url }, token });
}

export async function friendsPage(app: App, token: string): Promise<FriendsPage> {
  const res = await callEndpoint(app, ROUTES.getFriendsPageInfos, { token });
  if (res.statusCode !== 200) throw new Error(`getFriendsPageInfos: ${res.statusCode} ${res.body}`);
  return res.json();
}

// The header's search panel: member search and the recent searches.

/** The search call with the term placed in the path as the web client does (URI-encoded). */
export function searchRequest(app: App, token: string | undefined, term: string) {
  return callEndpoint(app, ROUTES.search, {
    params: { searchTerm: term },
    ...(token ? { token } : {}),
  });
}

/** The search results, failing the test unless it is a 200. */
export async function search(app: App, token: string, term: string): Promise<PublicUser[]> {
  const res = await searchRequest(app, token, term);
  if (res.statusCode !== 200) throw new Error(`search: ${res.statusCode} ${res.body}`);
  return res.json();
}

export function addToSearchHistory(app: App, token: string, searchUser: unknown) {
  return callEndpoint(app, ROUTES.addToSearchHistory, { rawBody: { searchUser }, token });
}

export function removeFromSearch(app: App, token: string, searchUser: unknown) {
  return callEndpoint(app, ROUTES.removeFromSearch, { rawBody: { searchUser }, token });
}

export function searchHistoryRequest(app: App, token: string | undefined) {
  return callEndpoint(app, ROUTES.getSearchHistory, token ? { token } : {});
}

/** The recent searches, failing the test unless it is a 200. */
export async function searchHistory(app: App, token: string): Promise<SearchHistoryEntry[]> {
  const res = await searchHistoryRequest(app, token);
  if (res.statusCode !== 200) throw new Error(`getSearchHistory: ${res.statusCode} ${res.body}`);
  return res.json();
}

// Mutes and privacy settings (API.md, Who sees what).

export function mute(app: App, token: string, targetId: string) {
  return callEndpoint(app, ROUTES.mute, { params: { id: targetId }, token });
}

export function unmute(app: App, token: string, targetId: string) {
  return callEndpoint(app, ROUTES.unmute, { params: { id: targetId }, token });
}

/** The members the caller muted, failing the test unless it is a 200. */
export async function getMuted(app: App, token: string): Promise<MutedList> {
  const res = await callEndpoint(app, ROUTES.getMuted, { token });
  if (res.statusCode !== 200) throw new Error(`getMuted: ${res.statusCode} ${res.body}`);
  return res.json();
}

/** The caller's privacy settings, failing the test unless it is a 200. */
export async function getPrivacy(app: App, token: string): Promise<Privacy> {
  const res = await callEndpoint(app, ROUTES.getPrivacy, { token });
  if (res.statusCode !== 200) throw new Error(`getPrivacy: ${res.statusCode} ${res.body}`);
  return res.json();
}

/** PUT /users/privacy with any body (unchecked, so tests may send bad ones). */
export function updatePrivacy(app: App, token: string, settings: unknown) {
  return callEndpoint(app, ROUTES.updatePrivacy, { rawBody: settings, token });
}

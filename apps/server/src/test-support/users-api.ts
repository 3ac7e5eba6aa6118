import type { FriendsPage, Profile } from '@hearth/contract';
import type { LightMyRequestResponse } from 'fastify';
import type { App } from '../app.js';
import { call, put } from './test-app.js';

// The profile and friendship calls as the web client makes them.

export type FriendshipCall =
  | 'addFriend'
  | 'cancelFriendRequest'
  | 'acceptRequest'
  | 'deleteRequest'
  | 'unfriend'
  | 'follow'
  | 'unfollow';

export function profileRequest(app: App, token: string, username: string, query = '') {
  return call(app, 'GET', `/api/v1/users/getProfile/${username}${query ? `?${query}` : ''}`, {
    token,
  });
}

/** The profile, failing the test unless it is a 200. */
export async function getProfile(app: App, token: string, username: string): Promise<Profile> {
  const res = await profileRequest(app, token, username);
  if (res.statusCode !== 200) throw new Error(`getProfile: ${res.statusCode} ${res.body}`);
  return res.json();
}

export function friendship(
  app: App,
  token: string,
  action: FriendshipCall,
  targetId: string,
): Promise<LightMyRequestResponse> {
  return put(app, `/api/v1/users/${action}/${targetId}`, undefined, { token });
}

export function updateDetails(app: App, token: string, infos: unknown) {
  return put(app, '/api/v1/users/updateUserDetails', { infos }, { token });
}

export function updatePicture(app: App, token: string, which: 'profile' | 'cover', url: string) {
  const path = which === 'profile' ? 'updateProfilePicture' : 'updateCoverPicture';
  return put(app, `/api/v1/users/${path}`, { url }, { token });
}

export async function friendsPage(app: App, token: string): Promise<FriendsPage> {
  const res = await call(app, 'GET', '/api/v1/users/getFriendsPageInfos', { token });
  if (res.statusCode !== 200) throw new Error(`getFriendsPageInfos: ${res.statusCode} ${res.body}`);
  return res.json();
}

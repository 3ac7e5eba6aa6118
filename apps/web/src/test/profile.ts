import type { Profile } from '@hearth/contract';
import { byParam, type Handlers, stubServer } from './fake-server';
import { buildImages } from './fixtures';

/**
 * A server answering getProfile with `profile` (other usernames 404) and listImages with
 * `imageCount` images of its own; `handlers` add or replace answers.
 */
export function stubProfile(profile: Profile, handlers: Handlers = {}, imageCount = 0) {
  return stubServer({
    getProfile: byParam('username', { [profile.username]: () => ({ body: profile }) }),
    listImages: () => ({ body: buildImages(profile.username, imageCount) }),
    ...handlers,
  });
}

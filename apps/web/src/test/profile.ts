import type { Profile } from '@hearth/contract';
import { type Handler, stubServer } from './fake-server';
import { buildImages } from './fixtures';

/** A server answering getProfile with `profile` and listImages with `images` of its own. */
export function stubProfile(
  profile: Profile,
  handlers: Record<string, Handler> = {},
  imageCount = 0,
) {
  return stubServer({
    [`GET /users/getProfile/${profile.username}`]: () => ({ body: profile }),
    'POST /users/listImages': () => ({ body: buildImages(profile.username, imageCount) }),
    ...handlers,
  });
}

import type { Profile } from '@hearth/contract';
import { type Handlers, stubServer } from './fake-server';
import { buildImages } from './fixtures';

/**
 * A server answering getProfile with `profile` (other usernames: 200 `{ok:false}`, as ours does)
 * and listImages with `imageCount` images of its own; `handlers` add or replace answers.
 */
export function stubProfile(profile: Profile, handlers: Handlers = {}, imageCount = 0) {
  return stubServer({
    getProfile: ({ params }) => ({
      body: params.username === profile.username ? profile : { ok: false },
    }),
    listImages: () => ({ body: buildImages(profile.username, imageCount) }),
    ...handlers,
  });
}

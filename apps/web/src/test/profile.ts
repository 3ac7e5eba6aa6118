import type { Friendship, Profile } from '@hearth/contract';
import { screen, within } from '@testing-library/react';
import { type Handlers, stubServer } from './fake-server';
import { buildImages, sessionUser } from './fixtures';
import { renderApp } from './render-app';

/** Neither friends nor following nor any request between the two members. */
export const NO_FRIENDSHIP: Friendship = {
  friends: false,
  following: false,
  requestSent: false,
  requestReceived: false,
};

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

/**
 * Ada, logged in, on `profile`'s page (her own at /profile) served as stubProfile serves it,
 * once the page shows the member's name as its heading.
 */
export async function openProfile(profile: Profile, handlers: Handlers = {}, imageCount = 0) {
  const server = stubProfile(profile, handlers, imageCount);
  const user = sessionUser();
  const path = profile.username === user.username ? '/profile' : `/profile/${profile.username}`;
  const app = renderApp(path, { user });
  await screen.findByRole('heading', {
    level: 1,
    name: `${profile.first_name} ${profile.last_name}`,
  });
  return { ...app, ...server };
}

/**
 * On a member's profile, picks `item` ('Block Grace') from the '…' menu and confirms the dialog
 * it opens (`dialogName`); answers the dialog.
 */
export async function confirmProfileOption(
  app: Pick<ReturnType<typeof renderApp>, 'user'>,
  item: string,
  dialogName: string,
) {
  await app.user.click(screen.getByRole('button', { name: 'Profile options' }));
  await app.user.click(screen.getByRole('menuitem', { name: item }));
  const dialog = screen.getByRole('dialog', { name: dialogName });
  await app.user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
  return dialog;
}

/** Every friendship button a profile may show, in the order it shows them. */
const FRIENDSHIP_BUTTONS = [
  'Add Friend',
  'Cancel Request',
  'Respond',
  'Friends',
  'Follow',
  'Following',
];

/** The friendship buttons on screen, in the order a profile shows them. */
export const shownFriendshipButtons = () =>
  FRIENDSHIP_BUTTONS.filter((name) => screen.queryByRole('button', { name }));

/** `names` in the order a profile shows friendship buttons (the ones a case expects). */
export const inFriendshipOrder = (names: readonly string[]) =>
  FRIENDSHIP_BUTTONS.filter((name) => names.includes(name));

/** A file as the picker hands it over, `size` bytes long whatever its content. */
export function imageFile(name: string, type: string, size = 1000) {
  const file = new File(['x'], name, { type });
  Object.defineProperty(file, 'size', { value: size });
  return file;
}

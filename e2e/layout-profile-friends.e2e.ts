import { ROUTES } from '@hearth/contract';
import type { Page } from 'playwright-core';
import { beforeAll } from 'vitest';
import * as layout from './support/layout-walk.js';
import { callAs, photo, registerMember } from './support/members.js';

// The layout walk (support/layout-walk.ts) over the profiles (Ada's own and Grace's, with their
// menus and dialogs, Block among them), the friends pages, and Settings & privacy → Blocking.

const walk = layout.startWalk();

beforeAll(async () => {
  // Someone on Ada's Blocking page; no one the other screens show.
  const mallory = await registerMember(walk.app.url, 'Mallory', 'Quinn');
  await callAs(walk.app.url, walk.ada, ROUTES.block, { params: { id: mallory.id } });
});

async function ownProfile(page: Page) {
  await page.goto(`${walk.app.url}/profile`);
  await layout.heading(page, 'Ada Lovelace', 1).waitFor();
  await page.getByRole('article').first().waitFor();
}

const gracesProfile = (page: Page) => page.goto(`${walk.app.url}/profile/${walk.grace.username}`);

/** A panel opened over Ada's own profile. */
const overOwnProfile = layout.panelsOver(ownProfile);

/** A friends page at `path`, shown once `list` holds `member`. */
const friendsList = (
  name: string,
  path: string,
  list: string,
  member: string,
  widths: readonly number[],
) =>
  layout.pageScreen(walk, name, widths, path, (page) =>
    page.getByRole('region', { name: list }).getByRole('link', { name: member }).first().waitFor(),
  );

const SCREENS: layout.Screen[] = [
  // Profiles.
  {
    name: 'profile-own',
    as: 'member',
    widths: layout.EVERY_WIDTH,
    show: ({ page }) => ownProfile(page),
  },
  layout.loadingScreen(
    walk,
    'profile-skeleton',
    layout.PHONE_AND_WIDE,
    '/profile',
    ROUTES.getProfile,
    'Loading profile',
  ),
  {
    name: 'profile-visited',
    as: 'member',
    widths: layout.EVERY_WIDTH,
    show: async ({ page }) => {
      await gracesProfile(page);
      await layout.heading(page, 'Grace Hopper', 1).waitFor();
      await page.getByRole('button', { name: 'Respond', exact: true }).waitFor();
    },
  },
  layout.panelsOver(gracesProfile)('profile-respond-menu', layout.WIDE, layout.MENU, (page) =>
    layout.openMenu(page, 'Respond'),
  ),
  layout.panelsOver(gracesProfile)(
    'profile-options-menu',
    layout.PHONE_AND_WIDE,
    layout.MENU,
    (page) => layout.openMenu(page, 'Profile options'),
  ),
  layout.panelsOver(gracesProfile)(
    'profile-block-dialog',
    layout.PHONE_AND_WIDE,
    layout.DIALOG,
    async (page) => {
      await layout.openMenu(page, 'Profile options');
      await page.getByRole('menuitem', { name: 'Block Grace' }).click();
      await page.getByRole('dialog', { name: 'Block Grace?' }).waitFor();
    },
  ),
  overOwnProfile('profile-cover-menu', layout.PHONE_AND_WIDE, layout.MENU, (page) =>
    layout.openMenu(page, 'Edit cover photo'),
  ),
  overOwnProfile(
    'profile-cover-select-photo',
    layout.PHONE_AND_WIDE,
    layout.DIALOG,
    async (page) => {
      await page.getByRole('button', { name: 'Edit cover photo', exact: true }).click();
      await page.getByRole('menuitem', { name: 'Select photo' }).click();
      const dialog = page.getByRole('dialog', { name: 'Select photo' });
      await dialog.getByRole('button', { name: 'Photo 1' }).waitFor();
    },
  ),
  overOwnProfile('profile-cover-crop', layout.PHONE_AND_WIDE, layout.DIALOG, async (page) => {
    await page.getByLabel('Upload cover photo').setInputFiles({
      name: 'cover.png',
      mimeType: 'image/png',
      buffer: await photo('#f4511e', 1200, 500),
    });
    await page.getByRole('dialog').getByRole('button', { name: 'Save' }).waitFor();
  }),
  overOwnProfile('profile-picture-dialog', layout.PHONE_AND_WIDE, layout.DIALOG, async (page) => {
    await page.getByRole('button', { name: 'Update profile picture' }).click();
    const dialog = page.getByRole('dialog', { name: 'Update profile picture' });
    await dialog.getByLabel('Upload photo').setInputFiles({
      name: 'me.png',
      mimeType: 'image/png',
      buffer: await photo('#8e24aa', 800, 600),
    });
    await dialog.getByRole('slider', { name: 'Zoom' }).waitFor();
  }),
  overOwnProfile('profile-details-dialog', layout.PHONE_AND_WIDE, layout.DIALOG, async (page) => {
    await page.getByRole('button', { name: 'Edit details' }).click();
    await page.getByRole('dialog', { name: 'Edit details' }).waitFor();
  }),
  {
    name: 'profile-bio-editor',
    as: 'member',
    widths: layout.WIDE,
    show: async ({ page }) => {
      await ownProfile(page);
      await page.getByRole('button', { name: 'Add bio' }).click();
      await page.getByRole('textbox', { name: 'Bio' }).fill('Mathematician.');
    },
  },

  // Friends: the page, each list, and its loading state.
  friendsList('friends', '/friends', 'Friend Requests', 'Grace Hopper', layout.EVERY_WIDTH),
  friendsList(
    'friends-requests',
    '/friends/requests',
    'Friend Requests',
    'Grace Hopper',
    layout.WIDE,
  ),
  friendsList(
    'friends-sent',
    '/friends/sent',
    'Sent Requests',
    'Dora Black',
    layout.PHONE_AND_WIDE,
  ),
  friendsList('friends-all', '/friends/all', 'All Friends', 'Carol Shaw', layout.WIDE),
  layout.loadingScreen(
    walk,
    'friends-skeleton',
    layout.WIDE,
    '/friends',
    ROUTES.getFriendsPageInfos,
    'Loading friends',
  ),

  // Settings & privacy → Blocking, and its loading state.
  layout.pageScreen(
    walk,
    'settings-blocking',
    layout.PHONE_AND_WIDE,
    '/settings/blocking',
    (page) =>
      page
        .getByRole('list', { name: 'Blocked members' })
        .getByRole('button', { name: 'Unblock Mallory Quinn' })
        .waitFor(),
  ),
  layout.loadingScreen(
    walk,
    'settings-blocking-skeleton',
    layout.WIDE,
    '/settings/blocking',
    ROUTES.getBlocked,
    'Loading blocked members',
  ),
];

layout.walkScreens(walk, 'the profiles, friends pages and blocking', SCREENS);

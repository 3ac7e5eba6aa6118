import { ROUTES, UI_MESSAGES } from '@hearth/contract';
import type { Page } from 'playwright-core';
import { beforeAll } from 'vitest';
import * as layout from './support/layout-walk.js';
import { createPost, registerMember } from './support/members.js';

// The layout walk (support/layout-walk.ts) over Ada's home: the feed (a card for each audience),
// the post dialog with its audience panel, the popups and dialogs of a post, and the header's
// menus and search panel.

const walk = layout.startWalk();

/** A post Ada may not see (its author's alone): its page says it isn't available. */
let hiddenPostId = '';
beforeAll(async () => {
  const olive = await registerMember(walk.app.url, 'Olive', 'Hidden');
  const post = await createPost(walk.app.url, olive, 'Only for me', [], { audience: 'only_me' });
  hiddenPostId = post._id;
});

const showHome = (page: Page) => layout.home(walk, page);
/** A panel opened over Ada's home. */
const overHome = layout.panelsOver(showHome);

const adaPost = (page: Page) => page.getByRole('article').filter({ hasText: layout.ADA_POST });

async function openHeaderPanel(page: Page, button: string, dialog: string) {
  await page.getByRole('button', { name: button, exact: true }).click();
  const panel = page.getByRole('dialog', { name: dialog, exact: true });
  await panel.waitFor();
  return panel;
}

async function openAllMenu(page: Page) {
  const menu = await openHeaderPanel(page, 'Menu', 'Menu');
  await menu.getByRole('searchbox', { name: 'Search Menu' }).waitFor();
  return menu;
}

async function openCreatePost(page: Page) {
  await page.getByRole('button', { name: "What's on your mind, Ada" }).click();
  const dialog = page.getByRole('dialog', { name: 'Create post' });
  await dialog.getByRole('textbox', { name: "What's on your mind, Ada?" }).fill('Hello!');
  return dialog;
}

/** The account menu opened on one of its sub-views. */
function accountView(name: string, entry: string, title: string, widths: readonly number[]) {
  return overHome(name, widths, layout.DIALOG, async (page) => {
    const menu = await openHeaderPanel(page, 'Account', 'Account menu');
    await menu.getByRole('button', { name: entry }).click();
    await menu.getByRole('heading', { name: title }).waitFor();
  });
}

/** The header's search panel, opened (with the recent searches), then `type` run in it. */
function searchPanel(name: string, type: (page: Page) => Promise<void>) {
  return overHome(name, layout.PHONE_AND_WIDE, 'header', async (page) => {
    await page.getByRole('combobox', { name: 'Search Hearth' }).click();
    await type(page);
  });
}

const SCREENS: layout.Screen[] = [
  // Home.
  {
    name: 'home',
    as: 'member',
    widths: layout.EVERY_WIDTH,
    show: async ({ page }) => showHome(page),
  },
  layout.loadingScreen(
    walk,
    'home-skeleton',
    layout.PHONE_AND_WIDE,
    '/',
    ROUTES.feed,
    'Loading posts',
  ),
  overHome('create-post-dialog', layout.PHONE_AND_WIDE, layout.DIALOG, openCreatePost),
  overHome('create-post-audience-panel', layout.PHONE_AND_WIDE, layout.DIALOG, async (page) => {
    const dialog = await openCreatePost(page);
    await dialog.getByRole('button', { name: 'Audience: Members of this server' }).click();
    await page.getByRole('dialog', { name: 'Post audience' }).getByRole('radio').first().waitFor();
  }),
  overHome('create-post-emoji-picker', layout.PHONE_AND_WIDE, layout.DIALOG, async (page) => {
    const dialog = await openCreatePost(page);
    await dialog.getByRole('button', { name: 'Insert an emoji' }).click();
    // The picker's code and its emoji load on first use.
    await dialog.locator('.EmojiPickerReact .epr-emoji').first().waitFor();
  }),
  overHome('comment-emoji-picker', layout.WIDE, '.EmojiPickerReact', async (page) => {
    const post = adaPost(page);
    await post.getByRole('button', { name: 'Insert an emoji' }).click();
    await post.locator('.EmojiPickerReact .epr-emoji').first().waitFor();
  }),
  overHome('post-options-menu', layout.PHONE_AND_WIDE, layout.MENU, (page) =>
    layout.openMenu(page, 'Post options', adaPost(page)),
  ),
  overHome('edit-audience-dialog', layout.PHONE_AND_WIDE, layout.DIALOG, async (page) => {
    await layout.openMenu(page, 'Post options', adaPost(page));
    await page.getByRole('menuitem', { name: 'Edit audience' }).click();
    await page.getByRole('dialog', { name: 'Edit audience' }).getByRole('radio').first().waitFor();
  }),
  {
    name: 'post-unavailable',
    as: 'member',
    widths: layout.PHONE_AND_WIDE,
    show: async ({ page }) => {
      await page.goto(`${walk.app.url}/post/${hiddenPostId}`);
      await layout.heading(page, UI_MESSAGES.postUnavailable, 1).waitFor();
    },
  },
  overHome('reaction-popup', layout.WIDE, '[role="toolbar"]', async (page) => {
    const post = adaPost(page);
    await post.getByRole('button', { name: 'Like', exact: true }).focus();
    await page.keyboard.press('ArrowUp');
    await post.getByRole('toolbar', { name: 'Reactions' }).waitFor();
  }),

  // The header's menus.
  overHome('all-menu', layout.EVERY_WIDTH, layout.DIALOG, openAllMenu),
  overHome('all-menu-no-match', layout.WIDE, layout.DIALOG, async (page) => {
    const menu = await openAllMenu(page);
    await menu.getByRole('searchbox', { name: 'Search Menu' }).fill('zebra');
    await menu.getByText('Nothing in the menu is called').waitFor();
  }),
  overHome('account-menu', layout.PHONE_AND_WIDE, layout.DIALOG, (page) =>
    openHeaderPanel(page, 'Account', 'Account menu'),
  ),
  accountView('account-settings', 'Settings & privacy', 'Settings & privacy', layout.WIDE),
  accountView('account-help', 'Help & support', 'Help & support', layout.WIDE),
  accountView(
    'account-display',
    'Display and accessibility',
    'Display & Accessibility',
    layout.PHONE_AND_WIDE,
  ),

  // The header's search panel: the recent searches, then results as a member types.
  searchPanel('search-panel-history', async (page) => {
    const recent = page.getByRole('listbox', { name: 'Recent searches' });
    await recent.getByRole('option', { name: 'Grace Hopper' }).waitFor();
  }),
  searchPanel('search-panel-results', async (page) => {
    await page.getByRole('combobox', { name: 'Search Hearth' }).pressSequentially('gr');
    const results = page.getByRole('listbox', { name: 'Search results' });
    await results.getByRole('option', { name: 'Grace Hopper' }).waitFor();
    await page.keyboard.press('ArrowDown');
  }),
];

layout.walkScreens(walk, 'the home screen and the header’s menus', SCREENS);

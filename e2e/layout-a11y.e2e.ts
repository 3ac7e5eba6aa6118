import { ROUTES, UI_MESSAGES } from '@hearth/contract';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, it } from 'vitest';
import {
  expectNoHorizontalScroll,
  expectNoSeriousAxeViolations,
  expectPanelsFitTheWindow,
} from './support/a11y.js';
import { holdCalls, isCallOf } from './support/api.js';
import { startApp } from './support/app.js';
import { launchBrowser, screenshot } from './support/browser.js';
import {
  addToSearchHistory,
  contextFor,
  createPost,
  friendship,
  type Member,
  memberCookies,
  photo,
  registerMember,
} from './support/members.js';
import { startMailCatcher } from './support/smtp.js';

/**
 * The accessibility and layout walk: every screen, dialog and menu of the app, in both themes,
 * at the widths each one names. On each: no sideways scrolling, open panels fit the window,
 * axe-core finds nothing serious or critical, and a screenshot lands in
 * .test-artifacts/screens/walk-{screen}-{width}-{theme}.png to be looked at.
 *
 * To cover a new screen, add an entry to SCREENS: a name, who looks, the widths, and `show`,
 * which brings a fresh page (already logged in when `as` is 'member') to the screen.
 */

type Theme = 'light' | 'dark';

interface Visit {
  page: Page;
  width: number;
  theme: Theme;
}

interface Screen {
  name: string;
  /** 'member' is Ada, logged in; 'visitor' is logged out. */
  as: 'member' | 'visitor';
  /**
   * The open dialog, menu or popup this screen is about (a CSS selector). The page behind it
   * has a screen of its own, so axe looks only inside the panel, and the screenshot is the
   * window rather than the whole page.
   */
  panel?: string;
  /** `show` paused the page's clock (page.clock) to hold a timed change, such as a redirect. */
  pausedClock?: boolean;
  widths: readonly number[];
  show: (visit: Visit) => Promise<void>;
}

const EVERY_WIDTH = [375, 800, 1280] as const;
const PHONE_AND_WIDE = [375, 1280] as const;
const WIDE = [1280] as const;

let app: Awaited<ReturnType<typeof startApp>>;
let mail: Awaited<ReturnType<typeof startMailCatcher>>;
let browser: Browser;
let ada: Member;
let grace: Member;
/** Asks for a password reset in the walk, so Ada's own session is never touched. */
let rita: Member;
let newcomers = 0;

const ADA_POST = 'Sunday picnic by the lake, who is in?';

beforeAll(async () => {
  mail = await startMailCatcher();
  // The walk signs up newcomers and asks for reset codes more often than the limits allow.
  app = await startApp({
    SMTP_URL: mail.url,
    RATE_LIMIT_SIGNUP_IP: '1000',
    RATE_LIMIT_RESET_CODE_SEND_EMAIL: '1000',
  });
  browser = await launchBrowser();
  ada = await registerMember(app.url, 'Ada', 'Lovelace');
  grace = await registerMember(app.url, 'Grace', 'Hopper');
  rita = await registerMember(app.url, 'Rita', 'Levi');
  const carol = await registerMember(app.url, 'Carol', 'Shaw');
  const dora = await registerMember(app.url, 'Dora', 'Black');
  // Ada has a friend, a request from Grace, one of her own to Dora, two recent searches, and
  // posts of her own, one with photos.
  await friendship(app.url, carol, 'addFriend', ada);
  await friendship(app.url, ada, 'acceptRequest', carol);
  await friendship(app.url, grace, 'addFriend', ada);
  await friendship(app.url, ada, 'addFriend', dora);
  await addToSearchHistory(app.url, ada, carol);
  await addToSearchHistory(app.url, ada, grace);
  await createPost(app.url, ada, 'Two shots from the hike', [
    await photo('#1e88e5'),
    await photo('#43a047'),
  ]);
  await createPost(app.url, ada, ADA_POST);
  await createPost(app.url, carol, 'Anyone up for chess tonight?');
});

afterAll(async () => {
  await browser?.close();
  await app?.stop();
  await mail?.close();
});

const heading = (page: Page, name: string, level?: number) =>
  page.getByRole('heading', { name, exact: true, ...(level ? { level } : {}) }).first();

async function home(page: Page) {
  await page.goto(`${app.url}/`);
  await page.getByRole('article').filter({ hasText: ADA_POST }).waitFor();
}

async function ownProfile(page: Page) {
  await page.goto(`${app.url}/profile`);
  await heading(page, 'Ada Lovelace', 1).waitFor();
  await page.getByRole('article').first().waitFor();
}

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

async function openAccountView(page: Page, entry: string, title: string) {
  const menu = await openHeaderPanel(page, 'Account', 'Account menu');
  await menu.getByRole('button', { name: entry }).click();
  await menu.getByRole('heading', { name: title }).waitFor();
}

async function openCreatePost(page: Page) {
  await page.getByRole('button', { name: "What's on your mind, Ada" }).click();
  const dialog = page.getByRole('dialog', { name: 'Create post' });
  await dialog.getByRole('textbox', { name: "What's on your mind, Ada?" }).fill('Hello!');
  return dialog;
}

/** Waits until `to` has received one more mail matching `pattern` than `before` counted. */
async function nextMailMatch(to: string, pattern: RegExp, before: number): Promise<string> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const matches = mail.mails
      .filter((m) => m.to.includes(to))
      .map((m) => pattern.exec(m.text)?.[1])
      .filter((value): value is string => Boolean(value));
    if (matches.length > before) return matches[matches.length - 1]!;
    if (Date.now() > deadline) throw new Error(`No new mail to ${to} matching ${pattern}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

const RESET_CODE = /reset code is: ([A-Z0-9]{5})/;
const countMails = (to: string, pattern: RegExp) =>
  mail.mails.filter((m) => m.to.includes(to) && pattern.test(m.text)).length;

async function resetFoundAccount(page: Page) {
  await page.goto(`${app.url}/reset`);
  await page.getByPlaceholder('Email address or phone number').fill(rita.email);
  await page.getByRole('button', { name: 'Search' }).click();
  await heading(page, 'Reset Your Password').waitFor();
}

async function resetCodeSent(page: Page) {
  await resetFoundAccount(page);
  const before = countMails(rita.email, RESET_CODE);
  await page.getByRole('button', { name: 'Send code via email' }).click();
  await heading(page, 'Code verification').waitFor();
  return before;
}

/** The account menu opened on one of its sub-views, over the home screen. */
function accountView(name: string, entry: string, title: string, widths: readonly number[]) {
  return {
    name,
    as: 'member',
    widths,
    panel: '[role="dialog"]',
    show: async ({ page }: Visit) => {
      await home(page);
      await openAccountView(page, entry, title);
    },
  } satisfies Screen;
}

/** A friends page at `path`, shown once `list` holds `member`. */
function friendsList(
  name: string,
  path: string,
  list: string,
  member: string,
  widths: readonly number[],
) {
  return {
    name,
    as: 'member',
    widths,
    show: async ({ page }: Visit) => {
      await page.goto(`${app.url}${path}`);
      await page
        .getByRole('region', { name: list })
        .getByRole('link', { name: member })
        .first()
        .waitFor();
    },
  } satisfies Screen;
}

const SCREENS: Screen[] = [
  // Logged out.
  {
    name: 'login',
    as: 'visitor',
    widths: EVERY_WIDTH,
    show: async ({ page }) => {
      await page.goto(`${app.url}/login`);
      await page.getByRole('button', { name: 'Log In' }).waitFor();
    },
  },
  {
    name: 'signup-modal',
    as: 'visitor',
    widths: PHONE_AND_WIDE,
    panel: '[role="dialog"]',
    show: async ({ page }) => {
      await page.goto(`${app.url}/login`);
      await page.getByRole('button', { name: 'Create Account' }).click();
      const dialog = page.getByRole('dialog', { name: 'Sign Up' });
      // Submitting it empty shows every field's message.
      await dialog.getByRole('button', { name: 'Sign Up' }).click();
      await dialog.getByText("What's your First name ?").waitFor();
    },
  },
  {
    name: 'reset-0-find',
    as: 'visitor',
    widths: PHONE_AND_WIDE,
    show: async ({ page }) => {
      await page.goto(`${app.url}/reset`);
      await heading(page, 'Find your Account').waitFor();
    },
  },
  {
    name: 'reset-1-send',
    as: 'visitor',
    widths: PHONE_AND_WIDE,
    show: async ({ page }) => resetFoundAccount(page),
  },
  {
    name: 'reset-2-code',
    as: 'visitor',
    widths: WIDE,
    show: async ({ page }) => {
      await resetCodeSent(page);
    },
  },
  {
    name: 'reset-3-change',
    as: 'visitor',
    widths: WIDE,
    show: async ({ page }) => {
      const before = await resetCodeSent(page);
      await page.getByPlaceholder('Code').fill(await nextMailMatch(rita.email, RESET_CODE, before));
      await page.getByRole('button', { name: 'Continue' }).click();
      await heading(page, 'Change Password').waitFor();
    },
  },

  // Activation: a newcomer opens the link from their e-mail, or a link that is not theirs.
  {
    name: 'activation-success',
    as: 'visitor',
    widths: WIDE,
    panel: '[role="dialog"]',
    pausedClock: true,
    show: async ({ page, theme }) => {
      newcomers += 1;
      const newcomer = await registerMember(app.url, 'Nadia', `Okafor${'x'.repeat(newcomers)}`);
      const link = await nextMailMatch(newcomer.email, /(http:\/\/\S+\/activate\/[\w-]+)/, 0);
      await page.context().addCookies(memberCookies(app.url, newcomer, theme === 'dark'));
      await showActivationPopup(page, link, UI_MESSAGES.activationSuccess);
    },
  },
  {
    name: 'activation-failure',
    as: 'member',
    widths: WIDE,
    panel: '[role="dialog"]',
    pausedClock: true,
    show: async ({ page }) => {
      await showActivationPopup(
        page,
        `${app.url}/activate/not-a-real-token`,
        UI_MESSAGES.activationFailure,
      );
    },
  },

  // Home.
  { name: 'home', as: 'member', widths: EVERY_WIDTH, show: async ({ page }) => home(page) },
  {
    name: 'home-skeleton',
    as: 'member',
    widths: PHONE_AND_WIDE,
    show: async ({ page }) => {
      await holdCalls(page, ROUTES.feed);
      await page.goto(`${app.url}/`);
      await page.getByRole('status', { name: 'Loading posts' }).waitFor();
    },
  },
  {
    name: 'create-post-dialog',
    as: 'member',
    widths: PHONE_AND_WIDE,
    panel: '[role="dialog"]',
    show: async ({ page }) => {
      await home(page);
      await openCreatePost(page);
    },
  },
  {
    name: 'create-post-emoji-picker',
    as: 'member',
    widths: PHONE_AND_WIDE,
    panel: '[role="dialog"]',
    show: async ({ page }) => {
      await home(page);
      const dialog = await openCreatePost(page);
      await dialog.getByRole('button', { name: 'Insert an emoji' }).click();
      // The picker's code and its emoji load on first use.
      await dialog.locator('.EmojiPickerReact .epr-emoji').first().waitFor();
    },
  },
  {
    name: 'comment-emoji-picker',
    as: 'member',
    widths: WIDE,
    panel: '.EmojiPickerReact',
    show: async ({ page }) => {
      await home(page);
      const post = page.getByRole('article').filter({ hasText: ADA_POST });
      await post.getByRole('button', { name: 'Insert an emoji' }).click();
      await post.locator('.EmojiPickerReact .epr-emoji').first().waitFor();
    },
  },
  {
    name: 'post-options-menu',
    as: 'member',
    widths: PHONE_AND_WIDE,
    panel: '[role="menu"]',
    show: async ({ page }) => {
      await home(page);
      const post = page.getByRole('article').filter({ hasText: ADA_POST });
      await post.getByRole('button', { name: 'Post options' }).click();
      await page.getByRole('menu', { name: 'Post options' }).waitFor();
    },
  },
  {
    name: 'reaction-popup',
    as: 'member',
    widths: WIDE,
    panel: '[role="toolbar"]',
    show: async ({ page }) => {
      await home(page);
      const post = page.getByRole('article').filter({ hasText: ADA_POST });
      await post.getByRole('button', { name: 'Like', exact: true }).focus();
      await page.keyboard.press('ArrowUp');
      await post.getByRole('toolbar', { name: 'Reactions' }).waitFor();
    },
  },

  // The header's menus.
  {
    name: 'all-menu',
    as: 'member',
    widths: EVERY_WIDTH,
    panel: '[role="dialog"]',
    show: async ({ page }) => {
      await home(page);
      await openAllMenu(page);
    },
  },
  {
    name: 'all-menu-no-match',
    as: 'member',
    widths: WIDE,
    panel: '[role="dialog"]',
    show: async ({ page }) => {
      await home(page);
      const menu = await openAllMenu(page);
      await menu.getByRole('searchbox', { name: 'Search Menu' }).fill('zebra');
      await menu.getByText('Nothing in the menu is called').waitFor();
    },
  },
  {
    name: 'account-menu',
    as: 'member',
    widths: PHONE_AND_WIDE,
    panel: '[role="dialog"]',
    show: async ({ page }) => {
      await home(page);
      await openHeaderPanel(page, 'Account', 'Account menu');
    },
  },
  accountView('account-settings', 'Settings & privacy', 'Settings & privacy', WIDE),
  accountView('account-help', 'Help & support', 'Help & support', WIDE),
  accountView(
    'account-display',
    'Display and accessibility',
    'Display & Accessibility',
    PHONE_AND_WIDE,
  ),

  // Profiles.
  { name: 'profile-own', as: 'member', widths: EVERY_WIDTH, show: ({ page }) => ownProfile(page) },
  {
    name: 'profile-skeleton',
    as: 'member',
    widths: PHONE_AND_WIDE,
    show: async ({ page }) => {
      await holdCalls(page, ROUTES.getProfile);
      await page.goto(`${app.url}/profile`);
      await page.getByRole('status', { name: 'Loading profile' }).waitFor();
    },
  },
  {
    name: 'profile-visited',
    as: 'member',
    widths: EVERY_WIDTH,
    show: async ({ page }) => {
      await page.goto(`${app.url}/profile/${grace.username}`);
      await heading(page, 'Grace Hopper', 1).waitFor();
      await page.getByRole('button', { name: 'Respond', exact: true }).waitFor();
    },
  },
  {
    name: 'profile-respond-menu',
    as: 'member',
    widths: WIDE,
    panel: '[role="menu"]',
    show: async ({ page }) => {
      await page.goto(`${app.url}/profile/${grace.username}`);
      await page.getByRole('button', { name: 'Respond', exact: true }).click();
      await page.getByRole('menu', { name: 'Respond' }).waitFor();
    },
  },
  {
    name: 'profile-cover-menu',
    as: 'member',
    widths: PHONE_AND_WIDE,
    panel: '[role="menu"]',
    show: async ({ page }) => {
      await ownProfile(page);
      await page.getByRole('button', { name: 'Edit cover photo', exact: true }).click();
      await page.getByRole('menu', { name: 'Edit cover photo' }).waitFor();
    },
  },
  {
    name: 'profile-cover-select-photo',
    as: 'member',
    widths: PHONE_AND_WIDE,
    panel: '[role="dialog"]',
    show: async ({ page }) => {
      await ownProfile(page);
      await page.getByRole('button', { name: 'Edit cover photo', exact: true }).click();
      await page.getByRole('menuitem', { name: 'Select photo' }).click();
      const dialog = page.getByRole('dialog', { name: 'Select photo' });
      await dialog.getByRole('button', { name: 'Photo 1' }).waitFor();
    },
  },
  {
    name: 'profile-cover-crop',
    as: 'member',
    widths: PHONE_AND_WIDE,
    panel: '[role="dialog"]',
    show: async ({ page }) => {
      await ownProfile(page);
      await page.getByLabel('Upload cover photo').setInputFiles({
        name: 'cover.png',
        mimeType: 'image/png',
        buffer: await photo('#f4511e', 1200, 500),
      });
      await page.getByRole('dialog').getByRole('button', { name: 'Save' }).waitFor();
    },
  },
  {
    name: 'profile-picture-dialog',
    as: 'member',
    widths: PHONE_AND_WIDE,
    panel: '[role="dialog"]',
    show: async ({ page }) => {
      await ownProfile(page);
      await page.getByRole('button', { name: 'Update profile picture' }).click();
      const dialog = page.getByRole('dialog', { name: 'Update profile picture' });
      await dialog.getByLabel('Upload photo').setInputFiles({
        name: 'me.png',
        mimeType: 'image/png',
        buffer: await photo('#8e24aa', 800, 600),
      });
      await dialog.getByRole('slider', { name: 'Zoom' }).waitFor();
    },
  },
  {
    name: 'profile-details-dialog',
    as: 'member',
    widths: PHONE_AND_WIDE,
    panel: '[role="dialog"]',
    show: async ({ page }) => {
      await ownProfile(page);
      await page.getByRole('button', { name: 'Edit details' }).click();
      await page.getByRole('dialog', { name: 'Edit details' }).waitFor();
    },
  },
  {
    name: 'profile-bio-editor',
    as: 'member',
    widths: WIDE,
    show: async ({ page }) => {
      await ownProfile(page);
      await page.getByRole('button', { name: 'Add bio' }).click();
      await page.getByRole('textbox', { name: 'Bio' }).fill('Mathematician.');
    },
  },

  // Friends: the page, each list, and its loading state.
  friendsList('friends', '/friends', 'Friend Requests', 'Grace Hopper', EVERY_WIDTH),
  friendsList('friends-requests', '/friends/requests', 'Friend Requests', 'Grace Hopper', WIDE),
  friendsList('friends-sent', '/friends/sent', 'Sent Requests', 'Dora Black', PHONE_AND_WIDE),
  friendsList('friends-all', '/friends/all', 'All Friends', 'Carol Shaw', WIDE),
  {
    name: 'friends-skeleton',
    as: 'member',
    widths: WIDE,
    show: async ({ page }) => {
      await holdCalls(page, ROUTES.getFriendsPageInfos);
      await page.goto(`${app.url}/friends`);
      await page.getByRole('status', { name: 'Loading friends' }).waitFor();
    },
  },

  // The header's search panel: the recent searches, then results as a member types.
  {
    name: 'search-panel-history',
    as: 'member',
    widths: PHONE_AND_WIDE,
    panel: 'header',
    show: async ({ page }) => {
      await home(page);
      await page.getByRole('combobox', { name: 'Search Hearth' }).click();
      const recent = page.getByRole('listbox', { name: 'Recent searches' });
      await recent.getByRole('option', { name: 'Grace Hopper' }).waitFor();
    },
  },
  {
    name: 'search-panel-results',
    as: 'member',
    widths: PHONE_AND_WIDE,
    panel: 'header',
    show: async ({ page }) => {
      await home(page);
      await page.getByRole('combobox', { name: 'Search Hearth' }).click();
      await page.getByRole('combobox', { name: 'Search Hearth' }).pressSequentially('gr');
      const results = page.getByRole('listbox', { name: 'Search results' });
      await results.getByRole('option', { name: 'Grace Hopper' }).waitFor();
      await page.keyboard.press('ArrowDown');
    },
  },
];

/**
 * Opens an activation link and holds the 3-second redirect that follows its popup: the page's
 * clock stops as soon as the call answers (a busy machine could otherwise spend the 3 seconds
 * before the test pauses it), then moves on in small steps only until the popup shows.
 */
async function showActivationPopup(page: Page, link: string, message: string) {
  await page.clock.install();
  const answered = page.waitForResponse((response) =>
    isCallOf(ROUTES.activateAccount, response.url(), response.request().method()),
  );
  await page.goto(link);
  await answered;
  // The page's clock is its own (not this process's): stop it a moment ahead of where it is.
  const pageNow = await page.evaluate(() => Date.now());
  await page.clock.pauseAt(pageNow + 500);
  const popup = page.getByText(message);
  for (let pageMs = 0; !(await popup.isVisible()); pageMs += 10) {
    if (pageMs >= 2000) throw new Error(`'${message}' did not show within 2 s of page time`);
    await page.clock.runFor(10);
  }
}

async function visit(screen: Screen, width: number, theme: Theme) {
  const dark = theme === 'dark';
  const context =
    screen.as === 'member'
      ? await contextFor(browser, app.url, ada, { width, height: 900, dark })
      : await browser.newContext({ viewport: { width, height: 900 } });
  if (screen.as === 'visitor') {
    await context.addCookies([{ name: 'darkTheme', value: String(dark), url: app.url }]);
  }
  const page = await context.newPage();
  try {
    await screen.show({ page, width, theme });
    const where = `${screen.name} at ${width} px, ${theme}`;
    if ((await page.locator('html.dark').count()) !== (dark ? 1 : 0)) {
      throw new Error(`${where}: the page is not in the ${theme} theme`);
    }
    await expectNoHorizontalScroll(page, where);
    await expectPanelsFitTheWindow(page, where);
    await expectNoSeriousAxeViolations(page, where, {
      pausedClock: screen.pausedClock ?? false,
      within: screen.panel,
    });
    await screenshot(page, `walk-${screen.name}-${width}-${theme}`, {
      fullPage: screen.panel === undefined,
    });
  } finally {
    await context.close();
  }
}

describe.each(['light', 'dark'] as const)('every screen and menu in the %s theme', (theme) => {
  for (const screen of SCREENS) {
    it(`${screen.name} (${screen.widths.join(', ')} px)`, async () => {
      for (const width of screen.widths) await visit(screen, width, theme);
    });
  }
});

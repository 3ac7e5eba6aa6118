import type { Route } from '@hearth/contract';
import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, it } from 'vitest';
import {
  expectNoHorizontalScroll,
  expectNoSeriousAxeViolations,
  expectPanelsFitTheWindow,
} from './a11y.js';
import { holdCalls } from './api.js';
import { screenshot } from './browser.js';
import {
  addToSearchHistory,
  contextFor,
  createPost,
  friendship,
  type Member,
  photo,
  registerMember,
} from './members.js';
import { type SuiteWithMail, useSuite } from './suite.js';

/*
 * The accessibility and layout walk (layout-*.e2e.ts, one file per part of the app): every
 * screen, dialog and menu at the widths each one names (by default its narrowest and widest, in
 * the light theme; every width in both themes with E2E_LONG=1: see `widthsOf`). On each: no
 * sideways scrolling, open panels fit the window, axe-core finds nothing serious or critical (by
 * default at the narrowest width), and a screenshot lands in
 * .test-artifacts/screens/walk-{screen}-{width}-{theme}.png to be looked at.
 *
 * To cover a new screen, add an entry to its file's list: a name, who looks, the widths, and
 * `show`, which brings a fresh page (already logged in when `as` is 'member') to the screen.
 */

export type Theme = 'light' | 'dark';

export interface Visit {
  page: Page;
  width: number;
  theme: Theme;
}

export interface Screen {
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

export const EVERY_WIDTH = [375, 800, 1280] as const;
export const PHONE_AND_WIDE = [375, 1280] as const;
export const WIDE = [1280] as const;

export const DIALOG = '[role="dialog"]';
export const MENU = '[role="menu"]';

export const ADA_POST = 'Sunday picnic by the lake, who is in?';

export interface Walk extends SuiteWithMail {
  /**
   * Ada: a friend (Carol), a request from Grace, one of her own to Dora, two recent searches,
   * posts (one for each audience: Carol's for the members of the server).
   */
  ada: Member;
  grace: Member;
  /** Asks for a password reset in the walk, so Ada's own session is never touched. */
  rita: Member;
}

/**
 * The walk's server (with a mail catcher, and limits high enough for the newcomers it signs up
 * and the reset codes it asks for), its Chromium, and the same members and posts in every file.
 */
export function startWalk(): Walk {
  const walk = useSuite({
    mail: true,
    env: { RATE_LIMIT_SIGNUP_IP: '1000', RATE_LIMIT_RESET_CODE_SEND_EMAIL: '1000' },
  }) as Walk;
  beforeAll(async () => {
    const url = walk.app.url;
    walk.ada = await registerMember(url, 'Ada', 'Lovelace');
    walk.grace = await registerMember(url, 'Grace', 'Hopper');
    walk.rita = await registerMember(url, 'Rita', 'Levi');
    const carol = await registerMember(url, 'Carol', 'Shaw');
    const dora = await registerMember(url, 'Dora', 'Black');
    await friendship(url, carol, 'addFriend', walk.ada);
    await friendship(url, walk.ada, 'acceptRequest', carol);
    await friendship(url, walk.grace, 'addFriend', walk.ada);
    await friendship(url, walk.ada, 'addFriend', dora);
    await addToSearchHistory(url, walk.ada, carol);
    await addToSearchHistory(url, walk.ada, walk.grace);
    // A post for each audience, so the cards show every audience icon.
    await createPost(
      url,
      walk.ada,
      'Two shots from the hike',
      [await photo('#1e88e5'), await photo('#43a047')],
      { audience: 'friends' },
    );
    await createPost(url, walk.ada, 'Note to self: water the ferns', [], { audience: 'only_me' });
    await createPost(url, walk.ada, ADA_POST, [], { audience: 'public' });
    await createPost(url, carol, 'Anyone up for chess tonight?');
  });
  return walk;
}

export const heading = (page: Page, name: string, level?: number) =>
  page.getByRole('heading', { name, exact: true, ...(level ? { level } : {}) }).first();

/** Ada's home, once her newest post shows. */
export async function home(walk: Walk, page: Page) {
  await page.goto(`${walk.app.url}/`);
  await page.getByRole('article').filter({ hasText: ADA_POST }).waitFor();
}

/** Clicks the button named `name` inside `scope`, and waits for the menu of the same name. */
export async function openMenu(page: Page, name: string, scope: Page | Locator = page) {
  await scope.getByRole('button', { name, exact: true }).click();
  await page.getByRole('menu', { name }).waitFor();
}

/**
 * Screens about panels opened over the page `base` shows, as Ada: each one a name, its widths,
 * the panel (a CSS selector), and `open`, which brings the panel up.
 */
export function panelsOver(base: (page: Page) => Promise<unknown>) {
  return (
    name: string,
    widths: readonly number[],
    panel: string,
    open: (page: Page) => Promise<unknown>,
  ): Screen => ({
    name,
    as: 'member',
    widths,
    panel,
    show: async ({ page }) => {
      await base(page);
      await open(page);
    },
  });
}

/** Ada's page at `path`, once `ready` has found what it waits for; `before` runs ahead of it. */
export function pageScreen(
  walk: Walk,
  name: string,
  widths: readonly number[],
  path: string,
  ready: (page: Page) => Promise<void>,
  before?: (page: Page) => Promise<void>,
): Screen {
  return {
    name,
    as: 'member',
    widths,
    show: async ({ page }) => {
      await before?.(page);
      await page.goto(`${walk.app.url}${path}`);
      await ready(page);
    },
  };
}

/** The loading state of the page at `path`, with every call of `route` held unanswered. */
export function loadingScreen(
  walk: Walk,
  name: string,
  widths: readonly number[],
  path: string,
  route: Route,
  status: string,
): Screen {
  return pageScreen(
    walk,
    name,
    widths,
    path,
    (page) => page.getByRole('status', { name: status }).waitFor(),
    (page) => holdCalls(page, route),
  );
}

async function visit(walk: Walk, screen: Screen, width: number, theme: Theme, axe: boolean) {
  const dark = theme === 'dark';
  const { app, browser } = walk;
  const context =
    screen.as === 'member'
      ? await contextFor(browser, app.url, walk.ada, { width, height: 900, dark })
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
    if (axe) {
      await expectNoSeriousAxeViolations(page, where, {
        pausedClock: screen.pausedClock ?? false,
        within: screen.panel,
      });
    }
    await screenshot(page, `walk-${screen.name}-${width}-${theme}`, {
      fullPage: screen.panel === undefined,
    });
  } finally {
    await context.close();
  }
}

/**
 * `npm test -- --long` (E2E_LONG=1) walks everything: each screen at every width it names, in
 * both themes, axe at each visit. By default the walk is the light theme at each screen's
 * narrowest and widest widths (a phone and a desktop: where sideways scrolling and panels that do
 * not fit show), with axe at the narrowest: axe's findings (names, roles, contrast) hardly change
 * with the width, and axe is half of a visit's time. The dark theme's colours are checked by axe
 * (contrast included) in every feature's own browser test. Both cuts came when npm test passed
 * its 25 minutes on a slower machine (README, Working on it).
 */
const LONG = process.env.E2E_LONG === '1';

/** The themes the walk visits. */
const THEMES: readonly Theme[] = LONG ? ['light', 'dark'] : ['light'];

/** The widths the walk visits a screen at, narrowest first. */
function widthsOf(screen: Screen): number[] {
  const sorted = [...screen.widths].sort((a, b) => a - b);
  if (LONG || sorted.length <= 2) return sorted;
  return [sorted[0] as number, sorted[sorted.length - 1] as number];
}

/** One test per screen and theme: `title` names the part of the app, e.g. 'the profiles'. */
export function walkScreens(walk: Walk, title: string, screens: readonly Screen[]) {
  describe.each(THEMES)(`${title} in the %s theme`, (theme) => {
    for (const screen of screens) {
      const widths = widthsOf(screen);
      it(`${screen.name} (${widths.join(', ')} px)`, async () => {
        for (const [index, width] of widths.entries()) {
          await visit(walk, screen, width, theme, LONG || index === 0);
        }
      });
    }
  });
}

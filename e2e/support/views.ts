import type { Page } from 'playwright-core';
import type { Member } from './members.js';
import type { Suite } from './suite.js';

/** One look at a page: its width and theme, and the words that name it in a failure. */
export interface View {
  width: number;
  dark: boolean;
  theme: 'light' | 'dark';
  where: string;
}

/** `npm test -- --long` (E2E_LONG=1): every look, where the default run takes two. */
export const LONG = process.env.E2E_LONG === '1';

/**
 * The looks a feature's browser test takes at its screens (layout, axe, a screenshot): by
 * default a phone in the light theme and a desktop in the dark one, so each width and each
 * theme is seen once; with --long, both widths in both themes. The four went to two when npm test
 * passed its 25 minutes on a slower machine (README, Working on it).
 */
export const VIEWS: readonly { width: number; dark: boolean }[] = LONG
  ? [
      { width: 375, dark: false },
      { width: 1280, dark: false },
      { width: 375, dark: true },
      { width: 1280, dark: true },
    ]
  : [
      { width: 375, dark: false },
      { width: 1280, dark: true },
    ];

/**
 * `member`'s page at `path` in each of `VIEWS`, a fresh page each time: `look` runs on it, then
 * it closes.
 */
export async function inEachView(
  suite: Suite,
  member: Member,
  path: string,
  name: string,
  look: (page: Page, view: View) => Promise<void>,
) {
  for (const { width, dark } of VIEWS) {
    const theme = dark ? 'dark' : 'light';
    const where = `${name} at ${width} px, ${theme}`;
    const page = await suite.pageAs(member, { width, height: 900, dark });
    await page.goto(`${suite.app.url}${path}`);
    await look(page, { width, dark, theme, where });
    await page.context().close();
  }
}

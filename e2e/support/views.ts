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
 * Every look: a phone and a desktop, each in the light and the dark theme (`--long`), and the
 * two the default run takes between them: a phone in the light theme, a desktop in the dark one.
 */
const EVERY_VIEW: readonly { width: number; dark: boolean }[] = [
  { width: 375, dark: false },
  { width: 1280, dark: false },
  { width: 375, dark: true },
  { width: 1280, dark: true },
];
export const VIEWS: readonly { width: number; dark: boolean }[] = LONG
  ? EVERY_VIEW
  : [
      { width: 375, dark: false },
      { width: 1280, dark: true },
    ];

let turn = 0;

/**
 * The looks a feature's browser test takes at one screen (layout, axe, a screenshot): with
 * --long every one of `VIEWS`; by default one, the two of `VIEWS` in turn from one screen to the
 * next, so a file that looks at two screens or more sees each width and each theme. The four
 * went to two, then to one in turn, when npm test passed its 25 minutes on slower machines
 * (README, Working on it).
 */
export function views(): readonly { width: number; dark: boolean }[] {
  if (LONG) return VIEWS;
  const view = VIEWS[turn % VIEWS.length]!;
  turn += 1;
  return [view];
}

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
  for (const { width, dark } of views()) {
    const theme = dark ? 'dark' : 'light';
    const where = `${name} at ${width} px, ${theme}`;
    const page = await suite.pageAs(member, { width, height: 900, dark });
    await page.goto(`${suite.app.url}${path}`);
    await look(page, { width, dark, theme, where });
    await page.context().close();
  }
}

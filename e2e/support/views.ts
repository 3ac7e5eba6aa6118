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

/**
 * `member`'s page at `path` at 375 and 1280 px in both themes, a fresh page each time: `look`
 * runs on it, then it closes.
 */
export async function inEachView(
  suite: Suite,
  member: Member,
  path: string,
  name: string,
  look: (page: Page, view: View) => Promise<void>,
) {
  for (const dark of [false, true]) {
    for (const width of [375, 1280]) {
      const theme = dark ? 'dark' : 'light';
      const where = `${name} at ${width} px, ${theme}`;
      const page = await suite.pageAs(member, { width, height: 900, dark });
      await page.goto(`${suite.app.url}${path}`);
      await look(page, { width, dark, theme, where });
      await page.context().close();
    }
  }
}

import { STORY_BREAKPOINTS, storyCountForWidth } from '@hearth/contract';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp } from './support/app.js';
import { launchBrowser } from './support/browser.js';
import { contextFor, createPost, type Member, registerMember } from './support/members.js';

let app: Awaited<ReturnType<typeof startApp>>;
let browser: Browser;
let ada: Member;
let page: Page;

beforeAll(async () => {
  app = await startApp();
  browser = await launchBrowser();
  ada = await registerMember(app.url, 'Ada', 'Lovelace');
  for (let i = 1; i <= 6; i++) await createPost(app.url, ada, `Note number ${i} from Ada`);
  page = await (await contextFor(browser, app.url, ada)).newPage();
});

afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

const resize = (width: number) => page.setViewportSize({ width, height: 900 });
const shown = (name: string) => page.getByRole('complementary', { name }).isVisible();

describe("the home screen's breakpoints (spec section 9)", () => {
  it('shows the left column above 1050 px and the right one above 850 px', async () => {
    await page.goto(`${app.url}/`);
    await page.getByRole('article').first().waitFor();
    for (const [width, left, right] of [
      [1280, true, true],
      [1051, true, true],
      [1050, false, true],
      [851, false, true],
      [850, false, false],
      [375, false, false],
    ] as const) {
      await resize(width);
      expect({ width, left: await shown('Shortcuts') }).toEqual({ width, left });
      expect({ width, right: await shown('Sponsored and contacts') }).toEqual({ width, right });
    }
  });

  it('shows as many stories as the width allows, on each side of every story breakpoint', async () => {
    await page.goto(`${app.url}/`);
    const stories = page.getByRole('region', { name: 'Stories' }).getByRole('button');
    const widths = STORY_BREAKPOINTS.flatMap(({ maxWidth }) => [maxWidth + 1, maxWidth]);
    for (const width of [1280, ...widths, 375]) {
      await resize(width);
      // 'Create Story' plus the sample stories.
      await expect
        .poll(async () => ({ width, stories: (await stories.count()) - 1 }))
        .toEqual({ width, stories: storyCountForWidth(width) });
    }
  });
});

describe("the profile's scroll-fix (spec section 9)", () => {
  it('keeps the left column in view while scrolling above 900 px wide, not at 900 px', async () => {
    for (const [width, fixed] of [
      [1280, true],
      [901, true],
      [900, false],
    ] as const) {
      await resize(width);
      await page.goto(`${app.url}/profile`);
      const intro = page.getByRole('region', { name: 'Intro' });
      await intro.waitFor();
      await page.getByRole('article').last().waitFor();
      await page.mouse.wheel(0, 2000);
      await page.waitForFunction(() => window.scrollY > 500);
      const position = await intro.evaluate(
        (node) => getComputedStyle(node.parentElement as HTMLElement).position,
      );
      expect({ width, position }).toEqual({ width, position: fixed ? 'sticky' : 'static' });
      if (fixed) {
        // Scrolled 2000 px down, the Intro card is still in the window.
        const box = await intro.boundingBox();
        expect(box!.y).toBeGreaterThanOrEqual(0);
        expect(box!.y).toBeLessThan(900);
      }
    }
  });
});

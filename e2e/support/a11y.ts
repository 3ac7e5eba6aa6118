import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';

/**
 * Runs axe-core on the page as it stands (every rule axe enables by default: WCAG 2.0-2.2 A
 * and AA, and best practices) and fails on any serious or critical violation, listing each
 * with the elements at fault; `within` narrows it to one part of the page. On a page whose clock the test has paused (page.clock), axe's
 * own timers need the clock to move: it is moved a millisecond at a time until axe is done.
 *
 * Legacy mode: axe runs and reports inside the page itself, instead of opening a blank page of
 * its own in the context to gather the results of every frame. Hearth's pages have no frames,
 * so nothing is lost, and each check saves opening, loading and closing that page: the layout
 * walk of the logged-out screens went from 230 s to 159 s (the e2e suite's longest part is axe).
 */
export async function expectNoSeriousAxeViolations(
  page: Page,
  where: string,
  { pausedClock = false, within }: { pausedClock?: boolean; within?: string | undefined } = {},
): Promise<void> {
  // Only violations are reported in full: axe skips gathering every node of the passed and
  // inapplicable rules, which the check never reads.
  const builder = new AxeBuilder({ page })
    .setLegacyMode(true)
    .options({ resultTypes: ['violations'] });
  if (within) builder.include(within);
  const analysis = builder.analyze();
  if (pausedClock) await tickUntilSettled(page, analysis, where);
  const { violations } = await analysis;
  const serious = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  if (serious.length === 0) return;
  const report = serious
    .map(
      (v) =>
        `- ${v.id} (${v.impact}): ${v.help}\n` +
        v.nodes
          .slice(0, 6)
          .map(
            (node) =>
              `    ${node.target.join(' ')}: ${node.failureSummary?.split('\n').slice(1).join(' ').trim()}`,
          )
          .join('\n'),
    )
    .join('\n');
  throw new Error(`${where}: ${serious.length} serious or critical axe violations\n${report}`);
}

/** The page never scrolls sideways: nothing is wider than the window. */
export async function expectNoHorizontalScroll(page: Page, where: string): Promise<void> {
  const { scrollWidth, innerWidth, widest } = await page.evaluate(() => {
    const root = document.scrollingElement ?? document.documentElement;
    // The element reaching furthest right, to name the culprit when there is one.
    let widest = '';
    let right = 0;
    for (const element of document.querySelectorAll('body *')) {
      const box = element.getBoundingClientRect();
      if (box.right > right && getComputedStyle(element).position !== 'fixed') {
        right = box.right;
        widest = `${element.tagName.toLowerCase()}.${element.className}`;
      }
    }
    return {
      scrollWidth: root.scrollWidth,
      innerWidth: window.innerWidth,
      widest: `${widest} (${right}px)`,
    };
  });
  if (scrollWidth > innerWidth) {
    throw new Error(
      `${where}: scrolls sideways (${scrollWidth} > ${innerWidth}); widest: ${widest}`,
    );
  }
}

/** Every open dialog and menu fits the window's width. */
export async function expectPanelsFitTheWindow(page: Page, where: string): Promise<void> {
  const outside = await page.evaluate(() =>
    [...document.querySelectorAll('[role="dialog"], [role="menu"]')]
      .map((panel) => ({ panel, box: panel.getBoundingClientRect() }))
      .filter(({ box }) => box.width > 0 && (box.left < 0 || box.right > window.innerWidth))
      .map(
        ({ panel, box }) =>
          `${panel.getAttribute('aria-label') ?? panel.id}: ${box.left}..${box.right}`,
      ),
  );
  if (outside.length > 0) {
    throw new Error(`${where}: panels wider than the window: ${outside.join(', ')}`);
  }
}

/** Moves a paused page clock on in 1 ms steps until `work` settles, at most `limitMs` in all. */
async function tickUntilSettled(page: Page, work: Promise<unknown>, where: string, limitMs = 1000) {
  let settled = false;
  work.then(
    () => {
      settled = true;
    },
    () => {
      settled = true;
    },
  );
  for (let elapsed = 0; !settled; elapsed++) {
    if (elapsed >= limitMs)
      throw new Error(`${where}: axe needed more than ${limitMs} ms of page time`);
    try {
      await page.clock.runFor(1);
    } catch (error) {
      // The clock is the context's, and outside legacy mode axe's analyze() opens a blank page
      // of its own in this context for its last step, then closes it: a tick that met that page
      // closing failed ("Target page, context or browser has been closed"; twice in loaded CI
      // runs). Our page is still open: tick again.
      if (page.isClosed()) throw error;
    }
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

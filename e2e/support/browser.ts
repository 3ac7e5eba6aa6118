import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { type Browser, chromium, type Page } from 'playwright-core';

export const screenshotDir = resolve(import.meta.dirname, '..', '..', '.test-artifacts', 'screens');

/**
 * Debian's Chromium, headless, with nothing reaching beyond this machine.
 * Playwright gives every launch a fresh, temporary user-data-dir of its own.
 */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: '/usr/bin/chromium',
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

export async function screenshot(page: Page, name: string, { fullPage = true } = {}) {
  mkdirSync(screenshotDir, { recursive: true });
  await page.screenshot({ path: join(screenshotDir, `${name}.png`), fullPage });
}

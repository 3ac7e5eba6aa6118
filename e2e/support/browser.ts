import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { type Browser, chromium, type Page } from 'playwright-core';

export const screenshotDir = resolve(import.meta.dirname, '..', '..', '.test-artifacts', 'screens');

/** Debian's Chromium, and the flags that keep it from reaching beyond this machine. */
export const CHROMIUM_PATH = '/usr/bin/chromium';
export const CHROMIUM_ARGS: readonly string[] = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/**
 * Debian's Chromium, headless, with nothing reaching beyond this machine.
 * Playwright gives every launch a fresh, temporary user-data-dir of its own.
 */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [...CHROMIUM_ARGS],
  });
}

export async function screenshot(page: Page, name: string, { fullPage = true } = {}) {
  mkdirSync(screenshotDir, { recursive: true });
  await page.screenshot({ path: join(screenshotDir, `${name}.png`), fullPage });
}

import { REGISTER_MESSAGES } from '@hearth/contract';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp } from './support/app.js';
import { launchBrowser, screenshot } from './support/browser.js';

let app: Awaited<ReturnType<typeof startApp>>;
let browser: Browser;

beforeAll(async () => {
  app = await startApp();
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

describe('what the browser downloads', () => {
  it('the page, its scripts and its styles arrive compressed', async () => {
    const context = await browser.newContext({ viewport: { width: 375, height: 800 } });
    const page = await context.newPage();
    const arrived: Array<{ url: string; type: string; encoding: string | undefined }> = [];
    page.on('response', async (response) => {
      const type = response.request().resourceType();
      if (!['document', 'script', 'stylesheet'].includes(type)) return;
      const headers = await response.allHeaders();
      arrived.push({ url: response.url(), type, encoding: headers['content-encoding'] });
    });
    await page.goto(`${app.url}/login`);
    await page.getByRole('button', { name: 'Log In' }).waitFor();
    await page.waitForLoadState('networkidle');
    // The login screen's own styles are inline in the page; the sign-up dialog's load with it.
    await page.getByRole('button', { name: 'Create Account' }).click();
    await page.getByRole('dialog', { name: 'Sign Up' }).waitFor();
    await page.waitForLoadState('networkidle');
    expect(arrived.map((r) => r.type)).toEqual(
      expect.arrayContaining(['document', 'script', 'stylesheet']),
    );
    // Chromium offers brotli over HTTPS and gzip over plain HTTP: either is compressed.
    for (const response of arrived) {
      expect(['br', 'gzip'], response.url).toContain(response.encoding);
    }
    await context.close();
  });
});

describe('the logged-out screens on a phone and in the dark theme', () => {
  for (const [width, theme] of [
    [375, 'light'],
    [375, 'dark'],
    [1280, 'dark'],
  ] as const) {
    it(`shows login and the sign-up modal at ${width} px, ${theme}`, async () => {
      const context = await browser.newContext({ viewport: { width, height: 800 } });
      await context.addCookies([
        { name: 'darkTheme', value: String(theme === 'dark'), url: app.url },
      ]);
      const page = await context.newPage();
      await page.goto(`${app.url}/login`);
      await page.getByRole('button', { name: 'Log In' }).waitFor();
      if (theme === 'dark') await page.locator('html.dark').waitFor({ state: 'attached' });
      await screenshot(page, `login-${width}-${theme}`);

      await page.getByRole('button', { name: 'Create Account' }).click();
      const dialog = page.getByRole('dialog', { name: 'Sign Up' });
      await dialog.getByRole('button', { name: 'Sign Up' }).click();
      // Pressing Sign Up with the first field focused submits (the blur must not make the press
      // miss the button), so every invalid field shows its message, not just the focused one.
      for (const message of [
        "What's your First name ?",
        "What's your Last name ?",
        REGISTER_MESSAGES.emailRequired,
        REGISTER_MESSAGES.genderRequired,
        REGISTER_MESSAGES.birthDate,
      ]) {
        await dialog.getByText(message).waitFor();
      }
      await screenshot(page, `signup-errors-${width}-${theme}`);

      await page.goto(`${app.url}/reset`);
      await page.getByRole('heading', { name: 'Find your Account' }).waitFor();
      await screenshot(page, `reset-${width}-${theme}`);
      await context.close();
    });
  }
});

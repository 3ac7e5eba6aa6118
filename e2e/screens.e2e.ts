import { REGISTER_MESSAGES } from '@hearth/contract';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, it } from 'vitest';
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

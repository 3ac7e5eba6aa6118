import { ROUTES, UI_MESSAGES } from '@hearth/contract';
import type { Page } from 'playwright-core';
import { isCallOf } from './support/api.js';
import * as layout from './support/layout-walk.js';
import { memberCookies, registerMember } from './support/members.js';

// The layout walk (support/layout-walk.ts) over what a visitor sees: logging in, signing up,
// resetting a password, and the popups of an activation link.

const walk = layout.startWalk();
let newcomers = 0;

/** Waits until `to` has received one more mail matching `pattern` than `before` counted. */
async function nextMailMatch(to: string, pattern: RegExp, before: number): Promise<string> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const matches = walk.mail.mails
      .filter((m) => m.to.includes(to))
      .map((m) => pattern.exec(m.text)?.[1])
      .filter((value): value is string => Boolean(value));
    if (matches.length > before) return matches[matches.length - 1]!;
    if (Date.now() > deadline) throw new Error(`No new mail to ${to} matching ${pattern}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

const RESET_CODE = /reset code is: ([A-Z0-9]{5})/;
const countMails = (to: string, pattern: RegExp) =>
  walk.mail.mails.filter((m) => m.to.includes(to) && pattern.test(m.text)).length;

async function resetFoundAccount(page: Page) {
  await page.goto(`${walk.app.url}/reset`);
  await page.getByPlaceholder('Email address or phone number').fill(walk.rita.email);
  await page.getByRole('button', { name: 'Search' }).click();
  await layout.heading(page, 'Reset Your Password').waitFor();
}

async function resetCodeSent(page: Page) {
  await resetFoundAccount(page);
  const before = countMails(walk.rita.email, RESET_CODE);
  await page.getByRole('button', { name: 'Send code via email' }).click();
  await layout.heading(page, 'Code verification').waitFor();
  return before;
}

/**
 * Opens an activation link and holds the 3-second redirect that follows its popup: the page's
 * clock stops as soon as the call answers (a busy machine could otherwise spend the 3 seconds
 * before the test pauses it), then moves on in small steps only until the popup shows.
 */
async function showActivationPopup(page: Page, link: string, message: string) {
  await page.clock.install();
  const answered = page.waitForResponse((response) =>
    isCallOf(ROUTES.activateAccount, response.url(), response.request().method()),
  );
  await page.goto(link);
  await answered;
  // The page's clock is its own (not this process's): stop it a moment ahead of where it is.
  const pageNow = await page.evaluate(() => Date.now());
  await page.clock.pauseAt(pageNow + 500);
  const popup = page.getByText(message);
  for (let pageMs = 0; !(await popup.isVisible()); pageMs += 10) {
    if (pageMs >= 2000) throw new Error(`'${message}' did not show within 2 s of page time`);
    await page.clock.runFor(10);
  }
}

const SCREENS: layout.Screen[] = [
  {
    name: 'login',
    as: 'visitor',
    widths: layout.EVERY_WIDTH,
    show: async ({ page }) => {
      await page.goto(`${walk.app.url}/login`);
      await page.getByRole('button', { name: 'Log In' }).waitFor();
    },
  },
  {
    name: 'signup-modal',
    as: 'visitor',
    widths: layout.PHONE_AND_WIDE,
    panel: layout.DIALOG,
    show: async ({ page }) => {
      await page.goto(`${walk.app.url}/login`);
      await page.getByRole('button', { name: 'Create Account' }).click();
      const dialog = page.getByRole('dialog', { name: 'Sign Up' });
      // Submitting it empty shows every field's message.
      await dialog.getByRole('button', { name: 'Sign Up' }).click();
      await dialog.getByText("What's your First name ?").waitFor();
    },
  },
  {
    name: 'reset-0-find',
    as: 'visitor',
    widths: layout.PHONE_AND_WIDE,
    show: async ({ page }) => {
      await page.goto(`${walk.app.url}/reset`);
      await layout.heading(page, 'Find your Account').waitFor();
    },
  },
  {
    name: 'reset-1-send',
    as: 'visitor',
    widths: layout.PHONE_AND_WIDE,
    show: async ({ page }) => resetFoundAccount(page),
  },
  {
    name: 'reset-2-code',
    as: 'visitor',
    widths: layout.WIDE,
    show: async ({ page }) => {
      await resetCodeSent(page);
    },
  },
  {
    name: 'reset-3-change',
    as: 'visitor',
    widths: layout.WIDE,
    show: async ({ page }) => {
      const before = await resetCodeSent(page);
      const code = await nextMailMatch(walk.rita.email, RESET_CODE, before);
      await page.getByPlaceholder('Code').fill(code);
      await page.getByRole('button', { name: 'Continue' }).click();
      await layout.heading(page, 'Change Password').waitFor();
    },
  },

  // Activation: a newcomer opens the link from their e-mail, or a link that is not theirs.
  {
    name: 'activation-success',
    as: 'visitor',
    widths: layout.WIDE,
    panel: layout.DIALOG,
    pausedClock: true,
    show: async ({ page, theme }) => {
      newcomers += 1;
      const url = walk.app.url;
      const newcomer = await registerMember(url, 'Nadia', `Okafor${'x'.repeat(newcomers)}`);
      const link = await nextMailMatch(newcomer.email, /(http:\/\/\S+\/activate\/[\w-]+)/, 0);
      await page.context().addCookies(memberCookies(url, newcomer, theme === 'dark'));
      await showActivationPopup(page, link, UI_MESSAGES.activationSuccess);
    },
  },
  {
    name: 'activation-failure',
    as: 'member',
    widths: layout.WIDE,
    panel: layout.DIALOG,
    pausedClock: true,
    show: async ({ page }) => {
      const link = `${walk.app.url}/activate/not-a-real-token`;
      await showActivationPopup(page, link, UI_MESSAGES.activationFailure);
    },
  },
];

layout.walkScreens(walk, 'logging in, signing up and activating', SCREENS);

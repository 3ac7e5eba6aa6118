import { API_PREFIX, ROUTES, SERVER_MESSAGES, UI_MESSAGES } from '@hearth/contract';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp } from './support/app.js';
import { launchBrowser, screenshot } from './support/browser.js';
import { startMailCatcher } from './support/smtp.js';

let app: Awaited<ReturnType<typeof startApp>>;
let mail: Awaited<ReturnType<typeof startMailCatcher>>;
let browser: Browser;
let page: Page;

const member = {
  first: 'Nadia',
  last: 'Okafor',
  email: 'nadia.okafor@example.test',
  password: 'first-secret',
  newPassword: 'second-secret',
};

beforeAll(async () => {
  mail = await startMailCatcher();
  app = await startApp({ SMTP_URL: mail.url });
  browser = await launchBrowser();
  page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
});

afterAll(async () => {
  await browser?.close();
  await app?.stop();
  await mail?.close();
});

async function logIn(email: string, password: string) {
  await page.getByPlaceholder('Email address or phone number').fill(email);
  await page.getByPlaceholder('Password').fill(password);
  await page.getByRole('button', { name: 'Log In' }).click();
}

/** The session token the page keeps in its `user` cookie. */
async function sessionToken(of: Page): Promise<string> {
  const cookie = (await of.context().cookies()).find((c) => c.name === 'user');
  return JSON.parse(decodeURIComponent(cookie?.value ?? '{}')).token;
}

/** What the server answers a call that needs a member, made with that token. */
async function statusWith(token: string): Promise<number> {
  const res = await fetch(`${app.url}${API_PREFIX}${ROUTES.getSearchHistory.path}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  await res.arrayBuffer();
  return res.status;
}

async function logOut() {
  await page.getByRole('button', { name: 'Account' }).click();
  await page.getByRole('button', { name: 'Logout' }).click();
  await page.getByRole('button', { name: 'Log In' }).waitFor();
}

describe('a newcomer’s account, from sign-up to a changed password', () => {
  it('signs up in the modal and lands on the home screen, unverified', async () => {
    await page.goto(`${app.url}/login`);
    await page.getByRole('button', { name: 'Log In' }).waitFor();
    await screenshot(page, 'login-1280');
    await page.getByRole('button', { name: 'Create Account' }).click();
    const dialog = page.getByRole('dialog', { name: 'Sign Up' });
    await dialog.waitFor();

    // Touching a field and leaving it empty shows its message.
    await dialog.getByPlaceholder('First name').focus();
    await dialog.getByPlaceholder('Surname').focus();
    await dialog.getByText("What's your First name ?").waitFor();

    await dialog.getByPlaceholder('First name').fill(member.first);
    await dialog.getByPlaceholder('Surname').fill(member.last);
    await dialog.getByPlaceholder('Mobile number or email address').fill(member.email);
    await dialog.getByPlaceholder('New password').fill(member.password);
    await dialog.getByLabel('Year').selectOption('1994');
    await dialog.getByLabel('Month').selectOption({ index: 4 });
    await dialog.getByLabel('Day').selectOption('17');
    await dialog.getByLabel('Female').check();
    await screenshot(page, 'signup-filled-1280');
    await dialog.getByRole('button', { name: 'Sign Up' }).click();

    await page.getByText(SERVER_MESSAGES.registerSuccess).waitFor();
    await page.waitForURL(`${app.url}/`, { timeout: 10_000 });
    await page.getByRole('link', { name: member.first, exact: true }).waitFor();
    await page.getByText(UI_MESSAGES.verifyBanner).waitFor();
    await screenshot(page, 'home-unverified-1280');
  });

  it('opens the activation link from the real e-mail and sees the success popup, then home', async () => {
    const link = await mail.waitFor(member.email, /(http:\/\/\S+\/activate\/[A-Za-z0-9_-]+)/);
    expect(link.startsWith(app.url)).toBe(true);
    await page.goto(link);
    await page.getByText(UI_MESSAGES.activationSuccess).waitFor();
    await screenshot(page, 'activation-success-1280');
    await page.waitForURL(`${app.url}/`, { timeout: 10_000 });
    await page.getByText(UI_MESSAGES.verifyBanner).waitFor({ state: 'detached' });
  });

  it('logs out, which ends the session on the server, and logs back in with the password', async () => {
    const token = await sessionToken(page);
    expect(await statusWith(token)).toBe(200);
    await logOut();
    expect(await statusWith(token)).toBe(401);
    await page.goto(`${app.url}/login`);
    await logIn(member.email, 'not-the-password');
    await page.getByText(SERVER_MESSAGES.invalidCredentials).waitFor();
    await logIn(member.email, member.password);
    await page.waitForURL(`${app.url}/`, { timeout: 10_000 });
    await page.getByRole('link', { name: member.first, exact: true }).waitFor();
    await logOut();
  });

  it('resets the password through the four steps with the mailed code', async () => {
    await page.goto(`${app.url}/reset`);
    await page.getByRole('heading', { name: 'Find your Account' }).waitFor();
    await screenshot(page, 'reset-0-find-1280');
    await page.getByPlaceholder('Email address or phone number').fill(member.email);
    await page.getByRole('button', { name: 'Search' }).click();

    await page.getByRole('heading', { name: 'Reset Your Password' }).waitFor();
    await page.getByText(member.email).first().waitFor();
    await screenshot(page, 'reset-1-send-1280');
    await page.getByRole('button', { name: 'Send code via email' }).click();

    await page.getByRole('heading', { name: 'Code verification' }).waitFor();
    const code = await mail.waitFor(member.email, /reset code is: ([A-Z0-9]{5})/);
    await page.getByPlaceholder('Code').fill(code);
    await screenshot(page, 'reset-2-code-1280');
    await page.getByRole('button', { name: 'Continue' }).click();

    await page.getByRole('heading', { name: 'Change Password' }).waitFor();
    await page.getByPlaceholder('New password').fill(member.newPassword);
    await page.getByPlaceholder('Confirm Password').fill(member.newPassword);
    await screenshot(page, 'reset-3-change-1280');
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.waitForURL(`${app.url}/login`, { timeout: 10_000 });
  });

  it('can no longer log in with the old password, and can with the new one', async () => {
    await logIn(member.email, member.password);
    await page.getByText(SERVER_MESSAGES.invalidCredentials).waitFor();
    await logIn(member.email, member.newPassword);
    await page.waitForURL(`${app.url}/`, { timeout: 10_000 });
    await page.getByRole('link', { name: member.first, exact: true }).waitFor();
  });

  it("'Log out of all devices' ends the session of another browser too", async () => {
    const other = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    try {
      await other.goto(`${app.url}/login`);
      await other.getByPlaceholder('Email address or phone number').fill(member.email);
      await other.getByPlaceholder('Password').fill(member.newPassword);
      await other.getByRole('button', { name: 'Log In' }).click();
      await other.waitForURL(`${app.url}/`, { timeout: 10_000 });
      const otherToken = await sessionToken(other);
      expect(await statusWith(otherToken)).toBe(200);

      await page.getByRole('button', { name: 'Account' }).click();
      await page.getByRole('button', { name: 'Settings & privacy' }).click();
      await page.getByRole('button', { name: 'Log out of all devices' }).click();
      await page.getByRole('button', { name: 'Log In' }).waitFor();
      expect(await statusWith(otherToken)).toBe(401);
      // The other browser finds out on its next call and shows the login screen.
      await other.reload();
      await other.getByRole('button', { name: 'Log In' }).waitFor();
    } finally {
      await other.close();
    }
  });
});

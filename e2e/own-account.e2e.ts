import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ACCOUNT_MESSAGES, ROUTES, SERVER_MESSAGES } from '@hearth/contract';
import { Secret, TOTP } from 'otpauth';
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectNoHorizontalScroll, expectNoSeriousAxeViolations } from './support/a11y.js';
import { screenshot } from './support/browser.js';
import { callAs, contextFor, createPost, type Member, registerMember } from './support/members.js';
import { useSuite } from './support/suite.js';
import { LONG, VIEWS, views } from './support/views.js';

/**
 * One's own account (issue 35): a member turns two-factor sign-in on with a code computed from
 * the key the page shows, logs in with a code and then with a recovery code; changes their
 * e-mail through the link mailed to the new address (real SMTP); logs out their other device
 * from 'Where you're logged in' and sees it logged out; downloads their information as a zip;
 * deletes their account, after which another member can no longer find them. The Settings page
 * (two-factor on) and the login's code step at 375 and 1280 px, light and dark, axe-clean.
 *
 * The member's own browser (`device`) stays open from one test to the next, as a member's
 * would: each flow starts where the one before left it.
 */
const suite = useSuite({ mail: true });

const POST_TEXT = 'Spring has come to the valley';
const NEW_EMAIL = 'tove.valley@example.test';

let member: Member;
let device: Page;
/** The key the page showed, as the member would type it into their app. */
let totp: TOTP;
let recoveryCodes: string[];

/** The code step of the login card. */
const codeStep = (page: Page) => page.getByRole('form', { name: 'Enter your code' });

/** The login form's first step; the code step shows when two-factor sign-in is on. */
async function logIn(page: Page, email: string, password: string) {
  await page.getByPlaceholder('Email address or phone number').fill(email);
  await page.getByPlaceholder('Password').fill(password);
  await page.getByRole('button', { name: 'Log In' }).click();
}

/** A code from the app, or a recovery code after 'Use a recovery code', then Continue. */
async function enterCode(page: Page, code: string, { recovery = false } = {}) {
  const step = codeStep(page);
  if (recovery) await step.getByRole('button', { name: 'Use a recovery code' }).click();
  await step.getByLabel(recovery ? 'Recovery code' : '6-digit code').fill(code);
  await step.getByRole('button', { name: 'Continue' }).click();
}

async function logOut(page: Page) {
  await page.getByRole('button', { name: 'Account', exact: true }).click();
  await page.getByRole('button', { name: 'Logout' }).click();
  await page.getByRole('button', { name: 'Log In' }).waitFor();
}

/** Logged in: the login page goes home; the account menu leads to Settings, as a member goes. */
async function loggedInToSettings(page: Page) {
  await page.waitForURL(`${suite.app.url}/`, { timeout: 10_000 });
  await page.getByRole('button', { name: 'Account', exact: true }).click();
  await page.getByRole('button', { name: 'Settings & privacy' }).click();
  await page.getByRole('link', { name: 'Settings', exact: true }).click();
  await page.getByRole('heading', { name: 'Settings', exact: true }).waitFor();
}

/**
 * `page` at the widths `VIEWS` looks at in its theme: no sideways scroll, axe-clean, and a
 * screenshot each.
 */
async function lookAt(page: Page, name: string, theme: 'light' | 'dark') {
  const widths = VIEWS.filter((view) => view.dark === (theme === 'dark')).map((v) => v.width);
  for (const width of widths) {
    await page.setViewportSize({ width, height: 900 });
    const where = `${name} at ${width} px, ${theme}`;
    expect(await page.locator('html.dark').count(), where).toBe(theme === 'dark' ? 1 : 0);
    await expectNoHorizontalScroll(page, where);
    await expectNoSeriousAxeViolations(page, where);
    await screenshot(page, `own-account-${name}-${width}-${theme}`);
  }
}

let lastStep = -1;

/**
 * The code an authenticator app would show for a step the server has not taken yet. It takes
 * each 30-second step's code once, and the steps either side of the current one too: after a
 * code of the current step, the next step's code is taken at once, so no test waits for the
 * clock unless three codes are asked for within one step (this file asks for two).
 */
async function freshCode(): Promise<string> {
  const step = Math.max(totp.counter(), lastStep + 1);
  while (step > totp.counter() + 1) {
    await new Promise((resolve) => setTimeout(resolve, totp.remaining() + 50));
  }
  lastStep = step;
  return totp.generate({ timestamp: step * totp.period * 1000 });
}

/** The member as the open browser holds them: its `user` cookie, their e-mail and password. */
async function memberIn(context: BrowserContext, email: string): Promise<Member> {
  const cookie = (await context.cookies()).find((c) => c.name === 'user');
  const user = JSON.parse(decodeURIComponent(cookie?.value ?? '{}'));
  return { ...user, message: '', email, password: member.password };
}

describe('one’s own account, from two-factor sign-in to deleting it', () => {
  it('turns two-factor sign-in on with the shown key, then logs in with a code and with a recovery code', async () => {
    const url = suite.app.url;
    member = await registerMember(url, 'Tove', 'Jansson', 'tove.jansson@example.test');
    await createPost(url, member, POST_TEXT);
    const context = await contextFor(suite.browser, url, member, { width: 1280 });
    device = await context.newPage();
    await device.goto(`${url}/settings`);

    const twoFactor = device.getByRole('region', { name: 'Two-factor sign-in' });
    await twoFactor.getByText('Off.', { exact: true }).waitFor();
    await twoFactor.getByRole('button', { name: 'Turn on' }).click();
    await twoFactor.getByLabel('Your password').fill(member.password);
    await twoFactor.getByRole('button', { name: 'Continue' }).click();
    await twoFactor.getByRole('img', { name: /^QR code of your two-factor key/ }).waitFor();
    // The key as the page shows it, in groups of four, typed into the app as shown.
    const key = await twoFactor
      .getByText(/^Cannot scan it\?/)
      .locator('code')
      .innerText();
    expect(key).toMatch(/^[A-Z2-7]{4}( [A-Z2-7]{1,4})+$/);
    await expectNoSeriousAxeViolations(device, 'two-factor set-up');
    await screenshot(device, 'own-account-two-factor-setup-1280-light');
    totp = new TOTP({ secret: Secret.fromBase32(key.replace(/\s+/g, '')) });
    await twoFactor.getByLabel('6-digit code from the app').fill(await freshCode());
    await twoFactor.getByRole('button', { name: 'Turn on' }).click();
    await twoFactor.getByText(ACCOUNT_MESSAGES.twoFactorOn).waitFor();
    recoveryCodes = await twoFactor
      .getByRole('list', { name: 'Your recovery codes' })
      .getByRole('listitem')
      .allInnerTexts();
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    await screenshot(device, 'own-account-recovery-codes-1280-light');
    await twoFactor.getByRole('button', { name: 'I saved them' }).click();
    await twoFactor.getByText('10 recovery codes left.').waitFor();

    // The password alone no longer logs in: the code step asks for the app's code.
    await logOut(device);
    await logIn(device, member.email, member.password);
    await codeStep(device).getByLabel('6-digit code').waitFor();
    await enterCode(device, await freshCode());
    await loggedInToSettings(device);
    await twoFactor.getByText('On.', { exact: true }).waitFor();

    await logOut(device);
    await logIn(device, member.email, member.password);
    await enterCode(device, recoveryCodes[0] as string, { recovery: true });
    await loggedInToSettings(device);
    // That recovery code is spent.
    await twoFactor.getByText('9 recovery codes left.').waitFor();
  });

  it('changes the e-mail address through the link mailed to the new one', async () => {
    const email = device.getByRole('region', { name: 'E-mail' });
    await email.getByLabel('New e-mail address').fill(NEW_EMAIL);
    await email.getByLabel('Your password').fill(member.password);
    await email.getByRole('button', { name: 'Send link' }).click();
    await email.getByText(ACCOUNT_MESSAGES.emailChangeSent).waitFor();
    await email.getByText(`Waiting for you to open the link we sent to ${NEW_EMAIL}`).waitFor();

    const link = await suite.mail.waitFor(
      NEW_EMAIL,
      /(http:\/\/\S+\/confirm-email\/[A-Za-z0-9_-]+)/,
    );
    expect(link.startsWith(suite.app.url)).toBe(true);
    await device.goto(link);
    await device.getByText(ACCOUNT_MESSAGES.emailChanged).waitFor();
    await device.getByText(`From now on you log in with ${NEW_EMAIL}.`).waitFor();
    // The old address is told.
    await suite.mail.waitFor(member.email, /(was just changed to tove\.valley@example\.test)/);

    await device.getByRole('link', { name: 'Go to Settings' }).click();
    await device.getByRole('heading', { name: 'Settings', exact: true }).waitFor();
    await logOut(device);
    await logIn(device, member.email, member.password);
    await device.getByText(SERVER_MESSAGES.invalidCredentials).waitFor();
    await logIn(device, NEW_EMAIL, member.password);
    await enterCode(device, recoveryCodes[1] as string, { recovery: true });
    await loggedInToSettings(device);
    await device.getByText(`Your e-mail address is ${NEW_EMAIL}`).waitFor();
    member = await memberIn(device.context(), NEW_EMAIL);
  });

  it('logs out another device from Where you’re logged in: that device shows the login', async () => {
    const phone = await suite.browser.newPage({ viewport: { width: 375, height: 800 } });
    try {
      await phone.goto(`${suite.app.url}/login`);
      await logIn(phone, NEW_EMAIL, member.password);
      await enterCode(phone, recoveryCodes[2] as string, { recovery: true });
      await phone.waitForURL(`${suite.app.url}/`, { timeout: 10_000 });
      await phone.getByRole('button', { name: /^Notifications/ }).waitFor();

      await device.reload();
      const sessions = device.getByRole('region', { name: "Where you're logged in" });
      const rows = sessions.getByRole('list', { name: 'Your sessions' }).getByRole('listitem');
      await expect.poll(() => rows.count()).toBe(2);
      await rows.filter({ hasText: 'This device' }).waitFor();
      const other = rows.filter({ hasNotText: 'This device' });
      await other.getByText('IP address 127.0.0.1').waitFor();
      await other.getByRole('button', { name: /^Log out / }).click();
      await sessions.getByText(ACCOUNT_MESSAGES.sessionEnded).waitFor();
      await sessions.getByText("You're not logged in anywhere else.").waitFor();
      expect(await rows.count()).toBe(1);

      // The phone's open page is told at once: it shows the login, without a reload.
      await phone.getByRole('button', { name: 'Log In' }).waitFor({ timeout: 5_000 });
    } finally {
      await phone.context().close();
    }
  });

  it('reads well at 375 and 1280 px, light and dark: Settings with two-factor on, the code step', async () => {
    const url = suite.app.url;
    // One theme in turn by default (views.ts), both with --long.
    for (const dark of LONG ? [false, true] : views().map((view) => view.dark)) {
      const theme = dark ? 'dark' : 'light';
      // One page per theme (the theme is read as the page loads), looked at in both widths.
      const settings = await suite.pageAs(member, { width: 375, dark });
      await settings.goto(`${url}/settings`);
      await settings.getByText('7 recovery codes left.').waitFor();
      await settings.getByRole('list', { name: 'Your sessions' }).waitFor();
      await settings.getByText("You haven't asked for a copy yet.").waitFor();
      await lookAt(settings, 'settings', theme);

      // Logged out, in the theme of their choice: the password, then the code step.
      const context = await suite.browser.newContext({ viewport: { width: 375, height: 900 } });
      await context.addCookies([{ name: 'darkTheme', value: String(dark), url }]);
      const login = await context.newPage();
      await login.goto(`${url}/login`);
      await logIn(login, NEW_EMAIL, member.password);
      await codeStep(login).getByLabel('6-digit code').waitFor();
      await lookAt(login, 'login-code', theme);
      await context.close();
    }
  });

  it('downloads their information as a zip holding their profile and posts', async () => {
    const information = device.getByRole('region', { name: 'Download your information' });
    await information.getByRole('button', { name: 'Request a download' }).click();
    await information.getByText(ACCOUNT_MESSAGES.exportRequested).waitFor();
    // The server's worker builds it; the page reads the list again until it is ready.
    const download = information.getByRole('button', { name: /^Download the copy requested / });
    await download.waitFor({ timeout: 20_000 });
    await information.getByText(ACCOUNT_MESSAGES.exportReady).waitFor();

    const [saved] = await Promise.all([device.waitForEvent('download'), download.click()]);
    expect(saved.suggestedFilename()).toMatch(/^hearth-[a-z0-9]+-\d{4}-\d{2}-\d{2}\.zip$/);
    const folder = mkdtempSync(join(tmpdir(), 'hearth-own-account-'));
    try {
      const zip = join(folder, 'export.zip');
      await saved.saveAs(zip);
      // A standard unzip opens it.
      const files = execFileSync('unzip', ['-Z1', zip], { encoding: 'utf8' }).split('\n');
      expect(files).toEqual(expect.arrayContaining(['profile.json', 'posts.json']));
      const read = (name: string) =>
        JSON.parse(execFileSync('unzip', ['-p', zip, name], { encoding: 'utf8' }));
      expect(read('profile.json')).toMatchObject({
        username: member.username,
        email: NEW_EMAIL,
        firstName: 'Tove',
        lastName: 'Jansson',
      });
      const { posts } = read('posts.json') as { posts: { text: string }[] };
      expect(posts.map((post) => post.text)).toEqual([POST_TEXT]);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });

  it('deletes the account with the password and a code: nobody finds them any more', async () => {
    const url = suite.app.url;
    const omar = await registerMember(url, 'Omar', 'Seeker', 'omar.seeker@example.test');
    const found = await callAs(url, omar, ROUTES.search, { params: { searchTerm: 'Jansson' } });
    expect(found.map((user) => user.username)).toEqual([member.username]);

    await device
      .getByRole('region', { name: 'Delete my account' })
      .getByRole('button', { name: 'Delete my account' })
      .click();
    const dialog = device.getByRole('dialog', { name: 'Delete your account?' });
    await dialog.getByLabel('Your password').fill(member.password);
    await dialog
      .getByLabel('Code from your authenticator app, or a recovery code')
      .fill(recoveryCodes[3] as string);
    await dialog.getByRole('button', { name: 'Delete my account' }).click();
    await device.getByText(ACCOUNT_MESSAGES.accountDeleted).waitFor();
    expect(new URL(device.url()).pathname).toBe('/login');
    await device.getByRole('button', { name: 'Log In' }).waitFor();

    // Omar's search finds nobody, and the profile's address leads to his own.
    const page = await suite.pageAs(omar, { width: 1280 });
    await page.goto(`${url}/profile/${member.username}`);
    await page.waitForURL(`${url}/profile`);
    await page.getByRole('heading', { name: 'Omar Seeker' }).waitFor();
    await page.getByRole('combobox', { name: 'Search Hearth' }).click();
    await page.getByRole('combobox', { name: 'Search Hearth' }).pressSequentially('Jansson');
    await page.getByText('No results for “Jansson”').waitFor();
  });
});

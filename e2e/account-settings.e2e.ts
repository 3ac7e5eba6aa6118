import { ACCOUNT_MESSAGES, ROUTES } from '@hearth/contract';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectNoHorizontalScroll, expectNoSeriousAxeViolations } from './support/a11y.js';
import { callApi } from './support/api.js';
import { screenshot } from './support/browser.js';
import { logIn, type Member, registerMember } from './support/members.js';
import { useSuite } from './support/suite.js';
import { views } from './support/views.js';

/**
 * One's own account (issue 35, first slice): a member changes their name on the Settings page
 * (the header shows it at once) and their password (another device of theirs, open meanwhile, is
 * logged out at once; a mail tells them). Screens on a phone and a desktop, light and dark (views.ts), axe-clean.
 */
const suite = useSuite({ mail: true });

const NEW_PASSWORD = 'a-better-password';
let member: Member;

function login(email: string, password: string): Promise<Member> {
  return logIn(suite.app.url, email, password);
}

describe('the Settings page', () => {
  it('is reached from Settings & privacy → Settings', async () => {
    member = await registerMember(suite.app.url, 'Lena', 'Oldname', 'lena.oldname@example.test');
    const page = await suite.pageAs(member, { width: 1280 });
    await page.goto(suite.app.url);
    await page.getByRole('button', { name: 'Account' }).click();
    await page.getByRole('button', { name: 'Settings & privacy' }).click();
    await page.getByRole('link', { name: 'Settings', exact: true }).click();
    await page.getByRole('heading', { name: 'Settings', exact: true }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/settings');
  });

  it('changes the name: the header shows it at once, and search finds it', async () => {
    const page = await suite.pageAs(member, { width: 1280 });
    await page.goto(`${suite.app.url}/settings`);
    const surname = page.getByLabel('Surname');
    await surname.waitFor();
    expect(await surname.inputValue()).toBe('Oldname');
    await page.getByLabel('First name').fill('Helena');
    await surname.fill('  Newname ');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText(ACCOUNT_MESSAGES.nameChanged).waitFor();
    expect(await surname.inputValue()).toBe('Newname');
    // The header's own chip shows the new first name without a reload.
    await page.getByRole('banner').getByText('Helena', { exact: true }).waitFor();
    const other = await registerMember(suite.app.url, 'Omar', 'Finder', 'omar.finder@example.test');
    const found = await callApi(suite.app.url, other.token, ROUTES.search, {
      params: { searchTerm: 'Newname' },
    });
    expect(found.map((user) => `${user.first_name} ${user.last_name}`)).toEqual(['Helena Newname']);
  });

  it('changes the password: another open device is logged out at once, the mail says so', async () => {
    const otherDevice = await suite.pageAs(await login(member.email, member.password), {
      width: 375,
    });
    await otherDevice.goto(suite.app.url);
    await otherDevice.getByRole('button', { name: /^Notifications/ }).waitFor();

    const page = await suite.pageAs(member, { width: 1280 });
    await page.goto(`${suite.app.url}/settings`);
    await page.getByLabel('Current password').fill(member.password);
    await page.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
    await page.getByLabel('Confirm new password').fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Change password' }).click();
    await page.getByText(ACCOUNT_MESSAGES.passwordChanged).waitFor();
    expect(await page.getByLabel('Current password').inputValue()).toBe('');

    await otherDevice.getByRole('button', { name: 'Log In' }).waitFor({ timeout: 5_000 });
    // This device stays signed in.
    await page.reload();
    await page.getByRole('heading', { name: 'Settings', exact: true }).waitFor();

    await suite.mail.waitFor(member.email, /(password[^\n]*changed|changed[^\n]*password)/i);
    await expect(login(member.email, member.password)).rejects.toThrow('400');
    member = await login(member.email, NEW_PASSWORD);
  });

  it('refuses a wrong current password with a sentence', async () => {
    const page = await suite.pageAs(member, { width: 1280 });
    await page.goto(`${suite.app.url}/settings`);
    await page.getByLabel('Current password').fill('not-my-password');
    await page.getByLabel('New password', { exact: true }).fill('another-password');
    await page.getByLabel('Confirm new password').fill('another-password');
    await page.getByRole('button', { name: 'Change password' }).click();
    await page.getByText(ACCOUNT_MESSAGES.currentPasswordWrong).waitFor();
  });

  it('reads well on a phone and a desktop, light and dark (views.ts)', async () => {
    for (const { width, dark } of views()) {
      const page: Page = await suite.pageAs(member, { width, dark });
      await page.goto(`${suite.app.url}/settings`);
      await page.getByRole('button', { name: 'Change password' }).waitFor();
      const where = `settings at ${width} px, ${dark ? 'dark' : 'light'}`;
      expect(await page.locator('html.dark').count(), where).toBe(dark ? 1 : 0);
      await expectNoHorizontalScroll(page, where);
      await expectNoSeriousAxeViolations(page, where);
      await screenshot(page, `settings-${width}-${dark ? 'dark' : 'light'}`);
      await page.context().close();
    }
  });
});

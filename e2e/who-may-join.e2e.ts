import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';
import { SERVER_MESSAGES, SIGNUP_MESSAGES } from '@hearth/contract';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectNoHorizontalScroll, expectNoSeriousAxeViolations } from './support/a11y.js';
import { screenshot } from './support/browser.js';
import { logIn as logInByApi, type Member, registerMember } from './support/members.js';
import { useSuite } from './support/suite.js';
import { views } from './support/views.js';

/**
 * A new host takes charge (issue: who may join): the first admin from the host's command line,
 * approval mode with rules, an applicant who waits, a moderator who approves, then invite mode
 * with a link that opens the sign-up with its code. Each screen at 375 and 1280 px, light and
 * dark, checked by axe and photographed.
 */
const suite = useSuite({ mail: true });
const repoRoot = resolve(import.meta.dirname, '..');

const RULES = ['Be kind to one another.', 'No advertising.'];
const newcomer = { first: 'Ines', last: 'Moreau', email: 'ines.moreau@example.test' };
const invited = { first: 'Tariq', last: 'Haddad', email: 'tariq.haddad@example.test' };
const PASSWORD = 'a-good-password';

let ada: Member;
let grace: Member;

/** `npm run admin -- …` as the host types it, on the running server's database. */
function adminCommand(...args: string[]) {
  const run = spawnSync('npm', ['run', '--silent', 'admin', '--', ...args], {
    cwd: repoRoot,
    env: { ...process.env, ...suite.app.env, NODE_ENV: 'test' },
    encoding: 'utf8',
    timeout: 90_000,
  });
  return { status: run.status, output: `${run.stdout}${run.stderr}` };
}

/** A fresh visitor's page (no session), light or dark. */
async function visitorPage(width: number, dark = false): Promise<Page> {
  const context = await suite.browser.newContext({ viewport: { width, height: 900 } });
  await context.addCookies([{ name: 'darkTheme', value: String(dark), url: suite.app.url }]);
  return context.newPage();
}

async function logIn(page: Page, email: string, password: string) {
  await page.goto(`${suite.app.url}/login`);
  await page.getByPlaceholder('Email address or phone number').fill(email);
  await page.getByPlaceholder('Password').fill(password);
  await page.getByRole('button', { name: 'Log In' }).click();
}

/** Fills the sign-up modal's spec fields. */
async function fillSignUp(page: Page, who: { first: string; last: string; email: string }) {
  const dialog = page.getByRole('dialog', { name: 'Sign Up' });
  await dialog.getByPlaceholder('First name').fill(who.first);
  await dialog.getByPlaceholder('Surname').fill(who.last);
  await dialog.getByPlaceholder('Mobile number or email address').fill(who.email);
  await dialog.getByPlaceholder('New password').fill(PASSWORD);
  await dialog.getByLabel('Year').selectOption('1992');
  await dialog.getByLabel('Month').selectOption({ index: 2 });
  await dialog.getByLabel('Day').selectOption('9');
  await dialog.getByLabel('Female').check();
  return dialog;
}

/** The page as it stands at both widths and in both themes: no sideways scroll, axe-clean. */
async function lookAt(name: string, open: (width: number, dark: boolean) => Promise<Page>) {
  for (const { width, dark } of views()) {
    const page = await open(width, dark);
    const where = `${name} at ${width} px, ${dark ? 'dark' : 'light'}`;
    expect(await page.locator('html.dark').count(), where).toBe(dark ? 1 : 0);
    await expectNoHorizontalScroll(page, where);
    await expectNoSeriousAxeViolations(page, where);
    await screenshot(page, `join-${name}-${width}-${dark ? 'dark' : 'light'}`);
    await page.context().close();
  }
}

describe('a new host decides who may join', () => {
  it('makes the first admin with npm run admin, which says so, and names an unknown e-mail', async () => {
    ada = await registerMember(suite.app.url, 'Ada', 'Host', 'ada.host@example.test');
    grace = await registerMember(suite.app.url, 'Grace', 'Keeper', 'grace.keeper@example.test');
    expect(ada.role).toBe('member');

    const unknown = adminCommand('grant', 'admin', 'nobody@example.test');
    expect(unknown.status).toBe(1);
    expect(unknown.output).toContain('No account has the e-mail nobody@example.test');

    const granted = adminCommand('grant', 'admin', 'ADA.host@example.test');
    expect(granted.status, granted.output).toBe(0);
    expect(granted.output).toContain('is now admin');
    // Her next login carries the role.
    const login = await logInByApi(suite.app.url, ada.email, ada.password);
    expect(login.role).toBe('admin');
    ada = login;
  });

  it('signs in as admin, sees the Moderation entry, and sets approval mode with rules', async () => {
    const page = await (
      await suite.browser.newContext({ viewport: { width: 1280, height: 900 } })
    ).newPage();
    await logIn(page, ada.email, ada.password);
    await page.getByRole('link', { name: 'Moderation' }).click();
    await page.waitForURL(/\/admin/);
    await page
      .getByRole('navigation', { name: 'Moderation' })
      .getByRole('link', { name: 'Settings' })
      .click();
    const form = page.getByRole('form', { name: 'Server settings' });
    await form.waitFor();
    await form.getByRole('radio', { name: /Approval/ }).check();
    await form.getByLabel('Server name').fill('Riverside');
    for (const [index, rule] of RULES.entries()) {
      await form.getByRole('button', { name: 'Add a rule' }).click();
      await form.getByLabel(`Rule ${index + 1}`, { exact: true }).fill(rule);
    }
    await form.getByRole('button', { name: 'Save' }).click();
    await form.getByText('Saved').waitFor();
    await page.context().close();

    // The public answer says so at once.
    const about = await (await fetch(`${suite.app.url}/api/v1/about`)).json();
    expect(about).toMatchObject({ name: 'Riverside', signupMode: 'approval', rules: RULES });
  });

  it('lets an applicant read the rules, agree, say why, and wait; their login is refused', async () => {
    const page = await visitorPage(1280);
    await page.goto(`${suite.app.url}/login`);
    await page.getByRole('link', { name: 'About Riverside' }).click();
    await page.getByRole('heading', { name: 'Riverside' }).waitFor();
    await page.getByText(RULES[0] as string).waitFor();

    await page.goto(`${suite.app.url}/login`);
    await page.getByRole('button', { name: 'Create Account' }).click();
    const dialog = await fillSignUp(page, newcomer);
    for (const rule of RULES) await dialog.getByText(rule).waitFor();
    await dialog.getByRole('button', { name: 'Sign Up' }).click();
    // Neither the reason nor the agreement was given: the form says what is missing.
    await dialog.getByText(SIGNUP_MESSAGES.reasonRequired).waitFor();
    await dialog.getByText(SIGNUP_MESSAGES.rulesRequired).waitFor();
    await dialog
      .getByLabel('Why do you want to join?')
      .fill('I live by the river and run the book club.');
    await dialog.getByLabel('I agree to the server rules').check();
    await dialog.getByRole('button', { name: 'Sign Up' }).click();
    await page.getByText(SIGNUP_MESSAGES.awaitingApproval).waitFor();
    await screenshot(page, 'join-applicant-waiting-1280');
    // No session was stored: the browser holds no `user` cookie.
    expect((await page.context().cookies()).some((c) => c.name === 'user')).toBe(false);

    await logIn(page, newcomer.email, PASSWORD);
    await page.getByText(SIGNUP_MESSAGES.loginPending).waitFor();
    await page.context().close();
  });

  it('has the admin make Grace a moderator in the app, and Grace approves the applicant', async () => {
    const adminPage = await (
      await suite.browser.newContext({ viewport: { width: 1280, height: 900 } })
    ).newPage();
    await logIn(adminPage, ada.email, ada.password);
    await adminPage.waitForURL(`${suite.app.url}/`);
    await adminPage.goto(`${suite.app.url}/admin/members`);
    await adminPage.getByLabel('Role of Grace Keeper').selectOption('moderator');
    await expect
      .poll(async () => adminPage.getByLabel('Role of Grace Keeper').inputValue())
      .toBe('moderator');
    await adminPage.context().close();

    const page = await (
      await suite.browser.newContext({ viewport: { width: 1280, height: 900 } })
    ).newPage();
    await logIn(page, grace.email, grace.password);
    // The Moderation button counts what waits (the application), and leads to the reports first.
    await page.getByRole('link', { name: 'Moderation, 1 waiting' }).click();
    await page
      .getByRole('navigation', { name: 'Moderation' })
      .getByRole('link', { name: 'Applications' })
      .click();
    const applications = page.getByRole('list', { name: 'Applications' });
    await applications.getByText('I live by the river and run the book club.').waitFor();
    await applications.getByText(newcomer.email).waitFor();
    await screenshot(page, 'join-applications-1280');
    await applications.getByRole('button', { name: 'Approve Ines Moreau' }).click();
    const confirm = page.getByRole('dialog');
    await confirm.getByRole('button', { name: 'Approve' }).click();
    await applications.getByText(newcomer.email).waitFor({ state: 'detached' });
    // Grace is a moderator, not an admin: no Settings in her moderation area.
    await expect
      .poll(() =>
        page
          .getByRole('navigation', { name: 'Moderation' })
          .getByRole('link', { name: 'Settings' })
          .count(),
      )
      .toBe(0);
    await page.context().close();
  });

  it('mails the approved applicant, who now logs in and lands on the home screen', async () => {
    const link = await suite.mail.waitFor(
      newcomer.email,
      /(http:\/\/\S+\/activate\/[A-Za-z0-9_-]+)/,
    );
    expect(link.startsWith(suite.app.url)).toBe(true);
    const page = await visitorPage(1280);
    await logIn(page, newcomer.email, PASSWORD);
    await page.waitForURL(`${suite.app.url}/`, { timeout: 10_000 });
    await page.getByRole('link', { name: newcomer.first, exact: true }).waitFor();
    await page.context().close();
  });

  it('switches to invite mode: an invite link opens the sign-up with its code, and it works', async () => {
    const adminPage = await (
      await suite.browser.newContext({ viewport: { width: 1280, height: 900 } })
    ).newPage();
    await logIn(adminPage, ada.email, ada.password);
    await adminPage.waitForURL(`${suite.app.url}/`);
    await adminPage.goto(`${suite.app.url}/admin/settings`);
    const form = adminPage.getByRole('form', { name: 'Server settings' });
    await form.getByRole('radio', { name: /Invite only/ }).check();
    await form.getByRole('button', { name: 'Save' }).click();
    await form.getByText('Saved').waitFor();
    await adminPage.goto(`${suite.app.url}/admin/invites`);
    const newInvite = adminPage.getByRole('form', { name: 'New invite link' });
    await newInvite.getByLabel('Sign-ups').fill('1');
    await newInvite.getByLabel('Days').fill('7');
    await newInvite.getByRole('button', { name: 'Make invite link' }).click();
    const url = await newInvite.getByLabel('Your new invite link').inputValue();
    expect(url).toMatch(new RegExp(`^${suite.app.url}/\\?invite=[A-Za-z0-9]+$`));
    await screenshot(adminPage, 'join-invites-1280');
    await adminPage.context().close();

    const page = await visitorPage(375);
    await page.goto(url);
    const dialog = page.getByRole('dialog', { name: 'Sign Up' });
    await dialog.waitFor();
    const code = new URL(url).searchParams.get('invite');
    await expect.poll(() => dialog.getByLabel('Invite code').inputValue()).toBe(code);
    await screenshot(page, 'join-invite-signup-375');
    await fillSignUp(page, invited);
    await dialog.getByLabel('I agree to the server rules').check();
    await dialog.getByRole('button', { name: 'Sign Up' }).click();
    await page.getByText(SERVER_MESSAGES.registerSuccess).waitFor();
    await page.waitForURL(`${suite.app.url}/`, { timeout: 10_000 });
    await page.context().close();

    // The link had one use: a second sign-up with it is refused.
    const again = await fetch(`${suite.app.url}/api/v1/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        first_name: 'Second',
        last_name: 'Try',
        email: 'second.try@example.test',
        password: PASSWORD,
        bYear: 1990,
        bMonth: 1,
        bDay: 1,
        gender: 'male',
        invite: code,
      }),
    });
    expect(again.status).toBe(400);
    expect((await again.json()).message).toBe(SIGNUP_MESSAGES.inviteInvalid);
  });

  // One test per screen (four views each, axe included), so that a loaded machine's slower
  // pages stay within each test's time.
  it('reads well on a phone and a desktop, light and dark (views.ts): about', async () => {
    await lookAt('about', async (width, dark) => {
      const page = await visitorPage(width, dark);
      await page.goto(`${suite.app.url}/about`);
      await page.getByRole('heading', { name: 'Riverside' }).waitFor();
      return page;
    });
  });
  it('reads well on a phone and a desktop, light and dark (views.ts): sign-up with an invite code', async () => {
    await lookAt('signup', async (width, dark) => {
      const page = await visitorPage(width, dark);
      await page.goto(`${suite.app.url}/login`);
      await page.getByRole('button', { name: 'Create Account' }).click();
      await page.getByRole('dialog', { name: 'Sign Up' }).getByLabel('Invite code').waitFor();
      return page;
    });
  });
  it.each([
    ['applications', '/admin/applications', 'navigation', 'Moderation'],
    ['settings', '/admin/settings', 'form', 'Server settings'],
    ['members', '/admin/members', 'list', 'Members'],
  ] as const)(
    'reads well on a phone and a desktop, light and dark (views.ts): %s',
    async (name, path, role, ready) => {
      await lookAt(name, async (width, dark) => {
        const page = await suite.pageAs(ada, { width, dark });
        await page.goto(`${suite.app.url}${path}`);
        await page.getByRole(role, { name: ready }).waitFor();
        return page;
      });
    },
  );
});

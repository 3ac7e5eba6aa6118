import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';
import { MODERATION_MESSAGES, REPORT_MESSAGES, ROUTES, SIGNUP_MESSAGES } from '@hearth/contract';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectNoHorizontalScroll, expectNoSeriousAxeViolations } from './support/a11y.js';
import { callApi } from './support/api.js';
import { screenshot } from './support/browser.js';
import { createPost, logIn, type Member, registerMember } from './support/members.js';
import { useSuite } from './support/suite.js';
import { views } from './support/views.js';

/**
 * Reports and what moderators do (issue: hosts in charge): a member reports a post, the
 * moderator removes it with a reason from the queue, the author reads why (bell and a real
 * e-mail), the reporter reads the outcome in the Support Inbox, and the admin reads the audit
 * log. Each screen on a phone and a desktop, light and dark (views.ts), axe-clean.
 */
const suite = useSuite({ mail: true, env: { RATE_LIMIT_SIGNUP_IP: '1000' } });
const repoRoot = resolve(import.meta.dirname, '..');

const SPAM = 'Cheap watches, only today, write to me';
const REASON = 'Advertising is not allowed here (rule 2).';
const SECOND = 'Still selling watches, ask me in private';
const SUSPENSION = 'Advertising again after a removal and a warning.';

let admin: Member;
let moderator: Member;
let author: Member;
let reporter: Member;

/** `npm run admin -- …` on the running server's database, then a fresh login carrying the role. */
async function withRole(member: Member, role: 'admin' | 'moderator'): Promise<Member> {
  const run = spawnSync('npm', ['run', '--silent', 'admin', '--', 'grant', role, member.email], {
    cwd: repoRoot,
    env: { ...process.env, ...suite.app.env, NODE_ENV: 'test' },
    encoding: 'utf8',
    timeout: 90_000,
  });
  expect(run.status, `${run.stdout}${run.stderr}`).toBe(0);
  const login = await logIn(suite.app.url, member.email, member.password);
  expect(login.role).toBe(role);
  return login;
}

async function lookAt(
  name: string,
  as: Member,
  path: string,
  ready: (page: Page) => Promise<void>,
) {
  for (const { width, dark } of views()) {
    const page = await suite.pageAs(as, { width, dark });
    await page.goto(`${suite.app.url}${path}`);
    await ready(page);
    const where = `${name} at ${width} px, ${dark ? 'dark' : 'light'}`;
    expect(await page.locator('html.dark').count(), where).toBe(dark ? 1 : 0);
    await expectNoHorizontalScroll(page, where);
    await expectNoSeriousAxeViolations(page, where);
    await screenshot(page, `reports-${name}-${width}-${dark ? 'dark' : 'light'}`);
    await page.context().close();
  }
}

describe('a member reports a post and a moderator removes it', () => {
  it('sets up a network with an admin and a moderator', async () => {
    admin = await withRole(
      await registerMember(suite.app.url, 'Ada', 'Host', 'ada.host@example.test'),
      'admin',
    );
    moderator = await withRole(
      await registerMember(suite.app.url, 'Grace', 'Keeper', 'grace.keeper@example.test'),
      'moderator',
    );
    author = await registerMember(suite.app.url, 'Sam', 'Seller', 'sam.seller@example.test');
    reporter = await registerMember(suite.app.url, 'Cara', 'Reader', 'cara.reader@example.test');
    await callApi(suite.app.url, reporter.token, ROUTES.follow, { params: { id: author.id } });
    await createPost(suite.app.url, author, SPAM);
  });

  it('lets the reporter report the post from its menu, and says thanks; a second report is refused', async () => {
    const page = await suite.pageAs(reporter, { width: 1280 });
    await page.goto(suite.app.url);
    const card = page.getByRole('article').filter({ hasText: SPAM });
    await card.getByRole('button', { name: 'Post options' }).click();
    await page.getByRole('menuitem', { name: 'Report post' }).click();
    const dialog = page.getByRole('dialog', { name: 'Report post' });
    await dialog.getByRole('radio', { name: 'Spam' }).check();
    await dialog.getByLabel('Details (optional)').fill('The same advert in every group.');
    await screenshot(page, 'reports-dialog-1280');
    await dialog.getByRole('button', { name: 'Submit' }).click();
    await dialog.getByText(REPORT_MESSAGES.reported).waitFor();
    await dialog.getByRole('button', { name: 'Done' }).click();

    await card.getByRole('button', { name: 'Post options' }).click();
    await page.getByRole('menuitem', { name: 'Report post' }).click();
    await dialog.getByRole('radio', { name: 'Spam' }).check();
    await dialog.getByRole('button', { name: 'Submit' }).click();
    await dialog.getByText(REPORT_MESSAGES.alreadyReported).waitFor();
  });

  it('shows the moderator the count and the report with the post as reported; Remove with a reason', async () => {
    const page = await suite.pageAs(moderator, { width: 1280 });
    await page.goto(suite.app.url);
    await page.getByRole('link', { name: 'Moderation, 1 waiting' }).click();
    const open = page.getByRole('list', { name: 'Open reports' });
    const report = open.getByRole('article', { name: 'Post by Sam Seller' });
    await report.getByText(SPAM).waitFor();
    await report.getByText('The same advert in every group.').waitFor();
    await screenshot(page, 'reports-queue-1280');
    await report.getByRole('button', { name: 'Remove' }).click();
    const confirm = page.getByRole('dialog', { name: 'Remove this post?' });
    await confirm.getByLabel('Reason', { exact: true }).fill(REASON);
    await confirm.getByRole('button', { name: 'Remove' }).click();
    await report.waitFor({ state: 'detached' });
    await page.getByRole('tab', { name: 'Resolved' }).click();
    await page
      .getByRole('list', { name: 'Resolved reports' })
      .getByText(REASON, { exact: false })
      .first()
      .waitFor();
  });

  it('tells the author why, by notification and by e-mail; the post is gone for the author and the reporter', async () => {
    const mailed = await suite.mail.waitFor(
      author.email,
      /(Advertising is not allowed here[^\n]*)/,
    );
    expect(mailed).toContain('rule 2');

    const page = await suite.pageAs(author, { width: 1280 });
    await page.goto(suite.app.url);
    await page.getByRole('button', { name: /^Notifications/ }).click();
    await page.getByText(`A moderator removed your post: "${REASON}"`).waitFor();
    await expect.poll(() => page.getByText(SPAM).count()).toBe(0);
    await page.goto(`${suite.app.url}/profile`);
    await page.getByRole('heading', { name: 'Sam Seller' }).first().waitFor();
    await expect.poll(() => page.getByText(SPAM).count()).toBe(0);

    const feed = await callApi(suite.app.url, reporter.token, ROUTES.feed, {});
    expect(feed.some((post) => post.text === SPAM)).toBe(false);
  });

  it('shows the reporter the outcome in the Support Inbox', async () => {
    const page = await suite.pageAs(reporter, { width: 1280 });
    await page.goto(suite.app.url);
    await page.getByRole('button', { name: 'Account' }).click();
    await page.getByRole('button', { name: 'Help & support' }).click();
    await page.getByRole('link', { name: 'Support Inbox' }).click();
    const mine = page.getByRole('list', { name: 'Your reports' });
    await mine.getByText('Removed').waitFor();
  });

  it('keeps the removal in the audit log, which the admin reads', async () => {
    const page = await suite.pageAs(admin, { width: 1280 });
    await page.goto(`${suite.app.url}/admin/log`);
    const log = page.getByRole('list', { name: 'Audit log' });
    await log.getByText('Grace Keeper', { exact: false }).first().waitFor();
    await log.getByText(REASON, { exact: false }).first().waitFor();
  });

  it('reads well on a phone and a desktop, light and dark (views.ts): the queue, the Support Inbox, the audit log', async () => {
    await lookAt('queue', moderator, '/admin/reports?status=resolved', (page) =>
      page.getByRole('list', { name: 'Resolved reports' }).waitFor(),
    );
    await lookAt('support', reporter, '/support', (page) =>
      page.getByRole('list', { name: 'Your reports' }).waitFor(),
    );
    await lookAt('log', admin, '/admin/log', (page) =>
      page.getByRole('list', { name: 'Audit log' }).waitFor(),
    );
  });
});

describe('a moderator suspends a member, then lifts it', () => {
  it('logs the member out at once in their open browser and hides their posts', async () => {
    await createPost(suite.app.url, author, SECOND);
    const authorPage = await suite.pageAs(author, { width: 1280 });
    await authorPage.goto(suite.app.url);
    await authorPage.getByRole('article').filter({ hasText: SECOND }).waitFor();

    const page = await suite.pageAs(moderator, { width: 1280 });
    await page.goto(`${suite.app.url}/admin/members`);
    const row = page.getByTestId('member-row').filter({ hasText: 'Sam Seller' });
    await row.getByRole('button', { name: 'Suspend Sam Seller' }).click();
    const confirm = page.getByRole('dialog', { name: 'Suspend Sam Seller?' });
    await confirm.getByLabel('Reason', { exact: true }).fill(SUSPENSION);
    await confirm.getByRole('button', { name: 'Suspend' }).click();
    await row.getByTestId('member-status').filter({ hasText: 'Suspended' }).waitFor();

    // The author's tab, left open on the feed, is logged out without a reload.
    await authorPage.getByRole('button', { name: 'Log In' }).waitFor({ timeout: 5_000 });
    await authorPage.getByPlaceholder('Email address or phone number').fill(author.email);
    await authorPage.getByPlaceholder('Password').fill(author.password);
    await authorPage.getByRole('button', { name: 'Log In' }).click();
    await authorPage.getByText(MODERATION_MESSAGES.accountSuspended).waitFor();
    await screenshot(authorPage, 'reports-suspended-login-1280');

    const mailed = await suite.mail.waitFor(author.email, /(Advertising again[^\n]*)/);
    expect(mailed).toContain('a removal and a warning');

    const reader = await suite.pageAs(reporter, { width: 1280 });
    await reader.goto(suite.app.url);
    await reader.getByRole('button', { name: /^Notifications/ }).waitFor();
    await expect.poll(() => reader.getByText(SECOND).count()).toBe(0);
    const feed = await callApi(suite.app.url, reporter.token, ROUTES.feed, {});
    expect(feed.some((post) => post.text === SECOND)).toBe(false);
  });

  it("shows the member's status and record on the members page, on a phone and a desktop, light and dark (views.ts)", async () => {
    const page = await suite.pageAs(moderator, { width: 1280 });
    await page.goto(`${suite.app.url}/admin/members`);
    const row = page.getByTestId('member-row').filter({ hasText: 'Sam Seller' });
    await row.getByTestId('member-suspension').getByText(SUSPENSION, { exact: false }).waitFor();
    await row.getByRole('button', { name: 'Record of Sam Seller' }).click();
    const record = page.getByRole('region', { name: 'Record of Sam Seller' });
    await record.getByText(SUSPENSION, { exact: false }).first().waitFor();
    await record.getByText(REASON, { exact: false }).first().waitFor();
    await screenshot(page, 'reports-member-record-1280');
    await lookAt('members', moderator, '/admin/members', (p) =>
      p.getByTestId('member-status').filter({ hasText: 'Suspended' }).first().waitFor(),
    );
  });

  it('restores their posts when the suspension is lifted, and lets them log in', async () => {
    const page = await suite.pageAs(moderator, { width: 1280 });
    await page.goto(`${suite.app.url}/admin/members`);
    const row = page.getByTestId('member-row').filter({ hasText: 'Sam Seller' });
    await row.getByRole('button', { name: 'Unsuspend Sam Seller' }).click();
    const confirm = page.getByRole('dialog', { name: 'Unsuspend Sam Seller?' });
    await confirm.getByLabel('Reason', { exact: true }).fill('Promised to stop advertising.');
    await confirm.getByRole('button', { name: 'Unsuspend' }).click();
    await row.getByRole('button', { name: 'Suspend Sam Seller' }).waitFor();

    const reader = await suite.pageAs(reporter, { width: 1280 });
    await reader.goto(suite.app.url);
    await reader.getByRole('article').filter({ hasText: SECOND }).waitFor();

    const login = await logIn(suite.app.url, author.email, author.password);
    expect(login.id).toBe(author.id);
  });
});

describe('an admin deletes an account, then lets its address sign up again', () => {
  const SCAM = 'Send me your bank details to win a prize';
  const DELETION = 'Fraud: asking members for their bank details.';
  let scammer: Member;

  it('deletes the account from the members page: its posts go and its address is refused', async () => {
    scammer = await registerMember(suite.app.url, 'Rex', 'Fraud', 'rex.fraud@example.test');
    await callApi(suite.app.url, reporter.token, ROUTES.follow, { params: { id: scammer.id } });
    await createPost(suite.app.url, scammer, SCAM);
    const scammerPage = await suite.pageAs(scammer, { width: 1280 });
    await scammerPage.goto(suite.app.url);
    await scammerPage.getByRole('article').filter({ hasText: SCAM }).waitFor();

    const page = await suite.pageAs(admin, { width: 1280 });
    await page.goto(`${suite.app.url}/admin/members`);
    const row = page.getByTestId('member-row').filter({ hasText: 'Rex Fraud' });
    await row.getByRole('button', { name: 'Delete account of Rex Fraud' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete the account of Rex Fraud?' });
    await confirm.getByLabel('Reason', { exact: true }).fill(DELETION);
    await screenshot(page, 'reports-delete-dialog-1280');
    await confirm.getByRole('button', { name: 'Delete account' }).click();
    await page.getByText('The account of Rex Fraud was deleted.').waitFor();
    await row.waitFor({ state: 'detached' });

    // Their open tab is logged out at once; the mail says why.
    await scammerPage.getByRole('button', { name: 'Log In' }).waitFor({ timeout: 5_000 });
    const mailed = await suite.mail.waitFor(scammer.email, /(Fraud: asking members[^\n]*)/);
    expect(mailed).toContain('bank details');

    const feed = await callApi(suite.app.url, reporter.token, ROUTES.feed, {});
    expect(feed.some((post) => post.text === SCAM)).toBe(false);
    await expect(
      registerMember(suite.app.url, 'Rex', 'Again', 'REX.Fraud@example.test'),
    ).rejects.toThrow(SIGNUP_MESSAGES.emailRefused);
  });

  it('lists the refused address on the settings page, on a phone and a desktop, light and dark (views.ts)', async () => {
    await lookAt('refused', admin, '/admin/settings', (p) =>
      p.getByTestId('email-block').filter({ hasText: 'Rex Fraud' }).waitFor(),
    );
  });

  it('lets the address sign up again once the admin allows it', async () => {
    const page = await suite.pageAs(admin, { width: 1280 });
    await page.goto(`${suite.app.url}/admin/settings`);
    const block = page.getByTestId('email-block').filter({ hasText: 'Rex Fraud' });
    await block.getByRole('button', { name: 'Allow this address again' }).click();
    await page.getByText('The address of Rex Fraud may sign up again.').waitFor();
    const back = await registerMember(suite.app.url, 'Rex', 'Reformed', 'rex.fraud@example.test');
    expect(back.id).not.toBe(scammer.id);
  });
});

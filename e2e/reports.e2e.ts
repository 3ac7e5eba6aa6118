import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';
import { REPORT_MESSAGES, ROUTES } from '@hearth/contract';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectNoHorizontalScroll, expectNoSeriousAxeViolations } from './support/a11y.js';
import { callApi } from './support/api.js';
import { screenshot } from './support/browser.js';
import { createPost, type Member, registerMember } from './support/members.js';
import { useSuite } from './support/suite.js';

/**
 * Reports and what moderators do (issue: hosts in charge): a member reports a post, the
 * moderator removes it with a reason from the queue, the author reads why (bell and a real
 * e-mail), the reporter reads the outcome in the Support Inbox, and the admin reads the audit
 * log. Each screen at 375 and 1280 px, light and dark, axe-clean.
 */
const suite = useSuite({ mail: true });
const repoRoot = resolve(import.meta.dirname, '..');

const SPAM = 'Cheap watches, only today, write to me';
const REASON = 'Advertising is not allowed here (rule 2).';

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
  const login = await callApi(suite.app.url, undefined, ROUTES.login, {
    body: { email: member.email, password: member.password },
  });
  expect(login.role).toBe(role);
  return { ...login, email: member.email, password: member.password };
}

async function lookAt(
  name: string,
  as: Member,
  path: string,
  ready: (page: Page) => Promise<void>,
) {
  for (const width of [375, 1280]) {
    for (const dark of [false, true]) {
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

  it('reads well at 375 and 1280 px, light and dark: the queue, the Support Inbox, the audit log', async () => {
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

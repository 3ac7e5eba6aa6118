import { ROUTES } from '@hearth/contract';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp } from './support/app.js';
import { launchBrowser, screenshot } from './support/browser.js';
import {
  callAs,
  contextFor,
  createPost,
  follow,
  type Member,
  registerMember,
} from './support/members.js';

// Two members in two browser contexts: what one does reaches the other's open page through the
// live-updates socket, without a reload (the live-network issue).
let app: Awaited<ReturnType<typeof startApp>>;
let browser: Browser;
let ada: Member;
let bob: Member;
let adaContext: BrowserContext;
let adaPage: Page;
let postId: string;

const ADA_POST = 'Bread from the new oven';
const BOB_COMMENT = 'That crust looks perfect';
const BOB_POST = 'Rowing on the lake this morning';

/** Resolves once the page has told the server it watches `id` (its card is on screen). */
function watching(page: Page, id: string): Promise<void> {
  return new Promise((resolve) => {
    page.on('websocket', (socket) => {
      socket.on('framesent', (frame) => {
        const text = typeof frame.payload === 'string' ? frame.payload : frame.payload.toString();
        const message = JSON.parse(text) as { type: string; postIds?: string[] };
        if (message.type === 'watch' && message.postIds?.includes(id)) resolve();
      });
    });
  });
}

beforeAll(async () => {
  app = await startApp();
  browser = await launchBrowser();
  ada = await registerMember(app.url, 'Ada', 'Lovelace');
  bob = await registerMember(app.url, 'Bob', 'Marley');
  await follow(app.url, ada, bob);
  await createPost(app.url, ada, ADA_POST);
  const [post] = await callAs(app.url, ada, ROUTES.feed);
  postId = post!._id;
  adaContext = await contextFor(browser, app.url, ada, { width: 1280, height: 900 });
  adaPage = await adaContext.newPage();
  const watched = watching(adaPage, postId);
  await adaPage.goto(`${app.url}/`);
  await adaPage.getByRole('article').filter({ hasText: ADA_POST }).waitFor();
  await watched;
});

afterAll(async () => {
  await adaContext?.close();
  await browser?.close();
  await app?.stop();
});

describe('a live network, seen in two browsers', () => {
  it("Bob comments on Ada's post from his browser: Ada's open feed shows the comment and the bell's count without a reload", async () => {
    const bobContext = await contextFor(browser, app.url, bob, { width: 800, height: 900 });
    try {
      const bobPage = await bobContext.newPage();
      await bobPage.goto(`${app.url}/profile/${ada.username}`);
      const card = bobPage.getByRole('article').filter({ hasText: ADA_POST });
      const box = card.getByRole('textbox', { name: 'Write a comment' });
      await box.fill(BOB_COMMENT);
      await box.press('Enter');
      await card.getByText(BOB_COMMENT).waitFor();
    } finally {
      await bobContext.close();
    }

    const adaCard = adaPage.getByRole('article').filter({ hasText: ADA_POST });
    await adaCard.getByText(BOB_COMMENT).waitFor({ timeout: 5_000 });
    await adaPage.getByRole('button', { name: 'Notifications, 1 new' }).waitFor({ timeout: 5_000 });
    await screenshot(adaPage, 'live-feed-comment-arrived-1280', { fullPage: false });
  });

  it('Ada opens the bell, sees who commented, clicks it and lands on the post’s page; the count goes', async () => {
    await adaPage.getByRole('button', { name: 'Notifications, 1 new' }).click();
    const item = adaPage.getByRole('link', { name: /Bob Marley commented on your post/ });
    await item.waitFor();
    await screenshot(adaPage, 'live-notifications-panel-1280', { fullPage: false });
    await item.click();
    await adaPage.waitForURL(`${app.url}/post/${postId}`);
    const card = adaPage.getByRole('article').filter({ hasText: ADA_POST });
    await card.getByText(BOB_COMMENT).waitFor();
    await adaPage.getByRole('button', { name: 'Notifications', exact: true }).waitFor();
    // The panel's click tells the server; the bell has already dropped the count.
    await expect
      .poll(() => callAs(app.url, ada, ROUTES.unreadCount), { timeout: 5_000 })
      .toEqual({ count: 0 });
    await screenshot(adaPage, 'live-post-page-1280', { fullPage: false });
  });

  it("Bob posts: Ada's home feed offers 'New posts'; a click shows his post at the top", async () => {
    // Listening before the page loads: its socket may send 'watch' before goto resolves.
    const watched = watching(adaPage, postId);
    await adaPage.goto(`${app.url}/`);
    await adaPage.getByRole('article').filter({ hasText: ADA_POST }).waitFor();
    await watched;
    await createPost(app.url, bob, BOB_POST);
    const pill = adaPage.getByRole('button', { name: /New posts/ });
    await pill.waitFor({ timeout: 5_000 });
    await screenshot(adaPage, 'live-new-posts-pill-1280', { fullPage: false });
    await pill.click();
    await expect
      .poll(() => adaPage.getByRole('article').first().textContent(), { timeout: 5_000 })
      .toContain(BOB_POST);
    await pill.waitFor({ state: 'detached' });
  });
});

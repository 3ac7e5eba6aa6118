import { ROUTES } from '@hearth/contract';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp } from './support/app.js';
import { launchBrowser, screenshot } from './support/browser.js';
import { callAs, contextFor, friendship, type Member, registerMember } from './support/members.js';
import { views } from './support/views.js';

let app: Awaited<ReturnType<typeof startApp>>;
let browser: Browser;
let ada: Member;
let grace: Member;
let margaret: Member;
let katherine: Member;
let adaPage: Page;

beforeAll(async () => {
  app = await startApp();
  browser = await launchBrowser();
  ada = await registerMember(app.url, 'Ada', 'Lovelace');
  grace = await registerMember(app.url, 'Grace', 'Hopper');
  margaret = await registerMember(app.url, 'Margaret', 'Hamilton');
  katherine = await registerMember(app.url, 'Katherine', 'Johnson');
  adaPage = await (await contextFor(browser, app.url, ada)).newPage();
});

afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

const searchBox = (page: Page) => page.getByRole('combobox', { name: 'Search Hearth' });
const recentSearches = (page: Page) => page.getByRole('listbox', { name: 'Recent searches' });
const searchResults = (page: Page) => page.getByRole('listbox', { name: 'Search results' });
const section = (page: Page, name: string) => page.getByRole('region', { name });

/** The page fits its window: nothing to scroll sideways. */
async function expectNoSideways(page: Page) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
}

describe('searching members from the header', () => {
  it('Ada finds Margaret by part of her last name and opens her profile', async () => {
    // An older search, so the new one has something to go on top of.
    await adaPage.goto(`${app.url}/profile/${grace.username}`);
    await adaPage.getByRole('heading', { level: 1, name: 'Grace Hopper' }).waitFor();
    await searchBox(adaPage).click();
    await adaPage.getByText('No recent searches').waitFor();
    await searchBox(adaPage).pressSequentially('Hopp');
    await searchResults(adaPage).getByRole('option', { name: 'Grace Hopper' }).click();
    await adaPage.waitForURL(`**/profile/${grace.username}`);

    await adaPage.goto(`${app.url}/`);
    await searchBox(adaPage).click();
    await expect
      .poll(() => recentSearches(adaPage).getByRole('option').allTextContents())
      .toEqual(['Grace Hopper']);
    await searchBox(adaPage).pressSequentially('hamil');
    const result = searchResults(adaPage).getByRole('option', { name: 'Margaret Hamilton' });
    await result.waitFor();
    await screenshot(adaPage, 'search-results-1280-light');
    await result.click();

    await adaPage.waitForURL(`**/profile/${margaret.username}`);
    await adaPage.getByRole('heading', { level: 1, name: 'Margaret Hamilton' }).waitFor();
    expect(await adaPage.getByRole('heading', { name: 'Recent searches' }).count()).toBe(0);
  });

  it('next time, Margaret is on top of the recent searches; Ada removes her', async () => {
    await searchBox(adaPage).click();
    await expect
      .poll(() => recentSearches(adaPage).getByRole('option').allTextContents())
      .toEqual(['Margaret Hamilton', 'Grace Hopper']);
    await screenshot(adaPage, 'search-history-1280-light');

    await adaPage
      .getByRole('button', { name: 'Remove Margaret Hamilton from recent searches' })
      .click();
    await expect
      .poll(() => recentSearches(adaPage).getByRole('option').allTextContents())
      .toEqual(['Grace Hopper']);
    // The server forgot her too, once the removal it was sent has landed (the list above drops
    // her at once, before the answer comes back).
    await expect
      .poll(async () =>
        (await callAs(app.url, ada, ROUTES.getSearchHistory)).map((entry) => entry.user.username),
      )
      .toEqual([grace.username]);

    await adaPage.keyboard.press('Escape');
    expect(await adaPage.getByRole('heading', { name: 'Recent searches' }).count()).toBe(0);
    await expect
      .poll(() => searchBox(adaPage).evaluate((el) => el === document.activeElement))
      .toBe(true);
  });

  it('works with the keyboard alone: typing, arrows and Enter', async () => {
    await adaPage.goto(`${app.url}/`);
    await searchBox(adaPage).focus();
    await recentSearches(adaPage).waitFor();
    await adaPage.keyboard.type('katherine j');
    await searchResults(adaPage).getByRole('option', { name: 'Katherine Johnson' }).waitFor();
    await adaPage.keyboard.press('ArrowDown');
    const active = searchResults(adaPage).getByRole('option', { selected: true });
    expect(await active.textContent()).toBe('Katherine Johnson');
    expect(await searchBox(adaPage).getAttribute('aria-activedescendant')).toBe(
      await active.getAttribute('id'),
    );
    await adaPage.keyboard.press('Enter');
    await adaPage.waitForURL(`**/profile/${katherine.username}`);
    await adaPage.getByRole('heading', { level: 1, name: 'Katherine Johnson' }).waitFor();
  });

  it('closes on an outside click and on its back button', async () => {
    await searchBox(adaPage).click();
    await recentSearches(adaPage).waitFor();
    await adaPage.getByRole('heading', { level: 1, name: 'Katherine Johnson' }).click();
    await recentSearches(adaPage).waitFor({ state: 'detached' });
    await searchBox(adaPage).click();
    await adaPage.getByRole('button', { name: 'Close search' }).click();
    await recentSearches(adaPage).waitFor({ state: 'detached' });
  });
});

describe('answering friend requests from the friends page', () => {
  it('Ada confirms Katherine’s request on /friends/requests', async () => {
    await friendship(app.url, katherine, 'addFriend', ada);
    await adaPage.goto(`${app.url}/friends/requests`);
    const requests = section(adaPage, 'Friend Requests');
    await requests.getByRole('link', { name: 'Katherine Johnson' }).waitFor();
    // The header's friends icon is the current page.
    expect(
      await adaPage
        .getByRole('navigation', { name: 'Main' })
        .getByRole('link', { name: 'Friends' })
        .getAttribute('aria-current'),
    ).toBe('page');

    await requests.getByRole('button', { name: 'Confirm request from Katherine Johnson' }).click();
    await requests.getByText('No friend requests').waitFor();

    await adaPage
      .getByRole('navigation', { name: 'Friends' })
      .getByRole('link', { name: 'All Friends' })
      .click();
    await adaPage.waitForURL('**/friends/all');
    await section(adaPage, 'All Friends').getByRole('link', { name: 'Katherine Johnson' }).click();
    await adaPage.waitForURL(`**/profile/${katherine.username}`);
    await adaPage.getByRole('button', { name: 'Friends', exact: true }).waitFor();
  });

  it('Ada cancels her request to Grace on /friends/sent, and Grace no longer sees it', async () => {
    await friendship(app.url, ada, 'addFriend', grace);
    const graceContext = await contextFor(browser, app.url, grace);
    const gracePage = await graceContext.newPage();
    await gracePage.goto(`${app.url}/friends/requests`);
    await section(gracePage, 'Friend Requests')
      .getByRole('link', { name: 'Ada Lovelace' })
      .waitFor();

    await adaPage.goto(`${app.url}/friends/sent`);
    const sent = section(adaPage, 'Sent Requests');
    await sent.getByRole('button', { name: 'Cancel Request to Grace Hopper' }).click();
    await sent.getByText('No sent requests').waitFor();
    await adaPage.reload();
    await section(adaPage, 'Sent Requests').getByText('No sent requests').waitFor();

    await gracePage.reload();
    await section(gracePage, 'Friend Requests').getByText('No friend requests').waitFor();
    const graceLists = await callAs(app.url, grace, ROUTES.getFriendsPageInfos);
    expect(graceLists.requests).toEqual([]);
    await graceContext.close();
  });
});

describe('search and friends pages on a phone and in the dark theme', () => {
  beforeAll(async () => {
    // Something in every list: Grace asks Ada, Ada asks Margaret; Katherine is a friend.
    await friendship(app.url, grace, 'addFriend', ada);
    await friendship(app.url, ada, 'addFriend', margaret);
  });

  for (const { width, dark } of views()) {
    const theme = dark ? 'dark' : 'light';
    it(`read well at ${width} px, ${theme}`, async () => {
      const context = await contextFor(browser, app.url, ada, { width, height: 800, dark });
      const page = await context.newPage();
      for (const [path, name] of [
        ['/friends', 'home'],
        ['/friends/requests', 'requests'],
      ]) {
        await page.goto(`${app.url}${path}`);
        await section(page, 'Friend Requests')
          .getByRole('link', { name: 'Grace Hopper' })
          .waitFor();
        await expectNoSideways(page);
        await screenshot(page, `friends-${name}-${width}-${theme}`);
      }

      await searchBox(page).click();
      await recentSearches(page).getByRole('option').first().waitFor();
      await screenshot(page, `search-history-${width}-${theme}`);
      await searchBox(page).pressSequentially('h');
      await searchResults(page).getByRole('option', { name: 'Margaret Hamilton' }).waitFor();
      await page.keyboard.press('ArrowDown');
      await expectNoSideways(page);
      // The results fit the window.
      const list = await searchResults(page).boundingBox();
      expect(list?.x).toBeGreaterThanOrEqual(0);
      expect((list?.x ?? 0) + (list?.width ?? Number.POSITIVE_INFINITY)).toBeLessThanOrEqual(width);
      await screenshot(page, `search-results-${width}-${theme}`);
      await context.close();
    });
  }
});

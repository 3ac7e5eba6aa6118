import { ROUTES } from '@hearth/contract';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { screenshot } from './support/browser.js';
import { callAs, contextFor, type Member, photo, registerMember } from './support/members.js';
import { useSuite } from './support/suite.js';
import { LONG } from './support/views.js';

const suite = useSuite();
let ada: Member;
let grace: Member;
// The cases follow one another on these two pages, as two members would.
let adaPage: Page;
let gracePage: Page;

beforeAll(async () => {
  const { app, browser } = suite;
  ada = await registerMember(app.url, 'Ada', 'Lovelace');
  grace = await registerMember(app.url, 'Grace', 'Hopper');
  adaPage = await (await contextFor(browser, app.url, ada)).newPage();
  gracePage = await (await contextFor(browser, app.url, grace)).newPage();
});

const button = (page: Page, name: string) => page.getByRole('button', { name, exact: true });

async function menuChoice(page: Page, opener: string, item: string) {
  await button(page, opener).click();
  await page.getByRole('menuitem', { name: item, exact: true }).click();
}

describe('two members on each other’s profiles', () => {
  it('Ada visits Grace, adds her, cancels, and adds her again', async () => {
    await adaPage.goto(`${suite.app.url}/profile/${grace.username}`);
    await adaPage.getByRole('heading', { level: 1, name: 'Grace Hopper' }).waitFor();
    await button(adaPage, 'Add Friend').click();
    await button(adaPage, 'Cancel Request').waitFor();
    await button(adaPage, 'Following').waitFor();
    await button(adaPage, 'Cancel Request').click();
    await button(adaPage, 'Add Friend').waitFor();
    await button(adaPage, 'Add Friend').click();
    await button(adaPage, 'Cancel Request').waitFor();
    // What the server kept survives a reload.
    await adaPage.reload();
    await button(adaPage, 'Cancel Request').waitFor();
    await screenshot(adaPage, 'profile-visited-request-sent-1280');
  });

  it('Grace confirms the request from Ada’s profile', async () => {
    await gracePage.goto(`${suite.app.url}/profile/${ada.username}`);
    await gracePage.getByRole('heading', { level: 1, name: 'Ada Lovelace' }).waitFor();
    await menuChoice(gracePage, 'Respond', 'Confirm');
    await button(gracePage, 'Friends').waitFor();
    await gracePage.reload();
    await button(gracePage, 'Friends').waitFor();
    // Ada now appears among Grace's friends on Grace's own profile.
    await gracePage.goto(`${suite.app.url}/profile`);
    await gracePage
      .getByRole('region', { name: 'Friends' })
      .getByRole('link', { name: /Ada Lovelace/ })
      .first()
      .waitFor();
  });

  it('Ada unfollows Grace, follows her again, then unfriends her', async () => {
    await adaPage.reload();
    await button(adaPage, 'Friends').waitFor();
    await menuChoice(adaPage, 'Friends', 'Unfollow');
    await button(adaPage, 'Follow').waitFor();
    await adaPage.reload();
    await button(adaPage, 'Follow').waitFor();
    await menuChoice(adaPage, 'Friends', 'Follow');
    await button(adaPage, 'Following').waitFor();
    await menuChoice(adaPage, 'Friends', 'Unfriend');
    await button(adaPage, 'Add Friend').waitFor();
    await adaPage.reload();
    await button(adaPage, 'Add Friend').waitFor();
  });

  it('Ada changes her profile picture with a crop and a description', async () => {
    await adaPage.goto(`${suite.app.url}/profile`);
    await adaPage.getByRole('heading', { level: 1, name: 'Ada Lovelace' }).waitFor();
    const headerPictureBefore = await adaPage
      .locator('header a[href="/profile"] img')
      .first()
      .getAttribute('src');
    await button(adaPage, 'Update profile picture').click();
    const dialog = adaPage.getByRole('dialog', { name: 'Update profile picture' });
    await dialog.getByLabel('Upload photo').setInputFiles({
      name: 'me.png',
      mimeType: 'image/png',
      buffer: await photo('#8e24aa', 800, 600),
    });
    const zoom = dialog.getByRole('slider', { name: 'Zoom' });
    await zoom.waitFor();
    await zoom.fill('1.6');
    await dialog.getByRole('textbox', { name: 'Description' }).fill('New season, new me');
    await screenshot(adaPage, 'profile-picture-crop-1280');
    await dialog.getByRole('button', { name: 'Save', exact: true }).click();
    await dialog.waitFor({ state: 'detached', timeout: 15_000 });

    await adaPage
      .getByRole('article', { name: 'Post by Ada Lovelace' })
      .filter({ hasText: 'New season, new me' })
      .waitFor();
    const headerPictureAfter = await adaPage
      .locator('header a[href="/profile"] img')
      .first()
      .getAttribute('src');
    expect(headerPictureAfter).not.toBe(headerPictureBefore);
    expect(headerPictureAfter?.startsWith(`${suite.app.url}/media/`)).toBe(true);
  });

  it('Ada changes her cover to an older photo', async () => {
    await menuChoice(adaPage, 'Edit cover photo', 'Select photo');
    const dialog = adaPage.getByRole('dialog', { name: 'Select photo' });
    await dialog.getByRole('button', { name: 'Photo 1' }).click();
    await dialog.waitFor({ state: 'detached' });
    await adaPage.reload();
    const profile = await callAs(suite.app.url, ada, ROUTES.getProfile, {
      params: { username: ada.username },
    });
    if (!profile.ok) throw new Error(`no profile for ${ada.username}`);
    expect(profile.cover.startsWith(`${suite.app.url}/media/`)).toBe(true);
  });

  it('Ada edits her bio', async () => {
    await button(adaPage, 'Add bio').click();
    await adaPage.getByRole('textbox', { name: 'Bio' }).fill('Mathematician and first programmer.');
    await button(adaPage, 'Save').click();
    await adaPage
      .getByRole('region', { name: 'Intro' })
      .getByText('Mathematician and first programmer.')
      .waitFor();
    await adaPage.reload();
    await adaPage
      .getByRole('region', { name: 'Intro' })
      .getByText('Mathematician and first programmer.')
      .waitFor();
  });

  it('own and visited profiles read well in light and dark, wide and narrow', async () => {
    // A light wide screen and a dark narrower one; both themes at each width with --long.
    const looks = [1280, 800].flatMap((width, i) =>
      (LONG ? [false, true] : [i === 1]).map((dark) => ({ width, dark })),
    );
    for (const { width, dark } of looks) {
      const context = await contextFor(suite.browser, suite.app.url, ada, { width, dark });
      const page = await context.newPage();
      for (const [path, name] of [
        ['/profile', 'own'],
        [`/profile/${grace.username}`, 'visited'],
      ]) {
        await page.goto(`${suite.app.url}${path}`);
        await page.getByRole('heading', { level: 1 }).waitFor();
        if (name === 'own') {
          // This context's cookie still holds the picture from sign-up; the profile brings the
          // server's, and the header follows it.
          const ownPicture = page.getByRole('img', { name: "Ada Lovelace's profile picture" });
          const media = `${suite.app.url}/media/`;
          expect(await ownPicture.getAttribute('src')).toMatch(new RegExp(`^${media}`));
          await page.waitForFunction(
            (prefix) =>
              document
                .querySelector('header a[href="/profile"] img')
                ?.getAttribute('src')
                ?.startsWith(prefix),
            media,
          );
        }
        await screenshot(page, `profile-${name}-${width}-${dark ? 'dark' : 'light'}`);
      }
      await context.close();
    }
  });
});

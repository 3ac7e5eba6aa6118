import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp } from './support/app.js';
import { launchBrowser, screenshot } from './support/browser.js';
import { contextFor, follow, type Member, photo, registerMember } from './support/members.js';

let app: Awaited<ReturnType<typeof startApp>>;
let browser: Browser;
let ada: Member;
let grace: Member;
let adaPage: Page;
let gracePage: Page;

const TEXT_POST = 'Sunday picnic by the lake, who is in?';
const PHOTO_POST = 'Two shots from the hike';

beforeAll(async () => {
  app = await startApp();
  browser = await launchBrowser();
  ada = await registerMember(app.url, 'Ada', 'Lovelace');
  grace = await registerMember(app.url, 'Grace', 'Hopper');
  await follow(app.url, grace, ada);
  adaPage = await (await contextFor(browser, app.url, ada)).newPage();
  gracePage = await (await contextFor(browser, app.url, grace)).newPage();
});

afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

function card(page: Page, text: string) {
  return page.getByRole('article', { name: 'Post by Ada Lovelace' }).filter({ hasText: text });
}

async function react(page: Page, post: ReturnType<typeof card>, reaction: string) {
  const like = post.getByRole('button', { name: /^(Like|Love|Haha|Wow|Sad|Angry)$/ });
  await like.hover();
  const popup = post.getByRole('toolbar', { name: 'Reactions' });
  await popup.waitFor();
  await popup.getByRole('button', { name: reaction, exact: true }).click();
  await popup.waitFor({ state: 'hidden' });
  // Move away so the next hover opens the popup afresh.
  await page.mouse.move(0, 0);
}

describe('posting, reacting and commenting as two members', () => {
  it('Ada posts text on a background, and it appears at the top of her feed', async () => {
    await adaPage.goto(`${app.url}/`);
    await adaPage.getByRole('button', { name: "What's on your mind, Ada" }).click();
    const dialog = adaPage.getByRole('dialog', { name: 'Create post' });
    await dialog.getByRole('textbox', { name: "What's on your mind, Ada?" }).fill(TEXT_POST);
    await dialog.getByRole('button', { name: 'Background 3' }).click();
    await screenshot(adaPage, 'feed-create-post-dialog-1280');
    await dialog.getByRole('button', { name: 'Post', exact: true }).click();
    await dialog.waitFor({ state: 'detached' });
    await card(adaPage, TEXT_POST).waitFor();
  });

  it('Ada posts two photos, uploaded first, then shown in the card', async () => {
    await adaPage.getByRole('button', { name: 'Photo/Video' }).click();
    const dialog = adaPage.getByRole('dialog', { name: 'Create post' });
    await dialog.getByRole('textbox', { name: "What's on your mind, Ada?" }).fill(PHOTO_POST);
    await dialog.getByLabel('Add photos').setInputFiles([
      { name: 'lake.png', mimeType: 'image/png', buffer: await photo('#1e88e5') },
      { name: 'ridge.png', mimeType: 'image/png', buffer: await photo('#43a047') },
    ]);
    await dialog.getByRole('img', { name: 'ridge.png' }).waitFor();
    await dialog.getByRole('button', { name: 'Post', exact: true }).click();
    await dialog.waitFor({ state: 'detached' });
    const post = card(adaPage, PHOTO_POST);
    await post.getByRole('img', { name: 'Shared by Ada Lovelace (2 of 2)' }).waitFor();
    // The newest post is first in the feed.
    const first = adaPage.getByRole('article').first();
    expect(await first.textContent()).toContain(PHOTO_POST);
    const src = await post
      .getByRole('img', { name: 'Shared by Ada Lovelace (1 of 2)' })
      .getAttribute('src');
    const image = await fetch(new URL(src ?? '', app.url));
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toMatch(/^image\//);
    await screenshot(adaPage, 'feed-ada-1280');
  });

  it('Grace, who follows Ada, sees both posts in her feed', async () => {
    await gracePage.goto(`${app.url}/`);
    await card(gracePage, TEXT_POST).waitFor();
    await card(gracePage, PHOTO_POST).waitFor();
  });

  it('Grace reacts love, then haha, then haha again, which removes her reaction', async () => {
    const post = card(gracePage, TEXT_POST);
    await react(gracePage, post, 'love');
    await post.getByRole('button', { name: 'Love', exact: true }).waitFor();
    await post.getByRole('img', { name: '1 reaction: love' }).waitFor();

    await react(gracePage, post, 'haha');
    await post.getByRole('button', { name: 'Haha', exact: true }).waitFor();
    await post.getByRole('img', { name: '1 reaction: haha' }).waitFor();

    await react(gracePage, post, 'haha');
    await post.getByRole('button', { name: 'Like', exact: true }).waitFor();
    await post.getByRole('img', { name: /reaction/ }).waitFor({ state: 'detached' });

    // What the server kept agrees with the screen after a reload.
    await gracePage.reload();
    await card(gracePage, TEXT_POST).getByRole('button', { name: 'Like', exact: true }).waitFor();
  });

  it('Grace comments with text and with an image', async () => {
    const post = card(gracePage, PHOTO_POST);
    const box = post.getByRole('textbox', { name: 'Write a comment' });
    await box.fill('What a view!');
    await box.press('Enter');
    await post.getByText('What a view!').waitFor();
    await post.getByText('1 comment', { exact: true }).waitFor();
    expect(await box.inputValue()).toBe('');

    await post.getByLabel('Attach a photo').setInputFiles({
      name: 'reply.png',
      mimeType: 'image/png',
      buffer: await photo('#e53935', 320, 240),
    });
    await post.getByRole('img', { name: 'Chosen for your comment' }).waitFor();
    await box.fill('Mine from the top');
    await box.press('Enter');
    await post.getByRole('img', { name: "From Grace Hopper's comment" }).waitFor();
    await post.getByText('2 comments', { exact: true }).waitFor();
    await post.getByRole('img', { name: 'Chosen for your comment' }).waitFor({ state: 'detached' });
    await screenshot(gracePage, 'feed-grace-comments-1280');
  });

  it('Grace saves the post, and unsaves it', async () => {
    const post = card(gracePage, PHOTO_POST);
    await post.getByRole('button', { name: 'Post options' }).click();
    const menu = gracePage.getByRole('menu', { name: 'Post options' });
    await menu.getByRole('menuitem', { name: 'Save Post' }).click();
    await post.getByRole('button', { name: 'Post options' }).click();
    await menu.getByRole('menuitem', { name: 'Unsave Post' }).click();
    await post.getByRole('button', { name: 'Post options' }).click();
    await menu.getByRole('menuitem', { name: 'Save Post' }).waitFor();
    // Others see Report post, never Move to trash.
    await menu.getByRole('menuitem', { name: 'Report post' }).waitFor();
    expect(await menu.getByRole('menuitem', { name: 'Move to trash' }).count()).toBe(0);
    await gracePage.keyboard.press('Escape');
    await menu.waitFor({ state: 'detached' });
  });

  it('Ada moves her text post to trash; it disappears for her and for Grace', async () => {
    await adaPage.reload();
    const post = card(adaPage, TEXT_POST);
    await post.getByRole('button', { name: 'Post options' }).click();
    await adaPage
      .getByRole('menu', { name: 'Post options' })
      .getByRole('menuitem', { name: 'Move to trash' })
      .click();
    await post.waitFor({ state: 'detached' });
    await gracePage.reload();
    await card(gracePage, PHOTO_POST).waitFor();
    expect(await card(gracePage, TEXT_POST).count()).toBe(0);
  });

  it('the home screen reads well in light and dark, wide and narrow', async () => {
    for (const width of [1280, 800, 375]) {
      for (const dark of [false, true]) {
        const context = await contextFor(browser, app.url, grace, { width, dark });
        const page = await context.newPage();
        await page.goto(`${app.url}/`);
        await card(page, PHOTO_POST).waitFor();
        const overflow = await page.evaluate(
          () => document.documentElement.scrollWidth - window.innerWidth,
        );
        expect(overflow, `horizontal scroll at ${width}px`).toBeLessThanOrEqual(0);
        await screenshot(page, `home-${width}-${dark ? 'dark' : 'light'}`);
        await context.close();
      }
    }
  });
});

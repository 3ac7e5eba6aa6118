import { ROUTES, UI_MESSAGES } from '@hearth/contract';
import type { Page, Request } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { isCallOf } from './support/api.js';
import { screenshot } from './support/browser.js';
import { createPost, follow, photo, registerNewMember } from './support/members.js';
import { useSuite } from './support/suite.js';
import { LONG } from './support/views.js';

// Every case signs its own members up, more than the sign-up limit lets one address do.
const suite = useSuite({ env: { RATE_LIMIT_SIGNUP_IP: '1000' } });

const TEXT_POST = 'Sunday picnic by the lake, who is in?';
const PHOTO_POST = 'Two shots from the hike';

/**
 * Each case's own Ada and Grace (Grace follows Ada), each with a page, and the posts Ada has
 * made through the API: 'text' (TEXT_POST), then 'photo' (PHOTO_POST, two photos), in that order.
 */
async function adaAndGrace(posts: ReadonlyArray<'text' | 'photo'> = []) {
  const url = suite.app.url;
  const ada = await registerNewMember(url, 'Ada', 'Lovelace');
  const grace = await registerNewMember(url, 'Grace', 'Hopper');
  await follow(url, grace, ada);
  if (posts.includes('text')) await createPost(url, ada, TEXT_POST);
  if (posts.includes('photo')) {
    await createPost(url, ada, PHOTO_POST, [await photo('#1e88e5'), await photo('#43a047')]);
  }
  return { ada, grace, adaPage: await suite.pageAs(ada), gracePage: await suite.pageAs(grace) };
}

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
    const { adaPage } = await adaAndGrace();
    await adaPage.goto(`${suite.app.url}/`);
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
    // An older post of hers is in the feed already, so the new one has to come first.
    const { adaPage } = await adaAndGrace(['text']);
    await adaPage.goto(`${suite.app.url}/`);
    await card(adaPage, TEXT_POST).waitFor();
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
    const image = await fetch(new URL(src ?? '', suite.app.url));
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toMatch(/^image\//);
    await screenshot(adaPage, 'feed-ada-1280');
  });

  it('Grace, who follows Ada, sees both posts in her feed', async () => {
    const { gracePage } = await adaAndGrace(['text', 'photo']);
    await gracePage.goto(`${suite.app.url}/`);
    await card(gracePage, TEXT_POST).waitFor();
    await card(gracePage, PHOTO_POST).waitFor();
  });

  it('Grace reacts love, then haha, then haha again, which removes her reaction', async () => {
    const { gracePage } = await adaAndGrace(['text']);
    await gracePage.goto(`${suite.app.url}/`);
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
    const { gracePage } = await adaAndGrace(['photo']);
    await gracePage.goto(`${suite.app.url}/`);
    const post = card(gracePage, PHOTO_POST);
    const box = post.getByRole('textbox', { name: 'Write a comment' });
    await box.fill('What a view!');
    await box.press('Enter');
    // In the list of comments: the live update may draw it before the answer to the send
    // arrives, so the box may still hold the text, read-only, for a moment; then it empties.
    await post.getByRole('list', { name: 'Comments' }).getByText('What a view!').waitFor();
    await post.getByText('1 comment', { exact: true }).waitFor();
    await expect.poll(() => box.inputValue()).toBe('');

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
    const { gracePage } = await adaAndGrace(['photo']);
    await gracePage.goto(`${suite.app.url}/`);
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
    const { adaPage, gracePage } = await adaAndGrace(['text', 'photo']);
    await gracePage.goto(`${suite.app.url}/`);
    await card(gracePage, TEXT_POST).waitFor();
    await adaPage.goto(`${suite.app.url}/`);
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
    const { grace } = await adaAndGrace(['photo']);
    // Each width once, the theme alternating; both themes at each width with --long.
    const looks = [1280, 800, 375].flatMap((width, i) =>
      (LONG ? [false, true] : [i % 2 === 0]).map((dark) => ({ width, dark })),
    );
    for (const { width, dark } of looks) {
      const page = await suite.pageAs(grace, { width, dark });
      await page.goto(`${suite.app.url}/`);
      await card(page, PHOTO_POST).waitFor();
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - window.innerWidth,
      );
      expect(overflow, `horizontal scroll at ${width}px`).toBeLessThanOrEqual(0);
      await screenshot(page, `home-${width}-${dark ? 'dark' : 'light'}`);
    }
  });
});

describe('scrolling the home feed', () => {
  /** More than two of the web app's pages (it asks for 10 a time: WEB_FEED_PAGE_SIZE in the contract). */
  const SEEDED = 25;

  it.each([375, 1280])(
    'at %i px, brings every page, each post once, newest first, never the empty feed',
    async (width) => {
      const url = suite.app.url;
      const ada = await registerNewMember(url, 'Ada', 'Lovelace');
      const texts = Array.from({ length: SEEDED }, (_, i) => `Scroll post number ${i + 1}.`);
      for (const text of texts) await createPost(url, ada, text);
      const newestFirst = [...texts].reverse();

      const page = await suite.pageAs(ada, { width });
      const feedCalls: URL[] = [];
      let feedCallsPending = 0;
      const isFeedCall = (request: Request) =>
        isCallOf(ROUTES.feed, request.url(), request.method());
      page.on('request', (request) => {
        if (!isFeedCall(request)) return;
        feedCalls.push(new URL(request.url()));
        feedCallsPending += 1;
      });
      const settled = (request: Request) => {
        if (isFeedCall(request)) feedCallsPending -= 1;
      };
      page.on('requestfinished', settled);
      page.on('requestfailed', settled);
      // Whether the empty feed's message was ever in the page, however briefly.
      await page.addInitScript((message) => {
        const seen = () => document.body?.textContent?.includes(message) ?? false;
        new MutationObserver(() => {
          if (seen()) (window as unknown as { sawEmpty: boolean }).sawEmpty = true;
        }).observe(document, { subtree: true, childList: true, characterData: true });
      }, UI_MESSAGES.noPosts);

      const cards = page.getByRole('article', { name: 'Post by Ada Lovelace' });
      /** The posts on screen, top to bottom, read from their cards. */
      const shownPosts = () =>
        cards.evaluateAll((articles) =>
          articles.map(
            (article) => /Scroll post number \d+\./.exec(article.textContent ?? '')?.[0],
          ),
        );
      await page.goto(`${url}/`);
      await cards.first().waitFor();

      // Scroll to the last card until a round brings no new card and no feed call is under way.
      let shown = await shownPosts();
      for (const deadline = Date.now() + 90_000; Date.now() < deadline; ) {
        const before = shown.length;
        await cards.last().scrollIntoViewIfNeeded();
        await page.mouse.wheel(0, 2000);
        const grew = await page
          .waitForFunction((count) => document.querySelectorAll('article').length > count, before, {
            timeout: 3000,
          })
          .then(() => true)
          .catch(() => false);
        shown = await shownPosts();
        expect(new Set(shown).size, `a post shown twice: ${shown.join(' | ')}`).toBe(shown.length);
        if (!grew && feedCallsPending === 0) break;
      }

      const limit = Number(feedCalls[0]?.searchParams.get('limit'));
      expect(SEEDED, 'enough posts for three pages').toBeGreaterThan(2 * limit);
      const withCursor = feedCalls.filter((call) => call.searchParams.get('cursor'));
      expect(
        withCursor.length,
        'pages after the first asked for with a cursor',
      ).toBeGreaterThanOrEqual(2);
      expect(shown).toEqual(newestFirst);
      expect(await page.evaluate(() => 'sawEmpty' in window)).toBe(false);
      await screenshot(page, `feed-scrolled-${width}`);
    },
  );
});

import { BUILTIN_BACKGROUNDS, ROUTES } from '@hearth/contract';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectNoHorizontalScroll, expectNoSeriousAxeViolations } from './support/a11y.js';
import { isCallOf } from './support/api.js';
import { screenshot } from './support/browser.js';
import { postCard } from './support/cards.js';
import {
  callAs,
  createPost,
  follow,
  type Member,
  photo,
  registerNewMember,
} from './support/members.js';
import { useSuite } from './support/suite.js';
import { inEachView } from './support/views.js';

// A post's menu in a real browser: Edit Post (the card at once, another member's open page
// live, the history behind 'Edited'), 'Mute {first name}', and the post's notifications switch
// (the bell of the author who turned them off, and of a member who turned them on). The edit
// dialog and the history are looked at at 375 and 1280 px, in both themes, and axe finds
// nothing serious on them.

// Every case signs its own members up, more than the sign-up limit lets one address do.
const suite = useSuite({ env: { RATE_LIMIT_SIGNUP_IP: '1000' } });

/** Opens a card's '…' menu and picks `item`. */
async function pickFromMenu(page: Page, post: Locator, item: string) {
  await post.getByRole('button', { name: 'Post options' }).click();
  const menu = page.getByRole('menu', { name: 'Post options' });
  await menu.waitFor();
  await menu.getByRole('menuitem', { name: item, exact: true }).click();
}

/** The names of a card's menu items, the menu closed again after. */
async function menuItems(page: Page, post: Locator) {
  await post.getByRole('button', { name: 'Post options' }).click();
  const menu = page.getByRole('menu', { name: 'Post options' });
  await menu.waitFor();
  const names = await menu
    .getByRole('menuitem')
    .evaluateAll((items) =>
      items.map(
        (item) =>
          document.getElementById(item.getAttribute('aria-labelledby') ?? '')?.textContent ?? '',
      ),
    );
  await page.keyboard.press('Escape');
  return names;
}

/** Resolves once the page has told the server it watches `postId` (its card is on screen). */
function watching(page: Page, postId: string): Promise<void> {
  return new Promise((resolve) => {
    page.on('websocket', (socket) => {
      socket.on('framesent', (frame) => {
        const text = typeof frame.payload === 'string' ? frame.payload : frame.payload.toString();
        const message = JSON.parse(text) as { type: string; postIds?: string[] };
        if (message.type === 'watch' && message.postIds?.includes(postId)) resolve();
      });
    });
  });
}

/** Resolves with the answer of the next `route` call the page makes. */
function nextAnswer(page: Page, route: (typeof ROUTES)[keyof typeof ROUTES]) {
  return page.waitForResponse((response) =>
    isCallOf(route, response.url(), response.request().method()),
  );
}

/** `member` comments `text` on a post through the API, as the comment box does. */
function comment(member: Member, postId: string, text: string) {
  return callAs(suite.app.url, member, ROUTES.comment, {
    body: { comment: text, image: '', postId },
  });
}

/**
 * `open` shows a dialog on `member`'s page at `path`: on a phone and a desktop in both themes (views.ts), no
 * sideways scrolling, axe finds nothing serious with it open, and a screenshot
 * (edit-mute-notify-{name}-{width}-{theme}.png) to be looked at.
 */
async function lookAt(
  member: Member,
  path: string,
  name: string,
  open: (page: Page) => Promise<Locator>,
) {
  await inEachView(suite, member, path, name, async (page, { width, dark, theme, where }) => {
    if (dark) await page.locator('html.dark').waitFor({ state: 'attached' });
    const dialog = await open(page);
    await dialog.waitFor();
    // The photos in it drawn, not still loading.
    await expect
      .poll(() =>
        dialog
          .locator('img')
          .evaluateAll((images) => images.every((image) => (image as HTMLImageElement).complete)),
      )
      .toBe(true);
    await expectNoHorizontalScroll(page, where);
    await expectNoSeriousAxeViolations(page, where);
    await screenshot(page, `edit-mute-notify-${name}-${width}-${theme}`, { fullPage: false });
  });
}

describe('Edit Post', () => {
  const BEFORE = 'Hike on Saturday, meet at the station at 8';
  const AFTER = 'Hike on Sunday, meet at the station at 9';

  it("changes the card at once, and another member's open post page without a reload", async () => {
    const url = suite.app.url;
    const hedy = await registerNewMember(url, 'Hedy', 'Lamarr');
    const frances = await registerNewMember(url, 'Frances', 'Allen');
    const { _id: postId } = await createPost(url, hedy, BEFORE);

    // Frances has the post's page open, the socket watching it.
    const francesPage = await suite.pageAs(frances);
    const watched = watching(francesPage, postId);
    await francesPage.goto(`${url}/post/${postId}`);
    const hers = postCard(francesPage, hedy, BEFORE);
    await hers.waitFor();
    await watched;
    // A reload would lose this mark.
    await francesPage.evaluate(() => {
      (window as unknown as { unreloaded: boolean }).unreloaded = true;
    });

    const page = await suite.pageAs(hedy);
    await page.goto(`${url}/`);
    const post = postCard(page, hedy, BEFORE);
    expect(await post.getByRole('button', { name: 'Edited' }).count()).toBe(0);
    await pickFromMenu(page, post, 'Edit Post');
    const dialog = page.getByRole('dialog', { name: 'Edit post' });
    const text = dialog.getByRole('textbox', { name: "What's on your mind, Hedy?" });
    expect(await text.inputValue()).toBe(BEFORE);
    await text.fill(AFTER);
    const edited = nextAnswer(page, ROUTES.editPost);
    await dialog.getByRole('button', { name: 'Save', exact: true }).click();
    expect((await edited).status()).toBe(200);
    await dialog.waitFor({ state: 'detached' });

    const now = postCard(page, hedy, AFTER);
    await now.getByRole('button', { name: 'Edited' }).waitFor();
    expect(await page.getByText(BEFORE).count()).toBe(0);
    await screenshot(page, 'edit-mute-notify-edited-card-1280-light', { fullPage: false });

    // Frances's page, live.
    const live = postCard(francesPage, hedy, AFTER);
    await live.getByRole('button', { name: 'Edited' }).waitFor({ timeout: 5_000 });
    expect(await francesPage.getByText(BEFORE).count()).toBe(0);
    expect(
      await francesPage.evaluate(() => (window as unknown as { unreloaded?: boolean }).unreloaded),
    ).toBe(true);
    // The server keeps it.
    const kept = await callAs(url, frances, ROUTES.getPost, { params: { postId } });
    expect(kept.text).toBe(AFTER);
    expect(kept.editedAt).not.toBeNull();
  });

  it("'Edited' opens the history: the current version on top, then the earlier text", async () => {
    const url = suite.app.url;
    const hedy = await registerNewMember(url, 'Hedy', 'Lamarr');
    const frances = await registerNewMember(url, 'Frances', 'Allen');
    const { _id: postId } = await createPost(url, hedy, BEFORE);
    await callAs(url, hedy, ROUTES.editPost, {
      params: { postId },
      body: { text: AFTER, background: null, images: null },
    });

    const page = await suite.pageAs(frances);
    await page.goto(`${url}/post/${postId}`);
    const post = postCard(page, hedy, AFTER);
    await post.getByRole('button', { name: 'Edited' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit history' });
    const versions = dialog.getByRole('list', { name: 'Versions, newest first' }).locator('> li');
    await expect.poll(() => versions.count()).toBe(2);
    const [current, original] = await versions.allInnerTexts();
    expect(current).toContain('Current version');
    expect(current).toContain(AFTER);
    expect(original).toContain('Original post');
    expect(original).toContain(BEFORE);

    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
  });

  it('looks right on a phone and a desktop, light and dark (views.ts): the edit dialog and the history', async () => {
    const url = suite.app.url;
    const hedy = await registerNewMember(url, 'Hedy', 'Lamarr');
    const first = 'Our allotment this spring: the first beans are up';
    const { _id: postId, images } = await createPost(url, hedy, first, [
      await photo('#2f9e44'),
      await photo('#e67e22'),
    ]);
    const photoUrls = (images ?? []).map(({ url: address }) => ({ url: address }));
    // Two earlier versions: one on a background, one with the photos and other words.
    await callAs(url, hedy, ROUTES.editPost, {
      params: { postId },
      body: { text: 'Allotment day!', background: BUILTIN_BACKGROUNDS[4]!, images: null },
    });
    const current = 'Our allotment this spring: beans up, tomatoes next week';
    await callAs(url, hedy, ROUTES.editPost, {
      params: { postId },
      body: { text: current, background: null, images: photoUrls },
    });

    await lookAt(hedy, `/post/${postId}`, 'edit-dialog', async (page) => {
      await pickFromMenu(page, postCard(page, hedy, current), 'Edit Post');
      const dialog = page.getByRole('dialog', { name: 'Edit post' });
      await dialog.getByRole('img', { name: 'Photo 2' }).waitFor();
      return dialog;
    });
    await lookAt(hedy, `/post/${postId}`, 'history', async (page) => {
      await postCard(page, hedy, current).getByRole('button', { name: 'Edited' }).click();
      const dialog = page.getByRole('dialog', { name: 'Edit history' });
      await dialog.getByText('Original post').waitFor();
      return dialog;
    });
  });
});

describe("'Mute {first name}' in a post's menu", () => {
  it("takes that member's posts out of the feed at once, and for good", async () => {
    const url = suite.app.url;
    const alma = await registerNewMember(url, 'Alma', 'Reville');
    const bruno = await registerNewMember(url, 'Bruno', 'Latour');
    const carla = await registerNewMember(url, 'Carla', 'Bley');
    await follow(url, alma, bruno);
    await follow(url, alma, carla);
    const BRUNO_POSTS = ['Notes on actor-network theory', 'Laboratory life, chapter two'];
    const CARLA_POST = 'Escalator over the hill, rehearsal at five';
    for (const text of BRUNO_POSTS) await createPost(url, bruno, text);
    await createPost(url, carla, CARLA_POST);

    const page = await suite.pageAs(alma);
    await page.goto(`${url}/`);
    await postCard(page, carla, CARLA_POST).waitFor();
    for (const text of BRUNO_POSTS) await postCard(page, bruno, text).waitFor();

    const muted = nextAnswer(page, ROUTES.mute);
    await pickFromMenu(page, postCard(page, bruno, BRUNO_POSTS[0]!), 'Mute Bruno');
    expect((await muted).status()).toBe(200);
    await page.getByText("Bruno is muted. Their posts won't show in your feed.").waitFor();
    // The notice risen into place, then looked at.
    await page.waitForFunction(() =>
      document
        .getAnimations()
        .filter((animation) =>
          (animation.effect as KeyframeEffect | null)?.target?.closest('[aria-live]'),
        )
        .every((animation) => animation.playState === 'finished'),
    );
    await expectNoSeriousAxeViolations(page, 'the feed with the mute notice');
    await screenshot(page, 'edit-mute-notify-muted-1280-light', { fullPage: false });
    for (const read of ['at once', 'after a reload']) {
      if (read === 'after a reload') await page.reload();
      await postCard(page, carla, CARLA_POST).waitFor();
      expect(await page.getByRole('article').count(), read).toBe(1);
      for (const text of BRUNO_POSTS) expect(await page.getByText(text).count(), read).toBe(0);
    }
    expect((await callAs(url, alma, ROUTES.getMuted)).map((member) => member._id)).toEqual([
      bruno.id,
    ]);
  });
});

describe("a post's notifications switch", () => {
  it("the author's 'Turn off' keeps a comment from the bell; 'Turn on' lets the next one ring it", async () => {
    const url = suite.app.url;
    const hedy = await registerNewMember(url, 'Hedy', 'Lamarr');
    const grace = await registerNewMember(url, 'Grace', 'Hopper');
    const text = 'Frequency hopping, a sketch';
    const { _id: postId } = await createPost(url, hedy, text);

    const page = await suite.pageAs(hedy);
    const watched = watching(page, postId);
    await page.goto(`${url}/`);
    const post = postCard(page, hedy, text);
    await post.waitFor();
    await watched;
    await page.getByRole('button', { name: 'Notifications', exact: true }).waitFor();

    const switched = nextAnswer(page, ROUTES.postNotifications);
    await pickFromMenu(page, post, 'Turn off notifications for this post');
    expect(await (await switched).json()).toEqual({ on: false });
    expect(await menuItems(page, post)).toContain('Turn on notifications for this post');

    // Grace's comment reaches the card live, and nothing rings: the bell says so, and the server.
    await comment(grace, postId, 'Muted comment one');
    await post.getByText('Muted comment one').waitFor({ timeout: 5_000 });
    await page.getByRole('button', { name: 'Notifications', exact: true }).waitFor();
    expect(await page.getByRole('button', { name: /^Notifications, \d+ new$/ }).count()).toBe(0);
    expect(await callAs(url, hedy, ROUTES.unreadCount)).toEqual({ count: 0 });

    const switchedBack = nextAnswer(page, ROUTES.postNotifications);
    await pickFromMenu(page, post, 'Turn on notifications for this post');
    expect(await (await switchedBack).json()).toEqual({ on: true });
    expect(await menuItems(page, post)).toContain('Turn off notifications for this post');
    // One new, not two: the first comment, made while they were off, notified no one.
    await comment(grace, postId, 'Ringing comment two');
    await page.getByRole('button', { name: 'Notifications, 1 new' }).waitFor({ timeout: 5_000 });
    expect(await callAs(url, hedy, ROUTES.unreadCount)).toEqual({ count: 1 });
  });

  it("another member's 'Turn on' brings them the post's new comments", async () => {
    const url = suite.app.url;
    const hedy = await registerNewMember(url, 'Hedy', 'Lamarr');
    const sophie = await registerNewMember(url, 'Sophie', 'Wilson');
    const grace = await registerNewMember(url, 'Grace', 'Hopper');
    const text = 'Who is coming to the radio club on Friday?';
    const { _id: postId } = await createPost(url, hedy, text);

    const page = await suite.pageAs(sophie);
    await page.goto(`${url}/post/${postId}`);
    const post = postCard(page, hedy, text);
    await post.waitFor();
    const switched = nextAnswer(page, ROUTES.postNotifications);
    await pickFromMenu(page, post, 'Turn on notifications for this post');
    expect(await (await switched).json()).toEqual({ on: true });
    expect(await menuItems(page, post)).toContain('Turn off notifications for this post');

    await comment(grace, postId, 'Count me in');
    const bell = page.getByRole('button', { name: 'Notifications, 1 new' });
    await bell.waitFor({ timeout: 5_000 });
    await bell.click();
    await page
      .getByRole('link', { name: /Grace Hopper commented on a post you follow: "Count me in"/ })
      .waitFor();
    await screenshot(page, 'edit-mute-notify-followed-comment-1280-light', { fullPage: false });
  });
});

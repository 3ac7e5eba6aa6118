import { type Post, ROUTES, UI_MESSAGES } from '@hearth/contract';
import type { Locator } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { isCallOf } from './support/api.js';
import { screenshot } from './support/browser.js';
import { postCard } from './support/cards.js';
import { befriend, callAs, createPost, follow, registerNewMember } from './support/members.js';
import { useSuite } from './support/suite.js';

// Who sees what, in a real browser: a post's audience (chosen in the post dialog, changed from
// the post's menu) and blocking (from a profile, undone on Settings & privacy → Blocking). The
// layout walk (layout-*.e2e.ts) covers the same screens' layout and axe in both themes.

// Every case signs its own members up, more than the sign-up limit lets one address do.
const suite = useSuite({ env: { RATE_LIMIT_SIGNUP_IP: '1000' } });

/** The audience icon of a card (an image named 'Shared with: …', its name as tooltip). */
const audienceIcon = (post: Locator) => post.getByRole('img', { name: /^Shared with: / });

/** The audience a card shows: the icon's accessible name and its tooltip. */
async function shownAudience(post: Locator) {
  const icon = audienceIcon(post);
  return { name: await icon.getAttribute('aria-label'), tooltip: await icon.getAttribute('title') };
}

describe('a post for Friends', () => {
  const MEMBERS_POST = 'Open studio on Saturday, everyone welcome';
  const FRIENDS_POST = 'Friends only: the spare key is under the blue pot';

  it('is chosen in the Post audience panel, shows to a friend, and to no stranger', async () => {
    const url = suite.app.url;
    const hedy = await registerNewMember(url, 'Hedy', 'Lamarr');
    const frances = await registerNewMember(url, 'Frances', 'Allen');
    const sophie = await registerNewMember(url, 'Sophie', 'Wilson');
    await befriend(url, frances, hedy);
    // Sophie follows Hedy: Hedy's posts for every member reach her feed, so only the audience
    // can keep the Friends post out of it.
    await follow(url, sophie, hedy);
    await createPost(url, hedy, MEMBERS_POST);

    const hedyPage = await suite.pageAs(hedy);
    await hedyPage.goto(`${url}/`);
    expect(await shownAudience(postCard(hedyPage, hedy, MEMBERS_POST))).toEqual({
      name: 'Shared with: Members of this server',
      tooltip: 'Members of this server',
    });
    await hedyPage.getByRole('button', { name: "What's on your mind, Hedy" }).click();
    const dialog = hedyPage.getByRole('dialog', { name: 'Create post' });
    await dialog.getByRole('textbox', { name: "What's on your mind, Hedy?" }).fill(FRIENDS_POST);
    await dialog.getByRole('button', { name: 'Audience: Members of this server' }).click();

    // The dialog's second panel, on the audience chosen so far.
    const panel = hedyPage.getByRole('dialog', { name: 'Post audience' });
    await panel.getByRole('radio', { name: 'Friends' }).check();
    await panel.getByRole('button', { name: 'Done' }).click();
    const pill = dialog.getByRole('button', { name: 'Audience: Friends' });
    await pill.waitFor();
    expect(await pill.evaluate((element) => element === document.activeElement)).toBe(true);

    const created = hedyPage.waitForResponse((response) =>
      isCallOf(ROUTES.createPost, response.url(), response.request().method()),
    );
    await dialog.getByRole('button', { name: 'Post', exact: true }).click();
    const post = (await (await created).json()) as Post;
    expect(post.audience).toBe('friends');
    await dialog.waitFor({ state: 'detached' });
    expect(await shownAudience(postCard(hedyPage, hedy, FRIENDS_POST))).toEqual({
      name: 'Shared with: Friends',
      tooltip: 'Friends',
    });

    // Frances, a friend: in her feed, and on the post's own page.
    const francesPage = await suite.pageAs(frances);
    await francesPage.goto(`${url}/`);
    expect(await shownAudience(postCard(francesPage, hedy, FRIENDS_POST))).toEqual({
      name: 'Shared with: Friends',
      tooltip: 'Friends',
    });
    await francesPage.goto(`${url}/post/${post._id}`);
    await postCard(francesPage, hedy, FRIENDS_POST).waitFor();

    // Sophie, not a friend: the post's page says it isn't available; her feed and Hedy's profile
    // show Hedy's post for every member, without the Friends one.
    const sophiePage = await suite.pageAs(sophie);
    await sophiePage.goto(`${url}/post/${post._id}`);
    await sophiePage
      .getByRole('heading', { level: 1, name: UI_MESSAGES.postUnavailable })
      .waitFor();
    expect(await sophiePage.getByText(FRIENDS_POST).count()).toBe(0);
    for (const path of ['/', `/profile/${hedy.username}`]) {
      await sophiePage.goto(`${url}${path}`);
      await postCard(sophiePage, hedy, MEMBERS_POST).waitFor();
      expect(await sophiePage.getByRole('article').count()).toBe(1);
      expect(await sophiePage.getByText(FRIENDS_POST).count()).toBe(0);
    }
  });
});

describe('Edit audience from the post menu', () => {
  it('changes the card’s audience icon and its tooltip, and the server keeps it', async () => {
    const url = suite.app.url;
    const radia = await registerNewMember(url, 'Radia', 'Perlman');
    const text = 'Spanning trees, a first draft';
    const { _id: postId } = await createPost(url, radia, text);

    const page = await suite.pageAs(radia);
    await page.goto(`${url}/`);
    const post = postCard(page, radia, text);
    expect(await shownAudience(post)).toEqual({
      name: 'Shared with: Members of this server',
      tooltip: 'Members of this server',
    });
    const glyphBefore = await audienceIcon(post).innerHTML();

    await post.getByRole('button', { name: 'Post options' }).click();
    await page.getByRole('menu', { name: 'Post options' }).waitFor();
    await page.getByRole('menuitem', { name: 'Edit audience' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit audience' });
    const current = dialog.getByRole('radio', { name: 'Members of this server' });
    expect(await current.isChecked()).toBe(true);
    await dialog.getByRole('radio', { name: 'Only me' }).check();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'detached' });

    await expect
      .poll(() => shownAudience(post))
      .toEqual({ name: 'Shared with: Only me', tooltip: 'Only me' });
    // Another glyph, not only another name.
    expect(await audienceIcon(post).innerHTML()).not.toBe(glyphBefore);
    expect((await callAs(url, radia, ROUTES.getPost, { params: { postId } })).audience).toBe(
      'only_me',
    );
    await page.reload();
    expect(await shownAudience(postCard(page, radia, text))).toEqual({
      name: 'Shared with: Only me',
      tooltip: 'Only me',
    });
  });
});

describe('blocking a member from their profile', () => {
  it('takes them out of the feed and the search; Settings & privacy → Blocking unblocks', async () => {
    const url = suite.app.url;
    const alma = await registerNewMember(url, 'Alma', 'Reville');
    const bruno = await registerNewMember(url, 'Bruno', 'Latour');
    // Another Bruno, whom Alma follows: the feed and the search go on showing him.
    const other = await registerNewMember(url, 'Bruno', 'Ganz');
    await befriend(url, alma, bruno);
    await follow(url, alma, other);
    const BRUNO_POST = 'Notes on actor-network theory';
    const OTHER_POST = 'Rehearsals start on Monday';
    await createPost(url, bruno, BRUNO_POST);
    await createPost(url, other, OTHER_POST);

    const page = await suite.pageAs(alma);
    // Each search answers late, as on a slow network: an answer kept from before the block,
    // were it shown meanwhile, is sure to be read.
    await page.route(
      (address) => isCallOf(ROUTES.search, address),
      async (call) => {
        await new Promise((done) => setTimeout(done, 300));
        await call.continue();
      },
    );
    const search = page.getByRole('combobox', { name: 'Search Hearth' });
    const searchResults = page.getByRole('listbox', { name: 'Search results' });
    /**
     * The names the header's search first shows for 'Bruno': the first answer shown, not the
     * last (the app keeps each term's answer; one kept from before a block must not show while
     * the new one is on its way). The box is emptied after, so the next search types it afresh.
     */
    async function searchBruno() {
      await search.click();
      await search.fill('Bruno');
      await page.getByText(/^\d+ results?$/).waitFor();
      const names = (await searchResults.getByRole('option').allTextContents()).sort();
      await search.fill('');
      await page.keyboard.press('Escape');
      return names;
    }

    await page.goto(`${url}/`);
    await postCard(page, bruno, BRUNO_POST).waitFor();
    await postCard(page, other, OTHER_POST).waitFor();
    expect(await searchBruno()).toEqual(['Bruno Ganz', 'Bruno Latour']);

    // From his post to his profile, within the app: what it has read so far stays with it.
    await postCard(page, bruno, BRUNO_POST)
      .getByRole('link', { name: 'Bruno Latour' })
      .first()
      .click();
    await page.getByRole('heading', { level: 1, name: 'Bruno Latour' }).waitFor();
    await page.getByRole('button', { name: 'Profile options' }).click();
    await page.getByRole('menu', { name: 'Profile options' }).waitFor();
    await page.getByRole('menuitem', { name: 'Block Bruno' }).click();
    const dialog = page.getByRole('dialog', { name: 'Block Bruno?' });
    await dialog.getByRole('button', { name: 'Confirm' }).click();

    // Home, without Bruno Latour's post or his name in the search; a reload asks afresh.
    await page.waitForURL(`${url}/`);
    for (const read of ['as left by the block', 'after a reload']) {
      if (read === 'after a reload') await page.reload();
      await postCard(page, other, OTHER_POST).waitFor();
      expect(await page.getByRole('article').count(), read).toBe(1);
      expect(await page.getByText(BRUNO_POST).count(), read).toBe(0);
      expect(await searchBruno(), read).toEqual(['Bruno Ganz']);
    }

    // Settings & privacy → Blocking lists him; Unblock takes the row away.
    await page.getByRole('button', { name: 'Account', exact: true }).click();
    const menu = page.getByRole('dialog', { name: 'Account menu' });
    await menu.getByRole('button', { name: 'Settings & privacy' }).click();
    await menu.getByRole('link', { name: 'Blocking' }).click();
    await page.waitForURL(`${url}/settings/blocking`);
    const list = page.getByRole('list', { name: 'Blocked members' });
    await list.waitFor();
    expect(await list.getByRole('listitem').allInnerTexts()).toEqual([
      expect.stringContaining('Bruno Latour'),
    ]);
    await list.getByRole('button', { name: 'Unblock Bruno Latour' }).click();
    await page.getByText("You haven't blocked anyone.").waitFor();
    expect(await list.count()).toBe(0);
    expect(await callAs(url, alma, ROUTES.getBlocked)).toEqual([]);
    await screenshot(page, 'visibility-blocking-emptied-1280-light');
    expect(await searchBruno()).toEqual(['Bruno Ganz', 'Bruno Latour']);
  });
});

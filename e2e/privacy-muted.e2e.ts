import { type Privacy, ROUTES } from '@hearth/contract';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  expectNoHorizontalScroll,
  expectNoSeriousAxeViolations,
  expectPanelsFitTheWindow,
} from './support/a11y.js';
import { screenshot } from './support/browser.js';
import {
  befriend,
  callAs,
  createPost,
  follow,
  type Member,
  registerNewMember,
} from './support/members.js';
import { useSuite } from './support/suite.js';
import { inEachView } from './support/views.js';

// The privacy settings (Settings & privacy → Privacy Shortcut, and the Privacy checkup), what
// they change on a profile for others, and muting (from a profile, undone on Settings &
// privacy → Muted), in a real browser. Each page is looked at at 375 and 1280 px, in both
// themes, and axe finds nothing serious on it.

// Every case signs its own members up, more than the sign-up limit lets one address do.
const suite = useSuite({ env: { RATE_LIMIT_SIGNUP_IP: '1000' } });

const QUESTIONS = {
  defaultAudience: 'Who can see your future posts?',
  friendRequestsFrom: 'Who can send you friend requests?',
  friendsListVisibleTo: 'Who can see your friends list?',
} as const;

/** Changes `member`'s privacy settings through the API, as the privacy page does. */
function setPrivacy(member: Member, change: Partial<Privacy>) {
  return callAs(suite.app.url, member, ROUTES.updatePrivacy, { body: change });
}

/** Opens Settings & privacy in the account menu and follows its entry named `entry`. */
async function openSettingsEntry(page: Page, entry: string) {
  await page.getByRole('button', { name: 'Account', exact: true }).click();
  const menu = page.getByRole('dialog', { name: 'Account menu' });
  await menu.getByRole('button', { name: 'Settings & privacy' }).click();
  await menu.getByRole('link', { name: entry, exact: true }).click();
}

/** A setting's group of choices on the page. */
const setting = (page: Page, key: keyof typeof QUESTIONS) =>
  page.getByRole('group', { name: QUESTIONS[key] });

/** The value of the checked choice of a setting's group. */
const checkedValue = (group: Locator) =>
  group.locator('input[type="radio"]:checked').getAttribute('value');

/** Chooses `name` in a setting's group and waits for 'Saved'. */
async function choose(group: Locator, name: string) {
  await group.getByRole('radio', { name, exact: true }).check();
  await group.getByRole('status').filter({ hasText: 'Saved' }).waitFor();
}

/**
 * `member`'s page at `path`, once `ready` has found what it waits for, at 375 and 1280 px in
 * both themes: no sideways scrolling, axe finds nothing serious, and a screenshot
 * (privacy-muted-{name}-{width}-{theme}.png) to be looked at.
 */
async function lookAt(
  member: Member,
  path: string,
  name: string,
  ready: (page: Page) => Promise<unknown>,
) {
  await inEachView(suite, member, path, name, async (page, { width, dark, theme, where }) => {
    await ready(page);
    expect(await page.locator('html.dark').count(), where).toBe(dark ? 1 : 0);
    await expectNoHorizontalScroll(page, where);
    await expectPanelsFitTheWindow(page, where);
    await expectNoSeriousAxeViolations(page, where);
    await screenshot(page, `privacy-muted-${name}-${width}-${theme}`);
  });
}

describe('the privacy settings page', () => {
  it('saves each setting: it stays after a reload, and the API says so', async () => {
    const url = suite.app.url;
    const rosalind = await registerNewMember(url, 'Rosalind', 'Franklin');
    const page = await suite.pageAs(rosalind);
    await page.goto(`${url}/`);
    await openSettingsEntry(page, 'Privacy Shortcut');
    await page.waitForURL(`${url}/settings/privacy`);
    await page.getByRole('heading', { level: 1, name: 'Privacy settings' }).waitFor();

    // The defaults: members, everyone, public.
    expect(await checkedValue(setting(page, 'defaultAudience'))).toBe('members');
    expect(await checkedValue(setting(page, 'friendRequestsFrom'))).toBe('everyone');
    expect(await checkedValue(setting(page, 'friendsListVisibleTo'))).toBe('public');

    await choose(setting(page, 'defaultAudience'), 'Friends');
    await choose(setting(page, 'friendRequestsFrom'), 'Friends of friends');
    await choose(setting(page, 'friendsListVisibleTo'), 'Only me');
    await screenshot(page, 'privacy-muted-privacy-saved-1280-light');
    const chosen: Privacy = {
      defaultAudience: 'friends',
      friendRequestsFrom: 'friends_of_friends',
      friendsListVisibleTo: 'only_me',
    };
    expect(await callAs(url, rosalind, ROUTES.getPrivacy)).toEqual(chosen);

    await page.reload();
    await setting(page, 'defaultAudience').waitFor();
    expect(await checkedValue(setting(page, 'defaultAudience'))).toBe('friends');
    expect(await checkedValue(setting(page, 'friendRequestsFrom'))).toBe('friends_of_friends');
    expect(await checkedValue(setting(page, 'friendsListVisibleTo'))).toBe('only_me');

    // One more change, from the keyboard: the arrow keys move between the choices.
    await setting(page, 'friendsListVisibleTo').getByRole('radio', { name: 'Only me' }).focus();
    await page.keyboard.press('ArrowUp');
    await setting(page, 'friendsListVisibleTo')
      .getByRole('status')
      .filter({ hasText: 'Saved' })
      .waitFor();
    await expect
      .poll(() => callAs(url, rosalind, ROUTES.getPrivacy))
      .toEqual({ ...chosen, friendsListVisibleTo: 'friends' });

    // A new post starts with the default audience chosen here.
    await page.goto(`${url}/`);
    await page.getByRole('button', { name: "What's on your mind, Rosalind" }).click();
    const dialog = page.getByRole('dialog', { name: 'Create post' });
    await dialog.getByRole('button', { name: 'Audience: Friends' }).waitFor();
  });

  it('looks right on a phone and a desktop in both themes (views.ts), axe-clean', async () => {
    const dorothy = await registerNewMember(suite.app.url, 'Dorothy', 'Hodgkin');
    await setPrivacy(dorothy, { friendRequestsFrom: 'friends_of_friends' });
    await lookAt(dorothy, '/settings/privacy', 'privacy', (page) =>
      setting(page, 'friendsListVisibleTo').waitFor(),
    );
  });
});

describe('what the settings change on a profile', () => {
  it('friend requests from friends of friends: a stranger sees no Add Friend, a friend of a friend does', async () => {
    const url = suite.app.url;
    const lise = await registerNewMember(url, 'Lise', 'Meitner');
    const otto = await registerNewMember(url, 'Otto', 'Frisch');
    const niels = await registerNewMember(url, 'Niels', 'Bohr');
    const stranger = await registerNewMember(url, 'Emmy', 'Noether');
    await befriend(url, lise, otto);
    await befriend(url, otto, niels);
    await setPrivacy(lise, { friendRequestsFrom: 'friends_of_friends' });

    const strangerPage = await suite.pageAs(stranger);
    await strangerPage.goto(`${url}/profile/${lise.username}`);
    await strangerPage.getByRole('heading', { level: 1, name: 'Lise Meitner' }).waitFor();
    await strangerPage.getByRole('button', { name: 'Follow', exact: true }).waitFor();
    expect(await strangerPage.getByRole('button', { name: 'Add Friend' }).count()).toBe(0);
    await screenshot(strangerPage, 'privacy-muted-profile-no-add-friend-1280-light');

    // Niels, a friend of her friend Otto, may ask.
    const nielsPage = await suite.pageAs(niels);
    await nielsPage.goto(`${url}/profile/${lise.username}`);
    await nielsPage.getByRole('button', { name: 'Add Friend' }).waitFor();
  });

  it('friends list for Only me: another member sees no friends on the profile, the owner does', async () => {
    const url = suite.app.url;
    const chien = await registerNewMember(url, 'Chien', 'Wu');
    const tsung = await registerNewMember(url, 'Tsung', 'Lee');
    const visitor = await registerNewMember(url, 'Vera', 'Rubin');
    await befriend(url, chien, tsung);
    await setPrivacy(chien, { friendsListVisibleTo: 'only_me' });

    // Neither a stranger nor the friend himself sees the list.
    for (const member of [visitor, tsung]) {
      const page = await suite.pageAs(member);
      await page.goto(`${url}/profile/${chien.username}`);
      await page.getByRole('heading', { level: 1, name: 'Chien Wu' }).waitFor();
      const card = page.getByRole('region', { name: 'Friends' });
      await card.getByText('This friends list is private.').waitFor();
      expect(await card.getByRole('link').count()).toBe(0);
      expect(await page.getByText(/^\d+ friends?$/).count()).toBe(0);
      expect(await page.getByRole('list', { name: 'Some friends' }).count()).toBe(0);
      if (member === visitor) {
        await screenshot(page, 'privacy-muted-profile-private-friends-1280-light');
      }
    }

    const own = await suite.pageAs(chien);
    await own.goto(`${url}/profile`);
    const card = own.getByRole('region', { name: 'Friends' });
    await card.getByRole('link', { name: 'Tsung Lee' }).waitFor();
    expect(await card.getByText('1 friend', { exact: true }).count()).toBe(1);
  });
});

describe('muting a member from their profile', () => {
  it('takes their posts out of the feed; Settings & privacy → Muted lists them and unmutes', async () => {
    const url = suite.app.url;
    const barbara = await registerNewMember(url, 'Barbara', 'McClintock');
    const james = await registerNewMember(url, 'James', 'Watson');
    const other = await registerNewMember(url, 'Marie', 'Curie');
    await befriend(url, barbara, james);
    await follow(url, barbara, other);
    const JAMES_POST = 'Our model of the double helix, take three';
    const OTHER_POST = 'Polonium and radium, a progress report';
    await createPost(url, james, JAMES_POST);
    await createPost(url, other, OTHER_POST);

    const page = await suite.pageAs(barbara);
    await page.goto(`${url}/`);
    const jamesCard = page.getByRole('article', { name: 'Post by James Watson' });
    await jamesCard.filter({ hasText: JAMES_POST }).waitFor();

    await page.goto(`${url}/profile/${james.username}`);
    await page.getByRole('heading', { level: 1, name: 'James Watson' }).waitFor();
    await page.getByRole('button', { name: 'Profile options' }).click();
    await page.getByRole('menu', { name: 'Profile options' }).waitFor();
    await page.getByRole('menuitem', { name: 'Mute James' }).click();
    const dialog = page.getByRole('dialog', { name: 'Mute James?' });
    await screenshot(page, 'privacy-muted-mute-dialog-1280-light', { fullPage: false });
    await expectNoSeriousAxeViolations(page, 'the Mute dialog', { within: '[role="dialog"]' });
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await dialog.waitFor({ state: 'detached' });
    // His profile and posts stay open to her; the menu now offers Unmute.
    await page.getByRole('article').filter({ hasText: JAMES_POST }).waitFor();
    await page.getByRole('button', { name: 'Profile options' }).click();
    await page.getByRole('menuitem', { name: 'Unmute James' }).waitFor();
    await page.keyboard.press('Escape');
    expect(await callAs(url, barbara, ROUTES.getMuted)).toEqual([
      expect.objectContaining({ _id: james.id, username: james.username }),
    ]);

    // The feed, as left by the mute and after a reload: without James's post.
    await page.getByRole('link', { name: 'Home', exact: true }).click();
    await page.waitForURL(`${url}/`);
    for (const read of ['as left by the mute', 'after a reload']) {
      if (read === 'after a reload') await page.reload();
      await page.getByRole('article').filter({ hasText: OTHER_POST }).waitFor();
      expect(await page.getByText(JAMES_POST).count(), read).toBe(0);
    }

    // Settings & privacy → Muted lists him, with a link to his profile; Unmute takes him off.
    await openSettingsEntry(page, 'Muted');
    await page.waitForURL(`${url}/settings/muted`);
    const list = page.getByRole('list', { name: 'Muted members' });
    await list.waitFor();
    expect(await list.getByRole('listitem').allInnerTexts()).toEqual([
      expect.stringContaining('James Watson'),
    ]);
    expect(await list.getByRole('link', { name: 'James Watson' }).getAttribute('href')).toBe(
      `/profile/${james.username}`,
    );
    await list.getByRole('button', { name: 'Unmute James Watson' }).click();
    await page.getByText("You haven't muted anyone.").waitFor();
    expect(await list.count()).toBe(0);
    expect(await callAs(url, barbara, ROUTES.getMuted)).toEqual([]);
    await screenshot(page, 'privacy-muted-muted-emptied-1280-light');

    // His posts are back in her feed.
    await page.goto(`${url}/`);
    await page.getByRole('article').filter({ hasText: JAMES_POST }).waitFor();
  });

  it('the Muted page looks right on a phone and a desktop in both themes (views.ts), axe-clean', async () => {
    const url = suite.app.url;
    const grace = await registerNewMember(url, 'Grace', 'Hopper');
    const alan = await registerNewMember(url, 'Alan', 'Turing');
    const edsger = await registerNewMember(url, 'Edsger', 'Dijkstra');
    await callAs(url, grace, ROUTES.mute, { params: { id: alan.id } });
    await callAs(url, grace, ROUTES.mute, { params: { id: edsger.id } });
    await lookAt(grace, '/settings/muted', 'muted', (page) =>
      page
        .getByRole('list', { name: 'Muted members' })
        .getByRole('button', { name: 'Unmute Alan Turing' })
        .waitFor(),
    );
    const empty = await registerNewMember(url, 'Hedy', 'Lamarr');
    const page = await suite.pageAs(empty, { width: 375 });
    await page.goto(`${url}/settings/muted`);
    await page.getByText("You haven't muted anyone.").waitFor();
    await expectNoSeriousAxeViolations(page, 'the empty Muted page');
    await screenshot(page, 'privacy-muted-muted-empty-375-light');
  });
});

describe('the Privacy checkup', () => {
  it('walks through every step, saving as it goes, and sums up', async () => {
    const url = suite.app.url;
    const katherine = await registerNewMember(url, 'Katherine', 'Johnson');
    const page = await suite.pageAs(katherine);
    await page.goto(`${url}/`);
    await openSettingsEntry(page, 'Privacy checkup');
    await page.waitForURL(`${url}/settings/privacy-checkup`);

    const step = (title: string) => page.getByRole('heading', { level: 2, name: title });
    await step('Your future posts').waitFor();
    await page.getByText('Step 1 of 3').waitFor();
    expect(await page.getByRole('button', { name: 'Back' }).count()).toBe(0);
    await choose(setting(page, 'defaultAudience'), 'Only me');
    await page.getByRole('button', { name: 'Next' }).click();

    await step('Friend requests').waitFor();
    await page.getByText('Step 2 of 3').waitFor();
    await choose(setting(page, 'friendRequestsFrom'), 'Friends of friends');
    // Back to step 1 and forward again: the choice made there stays.
    await page.getByRole('button', { name: 'Back' }).click();
    await step('Your future posts').waitFor();
    expect(await checkedValue(setting(page, 'defaultAudience'))).toBe('only_me');
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('button', { name: 'Next' }).click();

    await step('Your friends list').waitFor();
    await page.getByText('Step 3 of 3').waitFor();
    await choose(setting(page, 'friendsListVisibleTo'), 'Friends');
    await page.getByRole('button', { name: 'Done' }).click();

    await step("You're all set").waitFor();
    const summary = await page
      .locator('dl > div')
      .evaluateAll((items) =>
        items.map((item) => [
          item.querySelector('dt')?.textContent,
          item.querySelector('dd')?.textContent,
        ]),
      );
    expect(summary).toEqual([
      [QUESTIONS.defaultAudience, 'Only me'],
      [QUESTIONS.friendRequestsFrom, 'Friends of friends'],
      [QUESTIONS.friendsListVisibleTo, 'Friends'],
    ]);
    expect(await callAs(url, katherine, ROUTES.getPrivacy)).toEqual({
      defaultAudience: 'only_me',
      friendRequestsFrom: 'friends_of_friends',
      friendsListVisibleTo: 'friends',
    });
    await screenshot(page, 'privacy-muted-checkup-done-1280-light');
    await expectNoSeriousAxeViolations(page, 'the checkup summary');
    await page.getByRole('link', { name: 'Go to Feed' }).click();
    await page.waitForURL(`${url}/`);
  });

  it('looks right on a phone and a desktop in both themes (views.ts), axe-clean', async () => {
    const mary = await registerNewMember(suite.app.url, 'Mary', 'Jackson');
    await lookAt(mary, '/settings/privacy-checkup', 'checkup', (page) =>
      setting(page, 'defaultAudience').waitFor(),
    );
  });
});

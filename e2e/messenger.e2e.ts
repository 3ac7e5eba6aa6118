import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { ROUTES } from '@hearth/contract';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectNoHorizontalScroll, expectNoSeriousAxeViolations } from './support/a11y.js';
import { screenshot } from './support/browser.js';
import { befriend, callAs, type Member, photo, registerMember } from './support/members.js';
import { useSuite } from './support/suite.js';

// The Messenger in two browsers (the messaging issue): Ada messages Bob from his profile, Bob's
// header count rises without a reload, he opens the conversation and replies with a photo; Ada
// sees him typing, then the reply, and Bob sees 'Seen' once she has read it. Then the screens
// in both themes, at both widths and in French, each looked at and checked with axe.

const suite = useSuite();

const HELLO = 'Hello Bob! Are you coming to the lake on Saturday?';
const REPLY = 'Yes! Here is the spot I told you about.';
const REQUEST = 'Hi Bob, we met at the rowing club.';

const CATALOGUES = fileURLToPath(new URL('../apps/web/src/i18n/catalogues/', import.meta.url));

/** A message of the French catalogue (a test naming a missing one fails at once). */
function french(id: string): string {
  for (const file of readdirSync(`${CATALOGUES}fr`)) {
    const found = (
      JSON.parse(readFileSync(`${CATALOGUES}fr/${file}`, 'utf8')) as Record<string, string>
    )[id];
    if (found !== undefined) return found;
  }
  throw new Error(`no message ${id}`);
}

let ada: Member;
let bob: Member;
let carl: Member;
let conversationId: string;

beforeAll(async () => {
  const url = suite.app.url;
  ada = await registerMember(url, 'Ada', 'Lovelace');
  bob = await registerMember(url, 'Bob', 'Marley');
  carl = await registerMember(url, 'Carl', 'Sagan');
  await befriend(url, ada, bob);
});

/** The conversation's messages as the page lists them. */
const messages = (page: Page) => page.getByRole('list', { name: 'Messages' });

describe('the Messenger, in two browsers', () => {
  it('Ada messages Bob from his profile; Bob’s count rises live; he replies with a photo; Ada sees typing, the reply, and Bob sees Seen', async () => {
    const bobPage = await suite.pageAs(bob, { width: 1280, height: 900 });
    await bobPage.goto(`${suite.app.url}/`);
    const bobButton = bobPage.getByRole('button', { name: 'Messenger', exact: true });
    await bobButton.waitFor();

    const adaPage = await suite.pageAs(ada, { width: 375, height: 812 });
    await adaPage.goto(`${suite.app.url}/profile/${bob.username}`);
    await adaPage.getByRole('button', { name: 'Message', exact: true }).click();
    await adaPage.waitForURL(/\/messages\/[^/]+$/);
    conversationId = new URL(adaPage.url()).pathname.split('/').at(-1) ?? '';
    const adaBox = adaPage.getByRole('textbox', { name: 'Write a message' });
    await adaBox.fill(HELLO);
    await adaPage.getByRole('button', { name: 'Send message' }).click();
    await messages(adaPage).getByText(HELLO).waitFor();

    // Bob's header, without a reload.
    const unread = bobPage.getByRole('button', { name: 'Messenger, 1 unread' });
    await unread.waitFor({ timeout: 5_000 });
    await screenshot(bobPage, 'messenger-header-count-1280', { fullPage: false });
    await unread.click();
    const entry = bobPage.getByRole('link', { name: /Ada Lovelace/ }).first();
    await entry.waitFor();
    await screenshot(bobPage, 'messenger-panel-1280', { fullPage: false });
    await expectNoSeriousAxeViolations(bobPage, 'the Messenger panel at 1280');
    await entry.click();
    await bobPage.waitForURL(`${suite.app.url}/messages/${conversationId}`);
    await messages(bobPage).getByText(HELLO).waitFor();

    // Bob types: Ada sees it; he sends a photo with his reply.
    const bobBox = bobPage.getByRole('textbox', { name: 'Write a message' });
    await bobBox.pressSequentially('Yes', { delay: 30 });
    await adaPage.getByText('Bob is typing…').waitFor({ timeout: 5_000 });
    await screenshot(adaPage, 'messenger-typing-375', { fullPage: false });
    await bobBox.fill(REPLY);
    await bobPage.getByLabel('Attach a photo').setInputFiles({
      name: 'lake.png',
      mimeType: 'image/png',
      buffer: await photo('#2a7ab0'),
    });
    await bobPage.getByRole('img', { name: 'The photo to send' }).waitFor();
    await bobPage.getByRole('button', { name: 'Send message' }).click();
    await messages(bobPage).getByText(REPLY).waitFor();

    // Ada's open conversation gets the reply and the photo, and reads them: Bob sees 'Seen'.
    await messages(adaPage).getByText(REPLY).waitFor({ timeout: 5_000 });
    const photoShown = messages(adaPage).getByRole('img', { name: /Photo from Bob/ });
    await photoShown.waitFor();
    await expect
      .poll(() => photoShown.evaluate((img: HTMLImageElement) => img.naturalWidth))
      .toBeGreaterThan(0);
    await adaPage.getByText('Bob is typing…').waitFor({ state: 'detached' });
    // 'Seen' on both sides: under Ada's message (Bob opened it), under Bob's reply (she has it open).
    await messages(adaPage).getByText('Seen', { exact: true }).waitFor({ timeout: 5_000 });
    await messages(bobPage).getByText('Seen', { exact: true }).waitFor({ timeout: 5_000 });
    await screenshot(bobPage, 'messenger-conversation-seen-1280', { fullPage: false });
    await screenshot(adaPage, 'messenger-conversation-375', { fullPage: false });
    await expectNoSeriousAxeViolations(adaPage, 'a conversation at 375');
    await expectNoHorizontalScroll(adaPage, 'a conversation at 375');

    // Ada unsends her first message: both see 'Message removed'.
    const own = messages(adaPage).getByRole('listitem').filter({ hasText: HELLO });
    await own.hover();
    await own.getByRole('button', { name: 'Unsend' }).click();
    await messages(adaPage).getByText('Message removed').waitFor();
    await messages(bobPage).getByText('Message removed').waitFor({ timeout: 5_000 });
    expect(await messages(bobPage).getByText(HELLO).count()).toBe(0);
    await expect
      .poll(async () => (await callAs(suite.app.url, bob, ROUTES.messagesUnreadCount)).count)
      .toBe(0);
  });

  it('a stranger’s message waits in Message requests until Bob accepts it', async () => {
    const url = suite.app.url;
    const started = await callAs(url, carl, ROUTES.createConversation, {
      body: { memberIds: [bob.id] },
    });
    await callAs(url, carl, ROUTES.sendMessage, {
      params: { conversationId: started._id },
      body: { text: REQUEST },
    });
    const page = await suite.pageAs(bob, { width: 375, height: 812, dark: true });
    await page.goto(`${url}/messages`);
    await page
      .getByRole('link', { name: /Ada Lovelace/ })
      .first()
      .waitFor();
    expect(await page.getByText(REQUEST).count()).toBe(0);
    await page.getByRole('tab', { name: /Message requests/ }).click();
    await page.getByRole('link', { name: /Carl Sagan/ }).click();
    await messages(page).getByText(REQUEST).waitFor();
    await page.getByRole('button', { name: 'Accept' }).waitFor();
    await screenshot(page, 'messenger-request-375-dark', { fullPage: false });
    await expectNoSeriousAxeViolations(page, 'a message request at 375, dark');
    await expectNoHorizontalScroll(page, 'a message request at 375, dark');
    await page.getByRole('button', { name: 'Accept' }).click();
    await page.getByRole('button', { name: 'Accept' }).waitFor({ state: 'detached' });
    const inbox = await callAs(url, bob, ROUTES.conversations, { query: { folder: 'inbox' } });
    expect(inbox.map((c) => c._id)).toContain(started._id);
  });

  it('the conversation in the dark theme at 1280, and in French', async () => {
    const url = suite.app.url;
    const dark = await suite.pageAs(ada, { width: 1280, height: 900, dark: true });
    await dark.goto(`${url}/messages/${conversationId}`);
    await messages(dark).getByText(REPLY).waitFor();
    await screenshot(dark, 'messenger-conversation-1280-dark', { fullPage: false });
    await expectNoSeriousAxeViolations(dark, 'a conversation at 1280, dark');

    await callAs(url, bob, ROUTES.changeLanguage, { body: { language: 'fr' } });
    const page = await suite.pageAs({ ...bob, language: 'fr' }, { width: 1280, height: 900 });
    await page.goto(`${url}/messages/${conversationId}`);
    await page
      .getByRole('list', { name: french('messenger.messages') })
      .getByText(REPLY)
      .waitFor();
    await page.getByRole('textbox', { name: french('messenger.writeMessage') }).waitFor();
    await screenshot(page, 'messenger-conversation-1280-fr', { fullPage: false });
    await expectNoSeriousAxeViolations(page, 'a conversation in French at 1280');
  });
});

import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { ROUTES } from '@hearth/contract';
import { simpleParser } from 'mailparser';
import type { BrowserContext, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectNoHorizontalScroll, expectNoSeriousAxeViolations } from './support/a11y.js';
import { callApi } from './support/api.js';
import { screenshot } from './support/browser.js';
import { befriend, createPost, type Member, registerMember } from './support/members.js';
import { useSuite } from './support/suite.js';
import { LONG, VIEWS } from './support/views.js';

// The languages issue, in a browser: French chosen in the login footer carries through sign-in to
// every screen; Arabic mirrors the layout; a Japanese member's mail is Japanese; and a walk in
// the pseudo-language finds no text that does not come from a message.

const suite = useSuite({ mail: true });

const CATALOGUES = fileURLToPath(new URL('../apps/web/src/i18n/catalogues/', import.meta.url));

/** A language's catalogue, every namespace merged: id → text. */
function catalogue(code: string): Record<string, string> {
  const merged: Record<string, string> = {};
  for (const file of readdirSync(`${CATALOGUES}${code}`)) {
    Object.assign(merged, JSON.parse(readFileSync(`${CATALOGUES}${code}/${file}`, 'utf8')));
  }
  return merged;
}

const fr = catalogue('fr');
const ar = catalogue('ar');

/** The text of message `id` in a catalogue (a test that names a missing one fails at once). */
function text(messages: Record<string, string>, id: string): string {
  const found = messages[id];
  if (found === undefined) throw new Error(`no message ${id}`);
  return found;
}

let ada: Member;
let grace: Member;
/** The browser Ada signed in with, in French, kept from the first test to the second. */
let adaContext: BrowserContext;
let adaPage: Page;

beforeAll(async () => {
  const url = suite.app.url;
  ada = await registerMember(url, 'Ada', 'Lovelace');
  grace = await registerMember(url, 'Grace', 'Hopper');
  await befriend(url, ada, grace);
  await createPost(url, grace, 'Bonjour tout le monde, here is my post.');
});

const htmlLang = (page: Page) =>
  page.evaluate(() => [document.documentElement.lang, document.documentElement.dir]);

/** Logs in through the login form, whatever its language. */
async function logInByForm(page: Page, email: string, password: string) {
  await page.locator('form input[type="email"]').first().fill(email);
  await page.locator('form input[type="password"]').first().fill(password);
  await page.locator('form button[type="submit"]').first().click();
}

describe('the members’ own languages', () => {
  it('French from the login footer: the login screen, then after signing in home, profile, friends, menus and settings', async () => {
    adaContext = await suite.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await adaContext.newPage();
    adaPage = page;
    await page.goto(`${suite.app.url}/login`);
    await page.getByRole('link', { name: 'Sign Up', exact: true }).waitFor();
    expect(await htmlLang(page)).toEqual(['en', 'ltr']);

    await page.getByRole('link', { name: 'Français (FR)' }).click();
    await page.getByRole('link', { name: text(fr, 'loginFooter.signUp'), exact: true }).waitFor();
    expect(await htmlLang(page)).toEqual(['fr', 'ltr']);
    await screenshot(page, 'languages-login-fr-1280');

    await logInByForm(page, ada.email, ada.password);
    const header = page.getByRole('banner');
    await header.getByRole('button', { name: text(fr, 'header.menu'), exact: true }).waitFor();
    await header
      .getByRole('link', { name: text(fr, 'header.friends'), exact: true })
      .first()
      .waitFor();
    // The choice made before signing in is kept with the account: every device, and the mails.
    const account = await callApi(suite.app.url, ada.token, ROUTES.getAccount);
    expect(account.language).toBe('fr');

    await page.goto(`${suite.app.url}/profile`);
    await page
      .getByRole('navigation', { name: text(fr, 'profile.sections') })
      .getByRole('link', { name: text(fr, 'profile.tabPosts') })
      .first()
      .waitFor();
    await page.goto(`${suite.app.url}/friends`);
    await page
      .getByRole('heading', { name: text(fr, 'friends.title') })
      .first()
      .waitFor();
    await page.goto(`${suite.app.url}/settings`);
    await page.getByRole('heading', { name: text(fr, 'settings.title'), level: 1 }).waitFor();
    await page
      .getByRole('button', { name: text(fr, 'header.accountMenu.account'), exact: true })
      .click();
    await page.getByRole('dialog', { name: text(fr, 'header.accountMenu.accountMenu') }).waitFor();
    await screenshot(page, 'languages-account-menu-fr-1280', { fullPage: false });
    await page.keyboard.press('Escape');
  });

  it('Arabic from the account menu mirrors the layout: the header reads from the right', async () => {
    const page = adaPage;
    await page.goto(`${suite.app.url}/`);
    const accountButton = page.getByRole('button', {
      name: text(fr, 'header.accountMenu.account'),
      exact: true,
    });
    await accountButton.click();
    const menu = page.getByRole('dialog', { name: text(fr, 'header.accountMenu.accountMenu') });
    await menu
      .getByRole('button', { name: text(fr, 'header.accountMenu.settingsPrivacy') })
      .click();
    await menu.getByRole('button', { name: text(fr, 'header.accountMenu.language') }).click();
    await menu.locator('[lang="ar"]').first().click();
    await page.waitForFunction(() => document.documentElement.dir === 'rtl');
    expect(await htmlLang(page)).toEqual(['ar', 'rtl']);
    await page.keyboard.press('Escape');

    // The logo, first in the header, sits at the right edge; the account button at the left.
    const logo = await page.getByRole('banner').getByRole('link').first().boundingBox();
    const account = await page
      .getByRole('button', { name: text(ar, 'header.accountMenu.account'), exact: true })
      .boundingBox();
    expect(logo?.x).toBeGreaterThan(1280 / 2);
    expect(account?.x).toBeLessThan(1280 / 2);
    const stored = await callApi(suite.app.url, ada.token, ROUTES.getAccount);
    expect(stored.language).toBe('ar');
    await screenshot(page, 'languages-home-ar-menu-1280', { fullPage: false });
    await adaContext.close();
  });

  // Each language at both widths in both themes with --long (the issue asks for all four), one
  // test each. By default one each, crossed: Arabic on a light phone (right to left where room is
  // shortest), French on a dark desktop.
  const allLooks = [375, 1280].flatMap((width) => [false, true].map((dark) => ({ width, dark })));
  const looks = (['fr', 'ar'] as const).flatMap((language) =>
    (LONG ? allLooks : [language === 'ar' ? VIEWS[0]! : VIEWS[1]!]).map((view) => ({
      language,
      ...view,
    })),
  );

  it.each(looks)(
    '$language reads well at $width px (dark: $dark): no sideways scroll, axe-clean',
    async ({ language, width, dark }) => {
      const theme = dark ? 'dark' : 'light';
      const page = await suite.pageAs(ada, { width, dark });
      await page.context().addCookies([{ name: 'lang', value: language, url: suite.app.url }]);
      for (const [path, name] of [
        ['/', 'home'],
        ['/profile', 'profile'],
        ['/settings', 'settings'],
      ] as const) {
        await page.goto(`${suite.app.url}${path}`);
        await page.getByRole('banner').waitFor();
        await page.getByRole('main').first().waitFor();
        await page.waitForLoadState('networkidle');
        const where = `${name} in ${language} at ${width} px, ${theme}`;
        expect(await htmlLang(page), where).toEqual([language, language === 'ar' ? 'rtl' : 'ltr']);
        await expectNoHorizontalScroll(page, where);
        await expectNoSeriousAxeViolations(page, where);
        await screenshot(page, `languages-${name}-${language}-${width}-${theme}`);
      }
    },
  );

  it('a member who reads Japanese gets Japanese mail through the SMTP server', async () => {
    const url = suite.app.url;
    const hana = await registerMember(url, 'Hana', 'Sato');
    const toHana = () => suite.mail.mails.filter((mail) => mail.to.includes(hana.email));
    // The activation mail of her sign-up first (her browser's language then: English).
    await expect.poll(() => toHana().length).toBe(1);
    await callApi(url, hana.token, ROUTES.changeLanguage, { body: { language: 'ja' } });
    const before = toHana().length;
    await callApi(url, undefined, ROUTES.sendResetCode, { body: { email: hana.email } });
    await expect
      .poll(() => suite.mail.mails.filter((mail) => mail.to.includes(hana.email)).length)
      .toBe(before + 1);
    const raw = suite.mail.mails.filter((mail) => mail.to.includes(hana.email)).at(-1)?.raw;
    // The mail as a mail program reads it (MIME words and transfer encodings undone).
    const mail = await simpleParser(raw ?? '');
    const japanese = /[\u3040-\u30ff\u4e00-\u9faf]/;
    expect(mail.subject).toMatch(japanese);
    expect(mail.text).toMatch(japanese);
    expect(mail.text).toMatch(/\b[A-Z0-9]{5}\b/);
    expect(mail.html || '').toContain('lang="ja"');
  });
});

/**
 * Every text of the page that does not come from a message: the pseudo-language wraps each
 * translated text in ⟦ ⟧, so a text node (or a label, title, placeholder or alt) with letters
 * outside the brackets was written in the code. Members' own text (marked dir="auto"), and words
 * in another language on purpose (the footer's language names, marked lang), are left out.
 */
async function untranslated(page: Page, names: readonly string[]): Promise<string[]> {
  return page.evaluate((names) => {
    const found: string[] = [];
    const bare = (value: string) => {
      // Innermost first: a message may hold another ('⟦⟦Watch⟧, 9+ new⟧').
      let left = value;
      for (let before = ''; before !== left; ) {
        before = left;
        left = left.replace(/⟦[^⟦⟧]*⟧/g, '');
      }
      for (const name of names) left = left.replaceAll(name, '');
      return left.match(/\p{L}{2,}/u);
    };
    // Members' own text (dir="auto"), words in another language on purpose (lang), names that
    // stay as they are in every language (translate="no"), a message holding elements.
    const skipped = (element: Element | null) =>
      !!element?.closest(
        '[dir="auto"], [lang]:not(html), [translate="no"], [data-i18n-pseudo], script, style, svg, noscript',
      );
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const value = node.nodeValue ?? '';
      if (bare(value) && !skipped(node.parentElement)) found.push(`text: ${value.trim()}`);
    }
    for (const element of document.body.querySelectorAll(
      '[aria-label], [title], [placeholder], [alt]',
    )) {
      if (skipped(element)) continue;
      for (const name of ['aria-label', 'title', 'placeholder', 'alt']) {
        const value = element.getAttribute(name);
        if (value && bare(value)) found.push(`${name}: ${value}`);
      }
    }
    return [...new Set(found)];
  }, names);
}

/** The members' names the walk's pages show (in labels, where no dir="auto" can mark them). */
const memberNames = () =>
  [ada, grace].flatMap((m) => [`${m.first_name} ${m.last_name}`, m.first_name, m.last_name]);

describe('the pseudo-language walk', () => {
  /** A screen of the walk: its address, and what opens the panel it is about, if any. */
  type Stop = [name: string, path: string, open?: (page: Page) => Promise<void>];

  const bell = async (page: Page) => {
    await page.getByRole('button', { name: /^⟦Notifications/ }).click();
    await page.getByRole('dialog').first().waitFor();
  };
  const menu = (button: string, dialog: string) => async (page: Page) => {
    await page.getByRole('button', { name: button, exact: true }).click();
    await page.getByRole('dialog', { name: dialog }).waitFor();
  };

  /** Walks `stops` in one page, listing what each shows outside a message. */
  async function walk(page: Page, stops: readonly Stop[]) {
    const found: Record<string, string[]> = {};
    for (const [name, path, open] of stops) {
      await page.goto(`${suite.app.url}${path}`);
      await page.locator('#root *').first().waitFor();
      // The app has taken over (a prerendered login screen is English until then).
      await page.waitForFunction(() => document.body.innerText.includes('⟦'));
      await page.waitForLoadState('networkidle');
      await open?.(page);
      const bare = await untranslated(page, memberNames());
      if (bare.length > 0) found[name] = bare;
    }
    return found;
  }

  it('finds no text outside a message on a member’s screens, menus and panels', async () => {
    await callApi(suite.app.url, grace.token, ROUTES.changeLanguage, { body: { language: 'en' } });
    const post = await createPost(suite.app.url, grace, 'A post to open on its own page.');
    const page = await suite.pageAs(grace, { width: 1280 });
    await page.context().addCookies([{ name: 'lang', value: 'pseudo', url: suite.app.url }]);
    const found = await walk(page, [
      ['home', '/'],
      ['account menu', '/', menu('⟦Account⟧', '⟦Account menu⟧')],
      ['all-menu', '/', menu('⟦Menu⟧', '⟦Menu⟧')],
      ['notifications', '/', bell],
      ['post page', `/post/${post._id}`],
      ['profile', '/profile'],
      ['a friend’s profile', `/profile/${ada.username}`],
      ['friends', '/friends'],
      ['friend requests', '/friends/requests'],
      ['settings', '/settings'],
      ['privacy', '/settings/privacy'],
      ['blocking', '/settings/blocking'],
      ['support inbox', '/support'],
      ['about', '/about'],
    ]);
    expect(found).toEqual({});
  });

  it('finds no text outside a message on a visitor’s screens', async () => {
    const context = await suite.browser.newContext({ viewport: { width: 1280, height: 900 } });
    await context.addCookies([{ name: 'lang', value: 'pseudo', url: suite.app.url }]);
    const page = await context.newPage();
    const found = await walk(page, [
      ['login', '/login'],
      [
        'sign-up',
        '/login',
        async (p) => {
          await p.getByRole('button', { name: '⟦Create Account⟧' }).click();
          await p.getByRole('dialog').waitFor();
        },
      ],
      ['find your account', '/reset'],
      ['about', '/about'],
    ]);
    expect(found).toEqual({});
    await context.close();
  });
});

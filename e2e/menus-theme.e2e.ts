import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp } from './support/app.js';
import { launchBrowser } from './support/browser.js';
import { contextFor, createPost, type Member, registerMember } from './support/members.js';

let app: Awaited<ReturnType<typeof startApp>>;
let browser: Browser;
let ada: Member;
let page: Page;

const POST = 'Sunday picnic by the lake, who is in?';

beforeAll(async () => {
  app = await startApp();
  browser = await launchBrowser();
  ada = await registerMember(app.url, 'Ada', 'Lovelace');
  await createPost(app.url, ada, POST);
  page = await (await contextFor(browser, app.url, ada)).newPage();
});

afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

/** The accessible name of whatever has focus. */
const focusedName = (on: Page = page) =>
  on.evaluate(() => {
    const element = document.activeElement as HTMLElement | null;
    return element?.getAttribute('aria-label') ?? element?.textContent?.trim() ?? '';
  });

const focusIsIn = (panel: Locator) =>
  panel.evaluate((node) => node.contains(document.activeElement));

async function home() {
  await page.goto(`${app.url}/`);
  await page.getByRole('article').filter({ hasText: POST }).waitFor();
}

/** A press on an empty part of the page (the left edge), away from every panel. */
async function clickOutside() {
  await page.mouse.click(4, 500);
}

describe('the header menus, by mouse and by keyboard', () => {
  for (const [button, dialog] of [
    ['Menu', 'Menu'],
    ['Account', 'Account menu'],
  ] as const) {
    it(`${button}: a click opens it, a click outside closes it`, async () => {
      await home();
      const trigger = page.getByRole('button', { name: button, exact: true });
      const panel = page.getByRole('dialog', { name: dialog, exact: true });
      await trigger.click();
      await panel.waitFor();
      expect(await trigger.getAttribute('aria-expanded')).toBe('true');
      await clickOutside();
      await panel.waitFor({ state: 'detached' });
      expect(await trigger.getAttribute('aria-expanded')).toBe('false');
      // A second click on the button closes it too.
      await trigger.click();
      await panel.waitFor();
      await trigger.click();
      await panel.waitFor({ state: 'detached' });
    });

    it(`${button}: Enter and Space open it with focus inside; Escape closes it and focus returns`, async () => {
      await home();
      const trigger = page.getByRole('button', { name: button, exact: true });
      const panel = page.getByRole('dialog', { name: dialog, exact: true });
      for (const key of ['Enter', 'Space']) {
        await trigger.focus();
        await page.keyboard.press(key);
        await panel.waitFor();
        await expect.poll(() => focusIsIn(panel)).toBe(true);
        // Tab goes round inside the open menu, never out of it.
        for (let i = 0; i < 40; i++) await page.keyboard.press('Tab');
        expect(await focusIsIn(panel)).toBe(true);
        await page.keyboard.press('Escape');
        await panel.waitFor({ state: 'detached' });
        // Focus goes back once the menu has closed (a frame later on a busy machine).
        await expect.poll(() => focusedName()).toBe(button);
      }
    });
  }

  it("the account menu's sub-views: in with Enter, back with the arrow, focus following", async () => {
    await home();
    await page.getByRole('button', { name: 'Account', exact: true }).click();
    const menu = page.getByRole('dialog', { name: 'Account menu' });
    await menu.getByRole('button', { name: 'Display and accessibility' }).focus();
    await page.keyboard.press('Enter');
    await menu.getByRole('heading', { name: 'Display & Accessibility' }).waitFor();
    expect(await focusedName()).toBe('Back');
    await page.keyboard.press('Enter');
    await menu.getByRole('link', { name: /See your profile/ }).waitFor();
    expect(await focusedName()).toBe('Display and accessibility');
  });

  it('the all-menu loads its own code on first use: none of it is in the home screen’s scripts', async () => {
    const context = await contextFor(browser, app.url, ada);
    const fresh = await context.newPage();
    const scripts: string[] = [];
    fresh.on('response', (response) => {
      if (response.request().resourceType() === 'script') scripts.push(response.url());
    });
    await fresh.goto(`${app.url}/`);
    await fresh.getByRole('article').filter({ hasText: POST }).waitFor();
    const initial = [...scripts];
    for (const url of initial) {
      expect(await (await fetch(url)).text()).not.toContain('Messenger Kids');
    }
    await fresh.getByRole('button', { name: 'Menu', exact: true }).click();
    await fresh.getByRole('button', { name: 'Messenger Kids' }).waitFor();
    expect(scripts.length).toBeGreaterThan(initial.length);
    await context.close();
  });
});

describe('the other popups close on an outside click and on Escape', () => {
  it('the post options menu', async () => {
    await home();
    const post = page.getByRole('article').filter({ hasText: POST });
    const trigger = post.getByRole('button', { name: 'Post options' });
    const menu = page.getByRole('menu', { name: 'Post options' });
    await trigger.click();
    await menu.waitFor();
    await clickOutside();
    await menu.waitFor({ state: 'detached' });
    await trigger.focus();
    await page.keyboard.press('Enter');
    await menu.waitFor();
    await page.keyboard.press('Escape');
    await menu.waitFor({ state: 'detached' });
    expect(await focusedName()).toBe('Post options');
  });

  it("a comment's emoji picker", async () => {
    await home();
    const post = page.getByRole('article').filter({ hasText: POST });
    const trigger = post.getByRole('button', { name: 'Insert an emoji' });
    const picker = post.locator('.EmojiPickerReact');
    await trigger.click();
    await picker.waitFor();
    await clickOutside();
    await picker.waitFor({ state: 'detached' });
    await trigger.focus();
    await page.keyboard.press('Enter');
    await picker.waitFor();
    // The picker puts focus in its own search; Escape there closes it.
    await expect.poll(() => focusIsIn(picker)).toBe(true);
    await page.keyboard.press('Escape');
    await picker.waitFor({ state: 'detached' });
    expect(await focusedName()).toBe('Insert an emoji');
  });

  it('the create-post dialog, and its emoji picker first', async () => {
    await home();
    const prompt = page.getByRole('button', { name: "What's on your mind, Ada" });
    const dialog = page.getByRole('dialog', { name: 'Create post' });
    await prompt.click();
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Insert an emoji' }).click();
    const picker = dialog.locator('.EmojiPickerReact');
    await picker.waitFor();
    await expect.poll(() => focusIsIn(picker)).toBe(true);
    // Escape closes the picker, and only a second one the dialog.
    await page.keyboard.press('Escape');
    await picker.waitFor({ state: 'detached' });
    await dialog.waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(await focusedName()).toBe("What's on your mind, Ada");

    // A press on the backdrop closes it too.
    await prompt.click();
    await dialog.waitFor();
    await page.mouse.click(5, page.viewportSize()!.height - 5);
    await dialog.waitFor({ state: 'detached' });
    expect(await focusedName()).toBe("What's on your mind, Ada");
  });
});

describe('dark mode', () => {
  it('switched on in the account menu, it survives a reload, already at DOMContentLoaded', async () => {
    const context = await contextFor(browser, app.url, ada, { dark: false });
    const own = await context.newPage();
    await own.goto(`${app.url}/`);
    await own.getByRole('button', { name: 'Account', exact: true }).click();
    const menu = own.getByRole('dialog', { name: 'Account menu' });
    await menu.getByRole('button', { name: 'Display and accessibility' }).click();
    await menu.getByRole('group', { name: 'Dark Mode' }).getByRole('radio', { name: 'On' }).check();
    await own.locator('html.dark').waitFor({ state: 'attached' });
    const cookie = (await context.cookies()).find((c) => c.name === 'darkTheme');
    expect(cookie).toMatchObject({ value: 'true', path: '/' });
    // A preference outlives the session: a lasting cookie, not one for this visit only.
    expect(cookie!.expires).toBeGreaterThan(Date.now() / 1000 + 300 * 24 * 3600);

    const darkAtLoad = own
      .waitForEvent('domcontentloaded')
      .then(() => own.evaluate(() => document.documentElement.classList.contains('dark')));
    await own.reload();
    expect(await darkAtLoad).toBe(true);
    await own.getByRole('button', { name: 'Account', exact: true }).click();
    await menu.getByRole('button', { name: 'Display and accessibility' }).click();
    expect(
      await menu
        .getByRole('group', { name: 'Dark Mode' })
        .getByRole('radio', { name: 'On' })
        .isChecked(),
    ).toBe(true);

    // Off again: light after the next reload.
    await menu
      .getByRole('group', { name: 'Dark Mode' })
      .getByRole('radio', { name: 'Off' })
      .check();
    await own.reload();
    await own.getByRole('button', { name: 'Account', exact: true }).waitFor();
    expect(await own.locator('html.dark').count()).toBe(0);
    await context.close();
  });

  it('applies before the first paint: the page is dark before any of the app’s code runs', async () => {
    for (const [dark, background] of [
      [true, 'rgb(24, 25, 26)'],
      [false, 'rgb(240, 242, 245)'],
    ] as const) {
      const context = await contextFor(browser, app.url, ada, { dark });
      const bare = await context.newPage();
      // Without the app's scripts nothing but the inline script in <head> can set the theme.
      await bare.route('**/assets/*.js', (route) => route.abort());
      await bare.goto(`${app.url}/login`);
      expect(await bare.locator('html.dark').count()).toBe(dark ? 1 : 0);
      expect(await bare.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe(
        background,
      );
      await context.close();
    }
  });
});

describe('the keyboard', () => {
  /** Whether the focused element, or a box just around it, shows the theme's focus colour. */
  const showsFocusRing = (on: Page, focusColour: string) =>
    on.evaluate((colour) => {
      let element = document.activeElement;
      // Past the last control focus leaves the page for the browser's own controls.
      if (element === document.body) return true;
      for (let depth = 0; element && element !== document.body && depth < 4; depth++) {
        const style = getComputedStyle(element);
        const outlined =
          style.outlineStyle !== 'none' &&
          Number.parseFloat(style.outlineWidth) >= 2 &&
          style.outlineColor === colour;
        if (outlined || style.boxShadow.includes(colour)) return true;
        element = element.parentElement;
      }
      return false;
    }, focusColour);

  for (const [theme, focusColour] of [
    ['light', 'rgb(37, 99, 235)'],
    ['dark', 'rgb(147, 197, 253)'],
  ] as const) {
    it(`reaches every control of home, profile and login with a visible focus ring (${theme})`, async () => {
      const context = await contextFor(browser, app.url, ada, { dark: theme === 'dark' });
      const own = await context.newPage();
      const withoutRing: string[] = [];
      for (const path of ['/', '/profile', '/login']) {
        if (path === '/login') await context.clearCookies({ name: 'user' });
        await own.goto(`${app.url}${path}`);
        await own
          .getByRole(path === '/login' ? 'button' : 'article')
          .first()
          .waitFor();
        for (let stop = 0; stop < 70; stop++) {
          await own.keyboard.press('Tab');
          if (!(await showsFocusRing(own, focusColour))) {
            withoutRing.push(`${path}: ${await focusedName(own)}`);
          }
        }
      }
      expect(withoutRing).toEqual([]);
      await context.close();
    });
  }
});

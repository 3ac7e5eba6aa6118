import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp } from './support/app.js';
import { launchBrowser } from './support/browser.js';
import { contextFor, type Member, registerMember } from './support/members.js';

let app: Awaited<ReturnType<typeof startApp>>;
let browser: Browser;
let ada: Member;

beforeAll(async () => {
  app = await startApp();
  browser = await launchBrowser();
  ada = await registerMember(app.url, 'Ada', 'Prerender');
});

afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

/**
 * Records, from before the page's first byte is parsed, whether the login form was ever
 * visible: checked on every change to the page and on every frame.
 */
async function watchForLoginForm(page: Page) {
  await page.addInitScript(() => {
    const state = window as unknown as { loginFormSeen?: boolean };
    state.loginFormSeen = false;
    const check = () => {
      const form = document.querySelector('form[aria-label="Log in"]');
      if (form?.checkVisibility()) state.loginFormSeen = true;
    };
    new MutationObserver(check).observe(document, {
      subtree: true,
      childList: true,
      attributes: true,
    });
    const frame = () => {
      check();
      requestAnimationFrame(frame);
    };
    requestAnimationFrame(frame);
  });
  return () => page.evaluate(() => (window as unknown as { loginFormSeen: boolean }).loginFormSeen);
}

describe('the login screen, prerendered', () => {
  it('is in the HTML the server sends for /login', async () => {
    const res = await fetch(`${app.url}/login`, { headers: { accept: 'text/html' } });
    const html = await res.text();
    expect(html).toContain('aria-label="Log in"');
    expect(html).toContain('placeholder="Email address or phone number"');
    expect(html).toContain('placeholder="Password"');
    expect(html).toMatch(/>Log In<\/button>/);
  });

  it('shows before the app has loaded, and the app takes it over', async () => {
    const context = await browser.newContext({ viewport: { width: 375, height: 800 } });
    const page = await context.newPage();
    // The app's entry never arrives: whatever shows is the prerendered markup.
    await context.route(/\/assets\/index-[^/]*\.js$/, (route) => route.abort());
    await page.goto(`${app.url}/login`);
    await expect.poll(() => page.getByRole('form', { name: 'Log in' }).isVisible()).toBe(true);
    await expect.poll(() => page.getByRole('button', { name: 'Log In' }).isVisible()).toBe(true);

    await context.unroute(/\/assets\/index-[^/]*\.js$/);
    await page.reload();
    await page.getByPlaceholder('Email address or phone number').fill('nobody@example.test');
    await page.getByPlaceholder('Password').fill('not-the-password');
    await page.getByRole('button', { name: 'Log In' }).click();
    // The app's own form answered: the server's refusal shows under it.
    await page.getByRole('alert').waitFor();
    expect(new URL(page.url()).search).toBe('');
    await context.close();
  });

  it('keeps what was typed into it before the app took it over', async () => {
    const context = await browser.newContext({ viewport: { width: 375, height: 800 } });
    const page = await context.newPage();
    // The app's entry is held back until the visitor has typed into the prerendered form.
    let release: () => void = () => undefined;
    const typed = new Promise<void>((resolve) => {
      release = resolve;
    });
    await context.route(/\/assets\/index-[^/]*\.js$/, async (route) => {
      await typed;
      await route.continue();
    });
    // Not until 'load': the page injects the held entry when it gets to it, which on a busy
    // machine can come before its load event, which would then wait for the entry forever.
    await page.goto(`${app.url}/login`, { waitUntil: 'commit' });
    await page.getByPlaceholder('Email address or phone number').fill('early@example.test');
    await page.getByPlaceholder('Password').fill('typed-early');
    release();
    // The app has taken the form over (it hydrates the prerendered markup, which stays: React
    // has tied its elements to the app's components).
    await expect
      .poll(() =>
        page.evaluate(() =>
          Object.keys(document.querySelector('form') ?? {}).some((key) =>
            key.startsWith('__reactFiber'),
          ),
        ),
      )
      .toBe(true);
    await expect
      .poll(() => page.getByPlaceholder('Email address or phone number').inputValue())
      .toBe('early@example.test');
    expect(await page.getByPlaceholder('Password').inputValue()).toBe('typed-early');
    await context.close();
  });

  it('never shows to a member with a session, on / or on /login', async () => {
    for (const path of ['/', '/login', '/friends']) {
      const context = await contextFor(browser, app.url, ada);
      const page = await context.newPage();
      const loginFormSeen = await watchForLoginForm(page);
      await page.goto(`${app.url}${path}`);
      // The header's link to the member's profile: the logged-in screen is up.
      await page.getByRole('link', { name: 'Ada' }).first().waitFor();
      expect(await loginFormSeen(), path).toBe(false);
      await context.close();
    }
  });

  it('shows in place of a logged-in screen without a session, and nowhere on /reset', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const loginFormSeen = await watchForLoginForm(page);
    await page.goto(`${app.url}/reset`);
    await page.getByRole('heading', { name: 'Find your Account' }).waitFor();
    expect(await loginFormSeen()).toBe(false);

    await page.goto(`${app.url}/friends`);
    await page.getByRole('button', { name: 'Log In' }).waitFor();
    expect(await loginFormSeen()).toBe(true);
    await context.close();
  });
});

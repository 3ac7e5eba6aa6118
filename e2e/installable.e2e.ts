import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { type BrowserContext, chromium, type Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoSeriousAxeViolations } from './support/a11y.js';
import { startApp } from './support/app.js';
import { CHROMIUM_ARGS, CHROMIUM_PATH, screenshot } from './support/browser.js';
import {
  createPost,
  follow,
  type Member,
  memberCookies,
  registerMember,
} from './support/members.js';

// The phone issue: Hearth as an installable app, its service worker keeping what a member saw
// for when the network is away, a new build announced, and nothing of a member kept past logout.

const GRACE_POST = 'Lighthouse walk at low tide';
const ADA_POST = 'Bread from the new bakery';
const MEMBER_CACHES = ['hearth-pages', 'hearth-api', 'hearth-media'];

/** The built web app, copied: this file writes a "new build" of its service worker into it. */
const webDist = mkdtempSync(join(tmpdir(), 'hearth-web-dist-'));
/**
 * A browser profile on disk: Chromium installs nothing from a profile that forgets everything
 * (Playwright's usual contexts are incognito, which `Page.getInstallabilityErrors` reports).
 */
const profile = mkdtempSync(join(tmpdir(), 'hearth-chromium-'));

let app: Awaited<ReturnType<typeof startApp>>;
let context: BrowserContext;
let page: Page;
let ada: Member;
let grace: Member;

beforeAll(async () => {
  cpSync(resolve(import.meta.dirname, '..', 'apps', 'web', 'dist'), webDist, { recursive: true });
  // The worker as it is on disk, not its precompressed copies, so a rewrite below is what is sent.
  for (const copy of ['sw.js.br', 'sw.js.gz']) rmSync(join(webDist, copy), { force: true });
  app = await startApp({ WEB_DIST: webDist });
  ada = await registerMember(app.url, 'Ada', 'Lovelace');
  grace = await registerMember(app.url, 'Grace', 'Hopper');
  await follow(app.url, ada, grace);
  await createPost(app.url, ada, ADA_POST);
  await createPost(app.url, grace, GRACE_POST);
  context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [...CHROMIUM_ARGS],
    viewport: { width: 375, height: 812 },
  });
  await context.addCookies(memberCookies(app.url, ada, false));
  page = context.pages()[0] ?? (await context.newPage());
});

afterAll(async () => {
  await context?.close();
  await app?.stop();
  rmSync(webDist, { recursive: true, force: true });
  rmSync(profile, { recursive: true, force: true });
});

const card = (text: string) => page.getByRole('article').filter({ hasText: text });
const bar = (text: string) => page.getByRole('status').filter({ hasText: text });

/** The names of the caches the page's origin holds. */
const cacheNames = () => page.evaluate(() => caches.keys());

describe('Hearth on a phone, as an installed app', () => {
  it('is installable: a manifest with its icons and a service worker, no error from Chromium', async () => {
    // The first visit opens on a profile (a link someone shared).
    await page.goto(`${app.url}/profile/${grace.username}`);
    await card(GRACE_POST).waitFor();
    // The worker registers once the first screen is done, then takes this page over.
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, {
      timeout: 30_000,
    });
    const cdp = await context.newCDPSession(page);
    await expect
      .poll(async () => (await cdp.send('Page.getInstallabilityErrors')).installabilityErrors, {
        timeout: 15_000,
      })
      .toEqual([]);
    const { url: manifestUrl } = await cdp.send('Page.getAppManifest');
    expect(manifestUrl).toBe(`${app.url}/manifest.webmanifest`);

    const manifest = (await (await fetch(manifestUrl)).json()) as {
      icons: { src: string; sizes: string; purpose: string }[];
    };
    expect(manifest).toMatchObject({ name: 'Hearth', display: 'standalone', start_url: '/' });
    expect(manifest.icons.map((icon) => `${icon.sizes} ${icon.purpose}`)).toEqual([
      '192x192 any',
      '512x512 any',
      '192x192 maskable',
      '512x512 maskable',
    ]);
    for (const icon of manifest.icons) {
      const res = await fetch(new URL(icon.src, app.url));
      expect(res.headers.get('content-type')).toBe('image/png');
      const { width, height, format } = await sharp(
        Buffer.from(await res.arrayBuffer()),
      ).metadata();
      expect(`${width}x${height} ${format}`).toBe(`${icon.sizes} png`);
    }
    // The first visit loaded before the worker existed: its page is kept all the same, and the
    // home, where the installed app opens, each as the server makes it for Ada.
    const kept = (path: string) =>
      expect
        .poll(
          () =>
            page.evaluate(async (at) => {
              const response = await caches.match(at);
              return response ? (await response.text()).includes('<html') : false;
            }, path),
          { timeout: 15_000 },
        )
        .toBe(true);
    await kept(`/profile/${grace.username}`);
    await kept('/');
    const home = await page.evaluate(async () => (await caches.match('/'))?.text());
    expect(home).toContain(`"memberId":"${ada.id}"`);
  });

  it('a new build shows the reload bar; Reload switches to it', async () => {
    const worker = join(webDist, 'sw.js');
    writeFileSync(worker, `${readFileSync(worker, 'utf8')}\n// the next build\n`);
    await page.reload();
    await card(GRACE_POST).waitFor();
    const update = bar('A new version of Hearth is available');
    await update.waitFor({ timeout: 30_000 });
    await screenshot(page, 'pwa-update-375', { fullPage: false });
    await expectNoSeriousAxeViolations(page, 'the update bar');

    await Promise.all([
      page.waitForEvent('load'),
      update.getByRole('button', { name: 'Reload' }).click(),
    ]);
    await card(GRACE_POST).waitFor();
    expect(await update.count()).toBe(0);
    const waiting = await page.evaluate(
      async () => (await navigator.serviceWorker.getRegistration())?.waiting ?? null,
    );
    expect(waiting).toBeNull();
  });

  it('offline, the feed and a profile seen before show under the offline bar', async () => {
    // Grace's profile, opened once while online.
    await page.goto(`${app.url}/profile/${grace.username}`);
    await card(GRACE_POST).waitFor();
    await page.goto(`${app.url}/`);
    await card(ADA_POST).waitFor();

    // The train enters the tunnel: nothing answers any more, and the browser knows it.
    await app.stop();
    await context.setOffline(true);
    await page.goto(`${app.url}/`);
    await card(GRACE_POST).waitFor();
    await card(ADA_POST).waitFor();
    await bar('You’re offline').waitFor();
    await screenshot(page, 'pwa-offline-feed-375', { fullPage: false });
    // Wide and dark, as kept the same way.
    await context.addCookies([{ name: 'darkTheme', value: 'true', url: app.url }]);
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.reload();
    await card(GRACE_POST).waitFor();
    await bar('You’re offline').waitFor();
    await screenshot(page, 'pwa-offline-feed-1280-dark', { fullPage: false });
    await expectNoSeriousAxeViolations(page, 'the offline bar, dark');
    await context.addCookies([{ name: 'darkTheme', value: 'false', url: app.url }]);
    await page.setViewportSize({ width: 375, height: 812 });

    await page.goto(`${app.url}/profile/${grace.username}`);
    await page.getByRole('heading', { name: 'Grace Hopper', level: 1 }).waitFor();
    await card(GRACE_POST).waitFor();
    await bar('You’re offline').waitFor();
  });

  it('after logging out, nothing of the member is kept: offline shows the login screen', async () => {
    await page.goto(`${app.url}/`);
    await card(GRACE_POST).waitFor();
    // What the member saw is kept: pages and API answers (their pictures too, had they any).
    expect(await cacheNames()).toEqual(expect.arrayContaining(['hearth-pages', 'hearth-api']));

    await page.getByRole('button', { name: 'Account' }).click();
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.getByRole('button', { name: 'Log In' }).waitFor();
    await expect.poll(cacheNames).not.toEqual(expect.arrayContaining(['hearth-pages']));
    const kept = await cacheNames();
    expect(kept.filter((name) => MEMBER_CACHES.includes(name))).toEqual([]);

    for (const path of ['/', `/profile/${grace.username}`]) {
      await page.goto(`${app.url}${path}`);
      await page.getByRole('button', { name: 'Log In' }).waitFor();
      const text = await page.locator('body').innerText();
      expect(text).not.toContain(GRACE_POST);
      expect(text).not.toContain(ADA_POST);
    }
    await screenshot(page, 'pwa-offline-logged-out-375', { fullPage: false });
  });
});

import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { startApp } from './app.js';
import { launchBrowser } from './browser.js';
import { contextFor, type Member } from './members.js';
import { startMailCatcher } from './smtp.js';

export type App = Awaited<ReturnType<typeof startApp>>;
export type MailCatcher = Awaited<ReturnType<typeof startMailCatcher>>;

export interface Suite {
  app: App;
  browser: Browser;
  /** A page of its own, logged in as `member`; its context closes after the test. */
  pageAs: (member: Member, options?: Parameters<typeof contextFor>[3]) => Promise<Page>;
}

export interface SuiteWithMail extends Suite {
  mail: MailCatcher;
}

interface SuiteOptions {
  /** The server's environment on top of startApp's. */
  env?: Record<string, string>;
  /** Start a mail catcher first, and send the server's mail to it (SMTP_URL). */
  mail?: boolean;
}

/**
 * One server and one Chromium for a whole e2e file: started before its first test (call this
 * before the file's own hooks), stopped after its last. The fields are set once beforeAll has
 * run: read them inside tests and hooks, never at the top of the file.
 */
export function useSuite(options: SuiteOptions & { mail: true }): SuiteWithMail;
export function useSuite(options?: SuiteOptions): Suite;
export function useSuite({ env = {}, mail = false }: SuiteOptions = {}): Suite | SuiteWithMail {
  const opened: BrowserContext[] = [];
  const suite = {
    async pageAs(member: Member, view?: Parameters<typeof contextFor>[3]) {
      const context = await contextFor(suite.browser, suite.app.url, member, view);
      opened.push(context);
      return context.newPage();
    },
  } as SuiteWithMail;

  beforeAll(async () => {
    if (mail) suite.mail = await startMailCatcher();
    suite.app = await startApp({ ...(mail ? { SMTP_URL: suite.mail.url } : {}), ...env });
    suite.browser = await launchBrowser();
  });

  afterEach(async () => {
    await Promise.all(opened.splice(0).map((context) => context.close()));
  });

  afterAll(async () => {
    await suite.browser?.close();
    await suite.app?.stop();
    await suite.mail?.close();
  });

  return suite;
}

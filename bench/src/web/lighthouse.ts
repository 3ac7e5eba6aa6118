import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { COOKIE_NAMES, type SessionUser } from '@hearth/contract';
import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import puppeteer from 'puppeteer-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../../e2e/support/browser.js';

export interface LighthouseResult {
  route: string;
  /** 0–100. */
  performance: number;
  lcpMs: number;
  cls: number;
  tbtMs: number;
  fcpMs: number;
}

/** Runs per route; the median one is reported, as Lighthouse's own guidance on variance advises. */
export const LIGHTHOUSE_RUNS = 3;

/**
 * Lighthouse's performance audit (desktop preset: the app's screens are desktop layouts) of
 * /login signed out and of / signed in as `member`, whose session the app reads from its cookie.
 */
export async function lighthouseRuns(
  baseUrl: string,
  member: SessionUser,
  /** Keeps the median run's whole Lighthouse report (JSON), to see what the figures come from. */
  keep?: (route: string, report: string) => Promise<void>,
): Promise<LighthouseResult[]> {
  const userDataDir = await mkdtemp(path.join(os.tmpdir(), 'hearth-lighthouse-'));
  const chrome = await launch({
    // The browser tests' Chromium and flags: nothing reaches beyond this machine.
    chromePath: CHROMIUM_PATH,
    chromeFlags: ['--headless=new', ...CHROMIUM_ARGS],
    userDataDir,
    logLevel: 'error',
  });
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
  const audit = async (route: string) => {
    const page = await browser.newPage();
    if (route !== '/login') {
      const cookie = { domain: '127.0.0.1', path: '/' };
      await browser.setCookie(
        { ...cookie, name: COOKIE_NAMES.user, value: encodeURIComponent(JSON.stringify(member)) },
        { ...cookie, name: COOKIE_NAMES.darkTheme, value: 'false' },
      );
    }
    const run = await lighthouse(
      `${baseUrl}${route}`,
      {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance'],
        // Keeps the session cookie set above; the HTTP cache starts empty all the same.
        disableStorageReset: route !== '/login',
      },
      desktopConfig,
      page,
    );
    await page.close();
    const lhr = run?.lhr;
    if (!lhr) throw new Error(`Lighthouse gave no result for ${route}`);
    if (lhr.runtimeError) throw new Error(`Lighthouse ${route}: ${lhr.runtimeError.message}`);
    const value = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
    const result: LighthouseResult = {
      route,
      performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
      lcpMs: value('largest-contentful-paint'),
      cls: value('cumulative-layout-shift'),
      tbtMs: value('total-blocking-time'),
      fcpMs: value('first-contentful-paint'),
    };
    return { result, report: typeof run.report === 'string' ? run.report : undefined };
  };
  try {
    const results: LighthouseResult[] = [];
    for (const route of ['/login', '/']) {
      const runs = [];
      for (let i = 0; i < LIGHTHOUSE_RUNS; i++) runs.push(await audit(route));
      runs.sort((a, b) => a.result.performance - b.result.performance);
      const median = runs[Math.floor(runs.length / 2)]!;
      if (keep && median.report) await keep(route, median.report);
      results.push(median.result);
    }
    return results;
  } finally {
    await browser.disconnect();
    chrome.kill();
    await rm(userDataDir, { recursive: true, force: true });
  }
}

import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { SessionUser } from '@hearth/contract';
import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import puppeteer from 'puppeteer-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../../e2e/support/browser.js';
import { describeError, withRetries, withTimeout } from '../run/resilience.js';
import { sessionCookies } from './session.js';

export interface LighthouseResult {
  /** 0–100. */
  performance: number;
  lcpMs: number;
  cls: number;
  tbtMs: number;
  fcpMs: number;
}

/**
 * mobile: Lighthouse's default config (a phone's screen, simulated slow 4G and 4× slower CPU);
 * desktop: its desktop preset.
 */
export type LighthousePreset = 'mobile' | 'desktop';
export const LIGHTHOUSE_PRESETS: readonly LighthousePreset[] = ['mobile', 'desktop'];
export const LIGHTHOUSE_ROUTES = ['/login', '/'] as const;

/** One preset on one route: the median of its runs, or why it failed. */
export interface LighthouseCell {
  preset: LighthousePreset;
  route: string;
  /** The median run (by performance score); absent when the cell failed. */
  result?: LighthouseResult;
  /** Runs that gave a result. */
  runs: number;
  /** Failed attempts that were tried again. */
  retries: number;
  error?: string;
}

/** Runs per cell; the median one is reported, as Lighthouse's own guidance on variance advises. */
export const LIGHTHOUSE_RUNS = 3;
/** A failed run (NO_NAVSTART, a timeout, Chromium gone) is tried again twice. */
export const LIGHTHOUSE_ATTEMPTS = 3;
const RUN_TIMEOUT_MS = 150_000;

type Audit = (
  baseUrl: string,
  route: string,
  preset: LighthousePreset,
  member: SessionUser | undefined,
) => Promise<{ result: LighthouseResult; report: string | undefined }>;

/** One Lighthouse run in a Chromium of its own (so a crash or a hang takes nothing else down). */
const auditOnce: Audit = async (baseUrl, route, preset, member) => {
  const userDataDir = await mkdtemp(path.join(os.tmpdir(), 'hearth-lighthouse-'));
  const chrome = await launch({
    // The browser tests' Chromium and flags: nothing reaches beyond this machine.
    chromePath: CHROMIUM_PATH,
    chromeFlags: ['--headless=new', ...CHROMIUM_ARGS],
    userDataDir,
    logLevel: 'error',
  });
  try {
    const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
    try {
      const page = await browser.newPage();
      if (member) await browser.setCookie(...sessionCookies(baseUrl, member));
      const run = await withTimeout(
        lighthouse(
          `${baseUrl}${route}`,
          {
            port: chrome.port,
            output: 'json',
            logLevel: 'error',
            onlyCategories: ['performance'],
            // Keeps the session cookie set above; the HTTP cache starts empty all the same.
            disableStorageReset: member !== undefined,
          },
          preset === 'desktop' ? desktopConfig : undefined,
          page,
        ),
        RUN_TIMEOUT_MS,
        `Lighthouse ${preset} ${route}`,
      );
      const lhr = run?.lhr;
      if (!lhr) throw new Error(`Lighthouse gave no result for ${route}`);
      if (lhr.runtimeError) {
        throw new Error(`${lhr.runtimeError.code}: ${lhr.runtimeError.message}`);
      }
      const score = lhr.categories.performance?.score;
      if (score === null || score === undefined) {
        throw new Error(`no performance score (${route}, ${preset})`);
      }
      const value = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
      return {
        result: {
          performance: Math.round(score * 100),
          lcpMs: value('largest-contentful-paint'),
          cls: value('cumulative-layout-shift'),
          tbtMs: value('total-blocking-time'),
          fcpMs: value('first-contentful-paint'),
        },
        report: typeof run.report === 'string' ? run.report : undefined,
      };
    } finally {
      await browser.disconnect().catch(() => {});
    }
  } finally {
    chrome.kill();
    await rm(userDataDir, { recursive: true, force: true }).catch(() => {});
  }
};

/**
 * Lighthouse's performance audit, mobile and desktop presets, of /login signed out and of /
 * signed in as `member` (the app reads the session from its cookie). A cell whose run fails
 * three times is reported failed; the other cells still run.
 */
export async function lighthouseCells(
  baseUrl: string,
  member: SessionUser,
  options: {
    log: (line: string) => void;
    /** Keeps the median run's whole Lighthouse report (JSON), to see what the figures come from. */
    keep?: (preset: LighthousePreset, route: string, report: string) => Promise<void>;
    /** Stands in for a real run (tests). */
    audit?: Audit;
  },
): Promise<LighthouseCell[]> {
  const audit = options.audit ?? auditOnce;
  const cells: LighthouseCell[] = [];
  for (const preset of LIGHTHOUSE_PRESETS) {
    for (const route of LIGHTHOUSE_ROUTES) {
      const cell: LighthouseCell = { preset, route, runs: 0, retries: 0 };
      cells.push(cell);
      const runs: Array<Awaited<ReturnType<Audit>>> = [];
      try {
        for (let i = 0; i < LIGHTHOUSE_RUNS; i++) {
          runs.push(
            await withRetries(
              () => audit(baseUrl, route, preset, route === '/login' ? undefined : member),
              LIGHTHOUSE_ATTEMPTS,
              (error, attempt) => {
                cell.retries += 1;
                options.log(
                  `Lighthouse ${preset} ${route} run ${i + 1} failed (attempt ${attempt}): ${describeError(error)}; trying again`,
                );
              },
            ),
          );
          cell.runs = runs.length;
        }
      } catch (error) {
        cell.error = describeError(error);
        continue;
      }
      runs.sort((a, b) => a.result.performance - b.result.performance);
      const median = runs[Math.floor(runs.length / 2)]!;
      cell.result = median.result;
      if (options.keep && median.report) await options.keep(preset, route, median.report);
    }
  }
  return cells;
}

import { describe, expect, it } from 'vitest';
import { printReport } from './print.js';
import { type BenchReport, evaluateTargets } from './report.js';

function emptyReport(): BenchReport {
  return {
    startedAt: '2026-11-24T00:00:00.000Z',
    seconds: 1,
    machine: { cpus: 2, model: 'test', loadAverageAtStart: [], loadAverageAtEnd: [], node: 'v24' },
    options: { connections: 16, seconds: 5, warmupSeconds: 1 },
    seeding: [],
    runs: [],
    growth: [],
    sqlPerRequest: [],
    targets: [],
    failures: [],
  };
}

describe('the report of a run where parts failed', () => {
  it('shows a failed Lighthouse cell with its error, its targets as failed, and the failed parts', () => {
    const report = emptyReport();
    report.lighthouse = [
      {
        preset: 'mobile',
        route: '/login',
        runs: 3,
        retries: 0,
        result: { performance: 93, lcpMs: 2100, cls: 0.001, tbtMs: 120, fcpMs: 1500 },
      },
      { preset: 'mobile', route: '/', runs: 0, retries: 2, error: 'NO_NAVSTART: no trace' },
    ];
    report.failures.push(
      { part: 'lighthouse mobile /', error: 'NO_NAVSTART: no trace' },
      { part: 'load postgres medium feed', error: 'the server exited with 1' },
    );
    report.targets = evaluateTargets(report);
    const text = printReport(report);

    expect(text).toMatch(/mobile {2}\/ +FAILED +0 {2}NO_NAVSTART: no trace/);
    expect(text).toMatch(/mobile {2}\/login +93 {2}2100 ms/);
    expect(text).toContain('FAILED parts (the run went on without them)');
    expect(text).toContain('load postgres medium feed  the server exited with 1');

    const target = (name: string) => report.targets.find((t) => t.name === name)!;
    expect(target('Lighthouse mobile performance /')).toMatchObject({
      measured: 'failed: NO_NAVSTART: no trace',
      failed: true,
    });
    expect(target('Lighthouse mobile performance /login')).toMatchObject({ met: true });
    expect(target('Lighthouse mobile LCP /login')).toMatchObject({ measured: '2.10 s', met: true });
    // Not measured at all (no desktop cells, no page weight): not run, not failed.
    expect(target('Lighthouse desktop performance /')).toMatchObject({ measured: 'not run' });
    expect(target('every part of the run completed')).toMatchObject({
      measured: '2 failed',
      met: false,
    });
    expect(text).toMatch(/! +Lighthouse mobile performance \//);
  });

  it('a run where nothing failed says so', () => {
    const report = emptyReport();
    report.targets = evaluateTargets(report);
    expect(printReport(report)).not.toContain('FAILED');
    expect(report.targets.find((t) => t.name === 'every part of the run completed')?.met).toBe(
      true,
    );
  });
});

describe('the page weight in two languages', () => {
  it('holds each route to its ceiling in English and in the translated language, each shown in the table', () => {
    const report = emptyReport();
    const transfer = (kb: number) => ({ files: 3, transferred: kb * 1024, decoded: kb * 3000 });
    const route = (path: string, language: string, kb: number) => ({
      route: path,
      signedIn: path === '/',
      language,
      htmlLang: language,
      fcpMs: 900,
      jsBeforeRender: transfer(kb),
      cssBeforeRender: transfer(5),
      all: {
        html: transfer(4),
        js: transfer(kb),
        css: transfer(5),
        image: transfer(0),
        font: transfer(0),
        api: transfer(0),
        other: transfer(0),
      },
      encodings: { br: 4 },
    });
    report.pageWeight = {
      baseUrl: 'http://127.0.0.1:1',
      acceptEncoding: 'br, gzip',
      viewport: { width: 375, height: 812, deviceScaleFactor: 3, isMobile: true, hasTouch: true },
      routes: [
        route('/login', 'en', 99),
        route('/', 'en', 140),
        route('/login', 'fr', 101),
        route('/', 'fr', 149),
      ],
    };
    report.targets = evaluateTargets(report);
    const target = (name: string) => report.targets.find((t) => t.name === name);

    expect(target('JavaScript before first render, /login (transferred)')).toMatchObject({
      met: true,
    });
    expect(target('JavaScript before first render, /login (transferred, fr)')).toMatchObject({
      measured: '101.0 KB',
      met: false,
    });
    expect(target('JavaScript before first render, / (transferred, fr)')).toMatchObject({
      met: true,
    });
    expect(printReport(report)).toMatch(/\/login in fr +900 ms +3 · 101\.0 KB/);
  });
});

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

// A vitest reporter for `npm test`'s closing summary: per suite (vitest project), the tests passed,
// failed and skipped, and the time it took, written as JSON to the file SUITE_REPORT names.
//
// Suites run side by side in one vitest run, so a suite's time is given two ways: `spanMs`, from
// its first file's start to its last file's end (what it adds to the wall clock, alone), and
// `busyMs`, the sum of its files' own durations (the work it costs, whatever ran beside it).
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

export default class SuiteReporter {
  suites = new Map();
  startedAt = Date.now();

  suite(name) {
    let entry = this.suites.get(name);
    if (!entry) {
      entry = {
        name,
        files: 0,
        passed: 0,
        failed: 0,
        skipped: 0,
        brokenFiles: 0,
        firstStart: Number.POSITIVE_INFINITY,
        lastEnd: 0,
        busyMs: 0,
      };
      this.suites.set(name, entry);
    }
    return entry;
  }

  onTestRunStart() {
    this.startedAt = Date.now();
  }

  onTestModuleStart(testModule) {
    const entry = this.suite(testModule.project.name);
    entry.firstStart = Math.min(entry.firstStart, Date.now());
  }

  onTestModuleEnd(testModule) {
    const entry = this.suite(testModule.project.name);
    entry.lastEnd = Math.max(entry.lastEnd, Date.now());
    const diagnostic = testModule.diagnostic();
    entry.busyMs += diagnostic.duration + diagnostic.collectDuration + diagnostic.setupDuration;
  }

  onTestRunEnd(testModules, unhandledErrors) {
    for (const testModule of testModules) {
      const entry = this.suite(testModule.project.name);
      entry.files += 1;
      let failedHere = 0;
      for (const test of testModule.children.allTests()) {
        const state = test.result().state;
        if (state === 'passed') entry.passed += 1;
        else if (state === 'failed') {
          entry.failed += 1;
          failedHere += 1;
        } else entry.skipped += 1;
      }
      // A file that failed without a failed test (it did not load, or a beforeAll hook threw and
      // its tests were skipped) counts as a failure: its skipped tests would hide it otherwise.
      if (testModule.state() === 'failed' && failedHere === 0) entry.brokenFiles += 1;
      // A file that never started (the run was cut short) has no start of its own.
      if (entry.firstStart === Number.POSITIVE_INFINITY) entry.firstStart = this.startedAt;
    }
    const suites = [...this.suites.values()]
      .sort((a, b) => a.name.localeCompare(b.name))
      .map(({ firstStart, lastEnd, ...rest }) => ({
        ...rest,
        spanMs: Math.max(0, lastEnd - firstStart),
      }));
    const file = process.env.SUITE_REPORT;
    if (!file) return;
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(
      file,
      JSON.stringify(
        { wallMs: Date.now() - this.startedAt, unhandledErrors: unhandledErrors.length, suites },
        null,
        2,
      ),
    );
  }
}

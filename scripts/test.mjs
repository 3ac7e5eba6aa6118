// `npm test`: every check of the project, then one closing line totalling them all.
// Steps: install what the tests need (Chromium included), build, lint, typecheck, then every vitest suite
// (contract, server, the reliability suite and the bench seed on SQLite and PostgreSQL, web
// components, browser end-to-end).
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { join } from 'node:path';
import { attempt, ensureBuilt, ensureDependencies, log, root, run } from './lib.mjs';
import { ensureNode24 } from './runtime.mjs';

await ensureNode24();

const CHROMIUM = '/usr/bin/chromium';

function ensureChromium() {
  if (existsSync(CHROMIUM)) return;
  log('Installing Debian Chromium for the browser tests…');
  const asRoot = process.getuid?.() === 0;
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const aptGet = (...args) =>
    run(asRoot ? 'apt-get' : 'sudo', asRoot ? args : ['apt-get', ...args], { env });
  aptGet('update');
  aptGet('install', '-y', 'chromium');
}

function reachable(port) {
  return new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port });
    socket.setTimeout(2000);
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => {
      socket.destroy();
      resolve(false);
    });
  });
}

const startedAt = Date.now();
const results = [];
/** One row of the closing summary: a step or a vitest suite, its counts and its time. */
function record(name, passed, failed, { skipped = 0, ms, note = '' } = {}) {
  results.push({ name, passed, failed, skipped, ms, note });
}
/** Runs a step, timing it: true when it passed. */
function timed(name, step) {
  const began = Date.now();
  const ok = step();
  record(name, ok ? 1 : 0, ok ? 0 : 1, { ms: Date.now() - began });
  return ok;
}
function duration(ms) {
  const seconds = Math.round(ms / 1000);
  return seconds < 60
    ? `${seconds}s`
    : `${Math.floor(seconds / 60)}m ${String(seconds % 60).padStart(2, '0')}s`;
}

const preparing = Date.now();
ensureDependencies();
ensureChromium();
if (!(await reachable(5432))) {
  log(
    'PostgreSQL is not reachable on 127.0.0.1:5432: the PostgreSQL suite will fail. See README (Testing).',
  );
}
ensureBuilt();
const prepareMs = Date.now() - preparing;

log('Lint (biome)…');
timed('lint', () => attempt('npx', ['biome', 'check', '.']));
log('Typecheck (tsc)…');
timed('typecheck', () => attempt('npm', ['run', 'typecheck']));

const artifacts = join(root, '.test-artifacts');
mkdirSync(artifacts, { recursive: true });
const report = join(artifacts, 'suites.json');
rmSync(report, { force: true });
log(
  'Tests (vitest: contract, server, reliability and bench seed on SQLite and PostgreSQL, web, e2e)…',
);
// `--long`: the reliability suite's larger counts and the layout walk in the dark theme too.
const long = process.argv.includes('--long');
const extra = process.argv.slice(2).filter((arg) => arg !== '--long');
const longEnv = long ? { RELIABILITY_LONG: '1', E2E_LONG: '1' } : {};
const testing = Date.now();
attempt(
  'npx',
  [
    'vitest',
    'run',
    '--reporter=default',
    `--reporter=${join(root, 'scripts', 'suite-reporter.mjs')}`,
    ...extra,
  ],
  { env: { ...process.env, ...longEnv, SUITE_REPORT: report } },
);
const vitestMs = Date.now() - testing;
if (existsSync(report)) {
  const summary = JSON.parse(readFileSync(report, 'utf8'));
  for (const suite of summary.suites) {
    record(suite.name, suite.passed, suite.failed + suite.brokenFiles, {
      skipped: suite.skipped,
      ms: suite.spanMs,
      note: `${suite.files} files, busy ${duration(suite.busyMs)}`,
    });
  }
  // An error thrown outside any test (a timer firing after its test ended) fails the run.
  if (summary.unhandledErrors > 0)
    record('vitest (errors outside tests)', 0, summary.unhandledErrors);
} else {
  record('vitest', 0, 1, { ms: vitestMs, note: 'no report: vitest did not finish' });
}

const total = results.reduce(
  (sum, r) => ({
    passed: sum.passed + r.passed,
    failed: sum.failed + r.failed,
    skipped: sum.skipped + r.skipped,
  }),
  { passed: 0, failed: 0, skipped: 0 },
);
console.log('');
console.log(
  `  ${'prepare'.padEnd(32)} ${''.padEnd(30)} ${duration(prepareMs).padStart(7)}  install, Chromium, build`,
);
for (const r of results) {
  const counts = `${r.passed} passed, ${r.failed} failed${r.skipped ? `, ${r.skipped} skipped` : ''}`;
  const time = r.ms === undefined ? '' : duration(r.ms);
  console.log(
    `  ${r.name.padEnd(32)} ${counts.padEnd(30)} ${time.padStart(7)}  ${r.note}`.trimEnd(),
  );
}
console.log(
  `  ${'vitest, wall time'.padEnd(32)} ${''.padEnd(30)} ${duration(vitestMs).padStart(7)}`,
);
console.log(
  `  ${'total'.padEnd(32)} ${''.padEnd(30)} ${duration(Date.now() - startedAt).padStart(7)}  budget 25m`,
);
console.log(
  `${total.passed} passed, ${total.failed} failed${total.skipped ? `, ${total.skipped} skipped` : ''}`,
);
process.exit(total.failed === 0 ? 0 : 1);

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

const results = [];
function record(name, passed, failed, skipped = 0) {
  results.push({ name, passed, failed, skipped });
}

ensureDependencies();
ensureChromium();
if (!(await reachable(5432))) {
  log(
    'PostgreSQL is not reachable on 127.0.0.1:5432: the PostgreSQL suite will fail. See README (Testing).',
  );
}
ensureBuilt();

log('Lint (biome)…');
record('lint', ...(attempt('npx', ['biome', 'check', '.']) ? [1, 0] : [0, 1]));
log('Typecheck (tsc)…');
record('typecheck', ...(attempt('npm', ['run', 'typecheck']) ? [1, 0] : [0, 1]));

const artifacts = join(root, '.test-artifacts');
mkdirSync(artifacts, { recursive: true });
const report = join(artifacts, 'vitest.json');
rmSync(report, { force: true });
log(
  'Tests (vitest: contract, server, reliability and bench seed on SQLite and PostgreSQL, web, e2e)…',
);
const extra = process.argv.slice(2);
attempt('npx', [
  'vitest',
  'run',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${report}`,
  ...extra,
]);
if (existsSync(report)) {
  const summary = JSON.parse(readFileSync(report, 'utf8'));
  // A file that failed without a failed test (it did not load, or a beforeAll hook threw and
  // its tests were skipped) counts as a failure: its skipped tests would hide it otherwise.
  const brokenFiles = summary.testResults.filter(
    (file) =>
      file.status === 'failed' && !file.assertionResults.some((test) => test.status === 'failed'),
  ).length;
  record(
    'vitest',
    summary.numPassedTests,
    summary.numFailedTests + brokenFiles,
    summary.numPendingTests + summary.numTodoTests,
  );
} else {
  record('vitest', 0, 1);
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
for (const r of results) {
  console.log(
    `  ${r.name.padEnd(10)} ${r.passed} passed, ${r.failed} failed${r.skipped ? `, ${r.skipped} skipped` : ''}`,
  );
}
console.log(
  `${total.passed} passed, ${total.failed} failed${total.skipped ? `, ${total.skipped} skipped` : ''}`,
);
process.exit(total.failed === 0 ? 0 : 1);

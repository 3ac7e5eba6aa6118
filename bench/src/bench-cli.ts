// `npm run bench`: seeded networks on both engines, load scenarios, SQL counts, page weight and
// Lighthouse; a table on stdout and a JSON report in bench/reports. `--help` lists the options.
import { spawn } from 'node:child_process';
import { mkdir, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { TRANSLATED_LANGUAGES } from '@hearth/contract';
import type { Engine } from '@hearth/server/seeding';
import { REPORTS_DIR as DEFAULT_REPORTS_DIR, WEB_DIST } from './paths.js';
import { printReport } from './report/print.js';
import { type BenchReport, evaluateTargets, growthRows } from './report/report.js';
import { type LoadTarget, openTarget } from './run/engine-run.js';
import { Parts } from './run/resilience.js';
import { SCENARIO_NAMES, type ScenarioName } from './run/scenarios.js';
import {
  PG_ADMIN_URL,
  SEEDED_PREFIX,
  type SeededDatabase,
  workingCopy,
} from './run/seeded-databases.js';
import { startServer } from './run/server-process.js';
import { sqlPerRequest } from './run/sql-count.js';
import { DEMO_LOGIN, isSizeName, type SizeName } from './seed/sizes.js';
import { LIGHTHOUSE_ATTEMPTS, LIGHTHOUSE_RUNS, lighthouseCells } from './web/lighthouse.js';
import { pageWeight } from './web/page-weight.js';
import { signInDemo } from './web/session.js';

/** Idle authenticated live sockets held open while the feed runs, and rounds with and without. */
const IDLE_SOCKETS = 1000;
const IDLE_SOCKET_ROUNDS = 2;

const HELP = `npm run bench -- [options]
  --engine sqlite|postgres|both   default both
  --size small,medium             sizes to run (small, medium, large); default small,medium
  --only feed,search              scenarios (${SCENARIO_NAMES.join(', ')}); the health ceiling always runs
  --duration 5                    seconds of each measured run
  --warmup 1                      seconds of warm-up before each (not measured)
  --connections 16                concurrent connections
  --no-web                        skip the page weight and Lighthouse
  --web-only                      only the page weight and Lighthouse: no load, no SQL counts
                                  (on the first engine's first size, seeded if need be)
  --language fr                   the page weight's second language, beside English (a translated
                                  language's code, or en for English alone); default fr
  --url http://127.0.0.1:3000     with --web-only: measure that running server instead, signed in
                                  as the demo member (${DEMO_LOGIN.email}) through its login
                                  call: e.g. an older checkout under \`npm run seed\` + \`npm start\`
  --cpu-prof                      write the server's CPU profiles to bench/reports/profiles-<time>/
With small and medium both run, small runs only what the growth comparison needs (feed, search).
The feed's cost of compression (rounds with and without Accept-Encoding) is measured once, on the
first engine's largest size; the feed with ${IDLE_SOCKETS} idle live sockets open against none (rounds
interleaved) on each engine's largest size. A part that fails (a seed, a scenario, the page weight, a Lighthouse
cell) is reported in the tables and the JSON report, and the run goes on; the exit code is then 1.
PostgreSQL: ${PG_ADMIN_URL} (BENCH_PG_URL to change).`;

const { values } = parseArgs({
  options: {
    engine: { type: 'string', default: 'both' },
    size: { type: 'string', default: 'small,medium' },
    only: { type: 'string' },
    duration: { type: 'string', default: '5' },
    warmup: { type: 'string', default: '1' },
    connections: { type: 'string', default: '16' },
    'no-web': { type: 'boolean', default: false },
    'web-only': { type: 'boolean', default: false },
    url: { type: 'string' },
    language: { type: 'string', default: 'fr' },
    'cpu-prof': { type: 'boolean', default: false },
    help: { type: 'boolean', default: false },
  },
});
if (values.help) {
  console.log(HELP);
  process.exit(0);
}

function fail(message: string): never {
  console.error(`${message}\n\n${HELP}`);
  process.exit(1);
}

const engines: Engine[] =
  values.engine === 'both'
    ? ['sqlite', 'postgres']
    : values.engine === 'sqlite' || values.engine === 'postgres'
      ? [values.engine]
      : fail(`Unknown engine ${values.engine}`);
const sizes = values.size
  .split(',')
  .map((s) => (isSizeName(s) && s !== 'tiny' ? s : fail(`Unknown size ${s}`)));
const only = values.only
  ?.split(',')
  .map((s) =>
    (SCENARIO_NAMES as readonly string[]).includes(s)
      ? (s as ScenarioName)
      : fail(`Unknown scenario ${s}`),
  );
const number = (text: string, name: string) => {
  const n = Number(text);
  return Number.isFinite(n) && n >= 0 ? n : fail(`--${name} must be a number`);
};
const seconds = number(values.duration, 'duration');
const warmupSeconds = number(values.warmup, 'warmup');
const connections = number(values.connections, 'connections');
const withWeb = !values['no-web'];
const webOnly = values['web-only'];
if (webOnly && !withWeb) fail('--web-only and --no-web leave nothing to run');
const externalUrl =
  values.url === undefined
    ? undefined
    : URL.canParse(values.url)
      ? new URL(values.url).origin
      : fail(`--url ${values.url} is not a URL`);
if (externalUrl && !webOnly) fail('--url needs --web-only: the load runs on seeded copies only');
/** The page weight's languages: English, and the translated one --language names. */
const webLanguages =
  values.language === 'en'
    ? ['en']
    : (TRANSLATED_LANGUAGES as readonly string[]).includes(values.language)
      ? ['en', values.language]
      : fail(`--language ${values.language} is not one of en, ${TRANSLATED_LANGUAGES.join(', ')}`);
/** Rounds of the feed with and without Accept-Encoding, interleaved. */
const COMPRESSION_ROUNDS = 3;

/** Where the JSON reports go (BENCH_REPORTS_DIR: elsewhere, as the bench's own test does). */
const REPORTS_DIR = process.env.BENCH_REPORTS_DIR ?? DEFAULT_REPORTS_DIR;
const startedAt = new Date();
const stamp = startedAt
  .toISOString()
  .replaceAll(':', '-')
  .replace(/\.\d+Z$/, 'Z');
const cpuProfileRoot = values['cpu-prof'] ? path.join(REPORTS_DIR, `profiles-${stamp}`) : undefined;
const log = (line: string) =>
  console.log(`[bench ${(performance.now() / 1000).toFixed(0).padStart(4)} s] ${line}`);
const timings: Record<string, number> = {};
const parts = new Parts(log);
// A browser connection or a child that errs after its part gave up on it must not end the run.
process.on('unhandledRejection', (error) => parts.fail('unhandled rejection', error));
process.on('uncaughtException', (error) => parts.fail('uncaught exception', error));
async function timed<T>(label: string, work: () => Promise<T>): Promise<T> {
  const start = performance.now();
  try {
    return await work();
  } finally {
    timings[label] = Math.round((performance.now() - start) / 100) / 10;
  }
}

/** Scenarios the growth comparison runs at every size, each size right after the other. */
const GROWTH: ScenarioName[] = ['health', 'feed', 'search'];

/** What each size runs: with small and medium both, small only feeds the growth comparison. */
function scenariosFor(size: SizeName): ScenarioName[] {
  const growthOnly = size === 'small' && sizes.length > 1;
  const wanted =
    only ?? (growthOnly ? ['feed', 'search'] : SCENARIO_NAMES.filter((s) => s !== 'health'));
  return ['health', ...wanted.filter((s) => s !== 'health')];
}

/**
 * Seeds what the cache lacks: one child process per engine, side by side (two cores). A seed
 * that fails is recorded; the others go on.
 */
async function seedAll(
  laneEngines: Engine[],
  laneSizes: SizeName[],
): Promise<Map<string, SeededDatabase>> {
  const seeded = new Map<string, SeededDatabase>();
  const lane = async (engine: Engine) => {
    for (const size of laneSizes) {
      const result = await parts.run(`seeding ${engine} ${size}`, () => seedOne(engine, size));
      if (result) seeded.set(`${engine}-${size}`, result);
    }
  };
  await Promise.all(laneEngines.map(lane));
  return seeded;
}

/** One seed from the cache or made now, in a child process (seed-cache-cli.ts). */
function seedOne(engine: Engine, size: SizeName): Promise<SeededDatabase> {
  return new Promise<SeededDatabase>((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [
        '--conditions',
        'source',
        '--import',
        'tsx',
        path.join(import.meta.dirname, 'seed-cache-cli.ts'),
        '--engine',
        engine,
        '--size',
        size,
      ],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    let found: SeededDatabase | undefined;
    let pending = '';
    child.stdout.on('data', (chunk: Buffer) => {
      pending += chunk.toString();
      const lines = pending.split('\n');
      pending = lines.pop() ?? '';
      for (const line of lines) {
        if (line.startsWith(SEEDED_PREFIX))
          found = JSON.parse(line.slice(SEEDED_PREFIX.length)) as SeededDatabase;
        else if (line.trim()) log(line);
      }
    });
    child.once('error', reject);
    child.once('exit', (code) =>
      found && code === 0
        ? resolve(found)
        : reject(new Error(`seeding ${engine} ${size} failed (${code})`)),
    );
  });
}

const report: BenchReport = {
  startedAt: startedAt.toISOString(),
  seconds: 0,
  machine: {
    cpus: os.cpus().length,
    model: os.cpus()[0]?.model ?? '',
    loadAverageAtStart: os.loadavg(),
    loadAverageAtEnd: [],
    node: process.version,
  },
  options: {
    engines,
    sizes,
    only,
    seconds,
    warmupSeconds,
    connections,
    withWeb,
    webOnly,
    ...(externalUrl ? { url: externalUrl } : {}),
  },
  seeding: [],
  runs: [],
  growth: [],
  sqlPerRequest: [],
  targets: [],
  failures: parts.failures,
};

try {
  if (webOnly) await webOnlyRun();
  else await fullRun();
} catch (error) {
  // Every part catches its own failures: this is a bug of the bench itself, reported all the same.
  parts.fail('bench', error);
}

// Whatever failed above, the tables and the JSON report are written.
try {
  report.growth = growthRows(report.runs);
  report.targets = evaluateTargets(report);
} catch (error) {
  parts.fail('evaluating the targets', error);
}
report.machine.loadAverageAtEnd = os.loadavg();
report.seconds = Math.round(performance.now() / 100) / 10;
(report.options as Record<string, unknown>).timings = timings;
let file: string | undefined;
try {
  await mkdir(REPORTS_DIR, { recursive: true });
  file = path.join(REPORTS_DIR, `${stamp}.json`);
  await writeFile(file, `${JSON.stringify(report, null, 2)}\n`);
} catch (error) {
  parts.fail('writing the JSON report', error);
  file = undefined;
}
try {
  console.log(`\n${printReport(report)}\n`);
} catch (error) {
  parts.fail('printing the tables', error);
}
console.log(
  `Phases (s): ${Object.entries(timings)
    .map(([k, v]) => `${k} ${v}`)
    .join(', ')}`,
);
console.log(
  `Done in ${report.seconds} s; load average ${report.machine.loadAverageAtStart.map((l) => l.toFixed(1)).join(' ')} at the start, ${report.machine.loadAverageAtEnd.map((l) => l.toFixed(1)).join(' ')} at the end.`,
);
if (file) console.log(`JSON report: ${path.relative(process.cwd(), file)}`);
if (parts.failed) {
  console.log(
    `${parts.failures.length} part(s) FAILED: ${parts.failures.map((f) => f.part).join(', ')}`,
  );
}
// Lighthouse and the PostgreSQL pool may leave handles open; the work is done.
process.exit(parts.failed ? 1 : 0);

/** Seeding, SQL counts, the load scenarios on each engine and size, then the browser's part. */
async function fullRun(): Promise<void> {
  const seeded = await timed('seeding', () => seedAll(engines, sizes));
  for (const s of seeded.values()) {
    report.seeding.push({
      engine: s.engine,
      size: s.size,
      seededSeconds: s.seededSeconds,
      fromCache: s.seededSeconds === 0,
    });
  }

  await timed('sql counts', async () => {
    for (const engine of engines) {
      const smallest = sizes.map((size) => seeded.get(`${engine}-${size}`)).find(Boolean);
      if (!smallest) continue;
      const url =
        engine === 'sqlite'
          ? `sqlite:${smallest.location}`
          : (() => {
              const u = new URL(PG_ADMIN_URL);
              u.pathname = `/${smallest.location}`;
              return u.toString();
            })();
      const counts = await parts.run(`sql counts ${engine}`, () => sqlPerRequest(url));
      if (counts) report.sqlPerRequest.push({ engine, counts });
    }
  });

  let webDone = !withWeb;
  let compressionDone = false;
  for (const engine of engines) {
    await timed(`load ${engine}`, async () => {
      const targets: LoadTarget[] = [];
      try {
        for (const size of sizes) {
          const seed = seeded.get(`${engine}-${size}`);
          if (!seed) continue;
          const target = await parts.run(`server ${engine} ${size}`, () =>
            openTarget(seed, {
              connections,
              seconds,
              warmupSeconds,
              log,
              ...(cpuProfileRoot
                ? { cpuProfileDir: path.join(cpuProfileRoot, `${engine}-${size}`) }
                : {}),
            }),
          );
          if (target) targets.push(target);
        }
        const run = (target: LoadTarget, name: ScenarioName) =>
          parts.run(`load ${engine} ${target.result.size} ${name}`, () => target.run(name));
        // The machine's other work comes and goes: sizes compared side by side run back to back.
        const wanted = new Map(targets.map((t) => [t, scenariosFor(t.result.size)]));
        for (const name of GROWTH) {
          for (const target of targets.filter((t) => wanted.get(t)!.includes(name))) {
            await run(target, name);
          }
        }
        for (const target of targets) {
          for (const name of wanted.get(target)!.filter((n) => !GROWTH.includes(n))) {
            await run(target, name);
          }
        }
        const largest = targets.at(-1);
        if (largest && !compressionDone && wanted.get(largest)!.includes('feed')) {
          compressionDone = true;
          await timed('compression', () =>
            parts.run(`compression ${engine} ${largest.result.size}`, () =>
              largest.compression(COMPRESSION_ROUNDS),
            ),
          );
        }
        if (largest && wanted.get(largest)!.includes('feed')) {
          await timed('idle sockets', () =>
            parts.run(`idle sockets ${engine} ${largest.result.size}`, () =>
              largest.idleSockets(IDLE_SOCKETS, IDLE_SOCKET_ROUNDS),
            ),
          );
        }
        const browserTarget = targets.find((t) => t.result.size === 'small') ?? targets[0];
        if (!webDone && browserTarget) {
          webDone = true;
          await runWeb(
            browserTarget.server.baseUrl,
            `${engine} ${browserTarget.result.size}`,
            WEB_DIST,
          );
        }
      } finally {
        for (const target of targets) {
          report.runs.push(target.result);
          await parts.run(`stopping ${engine} ${target.result.size}`, () => target.close());
        }
      }
    });
  }
}

/** --web-only: the page weight and Lighthouse of a running server, ours or the one at --url. */
async function webOnlyRun(): Promise<void> {
  if (externalUrl) {
    await runWeb(externalUrl, externalUrl);
    return;
  }
  const engine = engines[0]!;
  const size = sizes[0]!;
  const seed = (await timed('seeding', () => seedAll([engine], [size]))).get(`${engine}-${size}`);
  if (!seed) return;
  const copy = await workingCopy(seed);
  try {
    const server = await parts.run(`server ${engine} ${size}`, () =>
      startServer({ databaseUrl: copy.databaseUrl, dataDir: copy.dataDir }),
    );
    if (!server) return;
    try {
      await runWeb(server.baseUrl, `${engine} ${size}`, WEB_DIST);
    } finally {
      await server.stop();
    }
  } finally {
    await copy.drop();
  }
}

/**
 * The browser's part against a running server: the page weight over the wire, then Lighthouse
 * (mobile and desktop presets), signed in as the demo member through the server's login call.
 */
async function runWeb(baseUrl: string, where: string, webDist?: string): Promise<void> {
  const member = await parts.run(`sign in as ${DEMO_LOGIN.email}`, () => signInDemo(baseUrl));
  if (!member) return;
  log(`Page weight on ${where} (${DEMO_LOGIN.email} signed in for /)`);
  const weight = await timed('page weight', () =>
    parts.run('page weight', () =>
      pageWeight(baseUrl, member, { webDist, languages: webLanguages }),
    ),
  );
  if (weight) report.pageWeight = weight;
  log(`Lighthouse on ${where}: mobile and desktop, ${LIGHTHOUSE_RUNS} runs of each route`);
  const cells = await timed('lighthouse', () =>
    parts.run('lighthouse', () =>
      lighthouseCells(baseUrl, member, {
        log,
        keep: async (preset, route, json) => {
          await mkdir(REPORTS_DIR, { recursive: true });
          const name = route === '/' ? 'home' : route.slice(1);
          await writeFile(
            path.join(REPORTS_DIR, `${stamp}-lighthouse-${preset}-${name}.json`),
            json,
          );
        },
      }),
    ),
  );
  if (!cells) return;
  report.lighthouse = cells;
  for (const cell of cells) {
    if (cell.error) parts.fail(`lighthouse ${cell.preset} ${cell.route}`, cell.error);
  }
  report.lighthouseNote =
    `${where}; mobile: Lighthouse's default config (phone screen, simulated throttling), ` +
    `desktop: its desktop preset; median of ${LIGHTHOUSE_RUNS} runs, a failed run tried up to ${LIGHTHOUSE_ATTEMPTS} times`;
}

// `npm run bench`: seeded networks on both engines, load scenarios, SQL counts, page weight and
// Lighthouse; a table on stdout and a JSON report in bench/reports. `--help` lists the options.
import { spawn } from 'node:child_process';
import { mkdir, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { SessionUser } from '@hearth/contract';
import type { Engine } from '../../apps/server/src/db/database.js';
import { REPORTS_DIR, WEB_DIST } from './paths.js';
import { printReport } from './report/print.js';
import { type BenchReport, evaluateTargets, growthRows } from './report/report.js';
import { type LoadTarget, openTarget } from './run/engine-run.js';
import { signSession } from './run/fixtures.js';
import { SCENARIO_NAMES, type ScenarioName } from './run/scenarios.js';
import { PG_ADMIN_URL, SEEDED_PREFIX, type SeededDatabase } from './run/seeded-databases.js';
import { sqlPerRequest } from './run/sql-count.js';
import { DEMO_LOGIN, isSizeName, type SizeName } from './seed/sizes.js';
import { LIGHTHOUSE_RUNS, lighthouseRuns } from './web/lighthouse.js';
import { pageWeight } from './web/page-weight.js';

const HELP = `npm run bench -- [options]
  --engine sqlite|postgres|both   default both
  --size small,medium             sizes to run (small, medium, large); default small,medium
  --only feed,search              scenarios (${SCENARIO_NAMES.join(', ')}); the health ceiling always runs
  --duration 5                    seconds of each measured run
  --warmup 1                      seconds of warm-up before each (not measured)
  --connections 16                concurrent connections
  --no-web                        skip the page weight and Lighthouse
  --cpu-prof                      write the server's CPU profiles to bench/reports/profiles-<time>/
With small and medium both run, small runs only what the growth comparison needs (feed, search).
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

const startedAt = new Date();
const stamp = startedAt
  .toISOString()
  .replaceAll(':', '-')
  .replace(/\.\d+Z$/, 'Z');
const cpuProfileRoot = values['cpu-prof'] ? path.join(REPORTS_DIR, `profiles-${stamp}`) : undefined;
const log = (line: string) =>
  console.log(`[bench ${(performance.now() / 1000).toFixed(0).padStart(4)} s] ${line}`);
const timings: Record<string, number> = {};
async function timed<T>(label: string, work: () => Promise<T>): Promise<T> {
  const start = performance.now();
  try {
    return await work();
  } finally {
    timings[label] = Math.round((performance.now() - start) / 100) / 10;
  }
}

/** What each size runs: with small and medium both, small only feeds the growth comparison. */
function scenariosFor(size: SizeName): ScenarioName[] {
  const growthOnly = size === 'small' && sizes.length > 1;
  const wanted =
    only ?? (growthOnly ? ['feed', 'search'] : SCENARIO_NAMES.filter((s) => s !== 'health'));
  return ['health', ...wanted.filter((s) => s !== 'health')];
}

/** Seeds what the cache lacks: one child process per engine, side by side (two cores). */
async function seedAll(): Promise<Map<string, SeededDatabase>> {
  const seeded = new Map<string, SeededDatabase>();
  const lane = async (engine: Engine) => {
    for (const size of sizes) {
      const result = await new Promise<SeededDatabase>((resolve, reject) => {
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
        child.once('exit', (code) =>
          found && code === 0
            ? resolve(found)
            : reject(new Error(`seeding ${engine} ${size} failed (${code})`)),
        );
      });
      seeded.set(`${engine}-${size}`, result);
    }
  };
  await Promise.all(engines.map(lane));
  return seeded;
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
  options: { engines, sizes, only, seconds, warmupSeconds, connections, withWeb },
  seeding: [],
  runs: [],
  growth: [],
  sqlPerRequest: [],
  targets: [],
};

const seeded = await timed('seeding', seedAll);
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
    const smallest = seeded.get(`${engine}-${sizes[0]}`)!;
    const url =
      engine === 'sqlite'
        ? `sqlite:${smallest.location}`
        : (() => {
            const u = new URL(PG_ADMIN_URL);
            u.pathname = `/${smallest.location}`;
            return u.toString();
          })();
    report.sqlPerRequest.push({ engine, counts: await sqlPerRequest(url) });
  }
});

if (withWeb) report.pageWeight = await timed('page weight', () => pageWeight(WEB_DIST));

/** Scenarios the growth comparison runs at every size, each size right after the other. */
const GROWTH: ScenarioName[] = ['health', 'feed', 'search'];

let lighthouseDone = false;
for (const engine of engines) {
  await timed(`load ${engine}`, async () => {
    const targets: LoadTarget[] = [];
    try {
      for (const size of sizes) {
        targets.push(
          await openTarget(seeded.get(`${engine}-${size}`)!, {
            connections,
            seconds,
            warmupSeconds,
            log,
            ...(cpuProfileRoot
              ? { cpuProfileDir: path.join(cpuProfileRoot, `${engine}-${size}`) }
              : {}),
          }),
        );
      }
      // The machine's other work comes and goes: sizes compared side by side run back to back.
      const wanted = new Map(targets.map((t) => [t, scenariosFor(t.result.size)]));
      for (const name of GROWTH) {
        for (const target of targets.filter((t) => wanted.get(t)!.includes(name))) {
          await target.run(name);
        }
      }
      for (const target of targets) {
        for (const name of wanted.get(target)!.filter((n) => !GROWTH.includes(n))) {
          await target.run(name);
        }
      }
      const browserTarget = targets.find((t) => t.result.size === 'small') ?? targets[0];
      if (withWeb && !lighthouseDone && browserTarget) {
        lighthouseDone = true;
        await runLighthouse(engine, browserTarget);
      }
    } finally {
      for (const target of targets) {
        report.runs.push(target.result);
        await target.close();
      }
    }
  });
}

report.growth = growthRows(report.runs);
report.targets = evaluateTargets(report);
report.machine.loadAverageAtEnd = os.loadavg();
report.seconds = Math.round(performance.now() / 100) / 10;
(report.options as Record<string, unknown>).timings = timings;
await mkdir(REPORTS_DIR, { recursive: true });
const file = path.join(REPORTS_DIR, `${stamp}.json`);
await writeFile(file, `${JSON.stringify(report, null, 2)}\n`);
console.log(`\n${printReport(report)}\n`);
console.log(
  `Phases (s): ${Object.entries(timings)
    .map(([k, v]) => `${k} ${v}`)
    .join(', ')}`,
);
console.log(
  `Done in ${report.seconds} s; load average ${report.machine.loadAverageAtStart.map((l) => l.toFixed(1)).join(' ')} at the start, ${report.machine.loadAverageAtEnd.map((l) => l.toFixed(1)).join(' ')} at the end.`,
);
console.log(`JSON report: ${path.relative(process.cwd(), file)}`);
// Lighthouse and the PostgreSQL pool may leave handles open; the work is done.
process.exit(0);

/** Lighthouse against a running target, signed in as the demo member (the first one seeded). */
async function runLighthouse(engine: Engine, target: LoadTarget): Promise<void> {
  const demo = target.fixtures.members[0]!;
  const member: SessionUser = {
    id: demo.id,
    username: demo.username,
    first_name: demo.first_name,
    last_name: demo.last_name,
    picture: demo.picture,
    token: await signSession(demo.id),
    verified: true,
  };
  log(`Lighthouse on ${engine} ${target.result.size} (${DEMO_LOGIN.email} signed in for /)`);
  report.lighthouse = await timed('lighthouse', () =>
    lighthouseRuns(target.server.baseUrl, member, async (route, json) => {
      await mkdir(REPORTS_DIR, { recursive: true });
      const name = route === '/' ? 'home' : route.slice(1);
      await writeFile(path.join(REPORTS_DIR, `${stamp}-lighthouse-${name}.json`), json);
    }),
  );
  report.lighthouseNote = `${engine} ${target.result.size}; desktop preset, simulated throttling, median of ${LIGHTHOUSE_RUNS} runs`;
}

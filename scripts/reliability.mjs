// `npm run reliability`: the reliability suite alone (apps/server/src/reliability/), on SQLite
// and PostgreSQL. `-- --long` runs the larger counts (RELIABILITY_LONG=1); any other argument
// goes to vitest. RELIABILITY_SEED=<n> replays a fuzz run.
import { ensureBuilt, ensureDependencies, log, relay, runAsync } from './lib.mjs';
import { ensureNode24 } from './runtime.mjs';

await ensureNode24();

ensureDependencies();
// The crash and two-process tests run the built server (apps/server/dist), as `npm start` does.
ensureBuilt();

const args = process.argv.slice(2);
const long = args.includes('--long');
const extra = args.filter((arg) => arg !== '--long');
log(`Reliability suite on SQLite and PostgreSQL${long ? ', long counts' : ''}…`);

relay(
  runAsync(
    'npx',
    [
      'vitest',
      'run',
      '--project',
      'reliability-sqlite',
      '--project',
      'reliability-postgres',
      ...extra,
    ],
    { env: { ...process.env, ...(long ? { RELIABILITY_LONG: '1' } : {}) } },
  ),
);

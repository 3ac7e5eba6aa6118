// `npm run bench`: build what changed, then the benchmark (bench/src/bench-cli.ts) with its options.
import { ensureReadyOrExit, relay, root, runAsync } from './lib.mjs';
import { ensureNode24 } from './runtime.mjs';

await ensureNode24();

ensureReadyOrExit();

relay(
  runAsync(
    process.execPath,
    [
      '--conditions',
      'source',
      '--import',
      'tsx',
      'bench/src/bench-cli.ts',
      ...process.argv.slice(2),
    ],
    { cwd: root },
  ),
);

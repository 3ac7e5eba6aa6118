// `node scripts/run.mjs <command> [args…]`: a tool of the root scripts (biome, tsc, tsx, vitest)
// on the project's runtime (Node 24, fetched if this machine's is older), dependencies installed.
import { ensureDependencies, relay, runAsync } from './lib.mjs';
import { ensureNode24 } from './runtime.mjs';

await ensureNode24();
const [command, ...args] = process.argv.slice(2);
if (!command) {
  console.error('usage: node scripts/run.mjs <command> [args…]');
  process.exit(2);
}
try {
  ensureDependencies();
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
relay(runAsync(command, args));

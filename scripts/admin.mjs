// `npm run admin -- grant admin <email>` (also `grant moderator <email>`, `revoke <email>`,
// `list`): roles given on the host's machine, on the server's settings (DATABASE_URL, DATA_DIR).
// The work is in apps/server/src/admin/.
import { ensureReadyOrExit, relay, root, runAsync } from './lib.mjs';
import { ensureNode24 } from './runtime.mjs';

await ensureNode24();

ensureReadyOrExit(['contract', 'server']);

relay(
  runAsync(process.execPath, ['apps/server/dist/admin/cli.js', ...process.argv.slice(2)], {
    cwd: root,
  }),
);

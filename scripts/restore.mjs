// `npm run restore`: a backup folder back into an empty data folder or database (`-- DIR`),
// on the server's settings (DATABASE_URL, DATA_DIR). The work is in apps/server/src/backup/.
import { ensureReadyOrExit, relay, root, runAsync } from './lib.mjs';
import { ensureNode24 } from './runtime.mjs';

await ensureNode24();

ensureReadyOrExit(['contract', 'server']);

relay(
  runAsync(
    process.execPath,
    ['apps/server/dist/backup/cli.js', 'restore', ...process.argv.slice(2)],
    {
      cwd: root,
    },
  ),
);

// `npm run media:copy -- --to s3`: copies DATA_DIR/media into the bucket the S3_* settings name,
// resumably. The work is in apps/server/src/infra/storage/media-copy.ts.
import { ensureReadyOrExit, relay, root, runAsync } from './lib.mjs';
import { ensureNode24 } from './runtime.mjs';

await ensureNode24();

ensureReadyOrExit(['contract', 'server']);

relay(
  runAsync(
    process.execPath,
    ['apps/server/dist/infra/storage/media-copy-cli.js', ...process.argv.slice(2)],
    {
      cwd: root,
    },
  ),
);

// `node dist/infra/storage/media-copy-cli.js --to s3`, on the server's settings (DATA_DIR and
// the S3_* settings). Root script: `npm run media:copy -- --to s3`.
import { mediaCopyCommand } from './media-copy.js';

try {
  process.exitCode = await mediaCopyCommand(process.argv.slice(2), process.env, (line) =>
    console.log(line),
  );
} catch (error) {
  console.error(`Failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
}

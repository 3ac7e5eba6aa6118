// `npm start`: install, build and serve the product on the embedded defaults (migrations run at server start).
import { ensureReadyOrExit, log, relay, root, runAsync } from './lib.mjs';
import { ensureNode24 } from './runtime.mjs';

await ensureNode24();

ensureReadyOrExit();

log(`Starting Hearth on http://localhost:${process.env.PORT ?? 3000}`);
relay(runAsync(process.execPath, ['apps/server/dist/main.js'], { cwd: root }));

// `npm start`: install, build and serve the product on the embedded defaults (migrations run at server start).
import { ensureReadyOrExit, log, root, runAsync } from './lib.mjs';
import { ensureNode24 } from './runtime.mjs';

await ensureNode24();

ensureReadyOrExit();

log(`Starting Hearth on http://localhost:${process.env.PORT ?? 3000}`);
const server = runAsync(process.execPath, ['apps/server/dist/main.js'], { cwd: root });
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => server.kill(signal));
}
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));

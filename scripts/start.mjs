// `npm start`: install, build and serve the product on the embedded defaults (migrations run at server start).
import { ensureBuilt, ensureDependencies, log, root, runAsync } from './lib.mjs';

try {
  ensureDependencies();
  ensureBuilt();
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}

log(`Starting Hearth on http://localhost:${process.env.PORT ?? 3000}`);
const server = runAsync(process.execPath, ['apps/server/dist/main.js'], { cwd: root });
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => server.kill(signal));
}
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));

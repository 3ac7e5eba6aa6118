// `npm run dev`: the API with reload (tsx watch) and the Vite dev server proxying /api to it.
import { ensureDependencies, log, runAsync } from './lib.mjs';
import { ensureNode24 } from './runtime.mjs';

await ensureNode24();

ensureDependencies();
log('API on http://localhost:3000, web app with hot reload on http://localhost:5173');
const children = [
  runAsync('npx', ['tsx', 'watch', '--conditions', 'source', 'apps/server/src/main.ts']),
  runAsync('npx', ['vite', 'apps/web', '--port', '5173']),
];
function stop(signal) {
  for (const child of children) child.kill(signal);
}
process.on('SIGINT', () => stop('SIGINT'));
process.on('SIGTERM', () => stop('SIGTERM'));
for (const child of children) {
  child.on('exit', (code) => {
    stop('SIGTERM');
    process.exitCode = code ?? 0;
  });
}

// Shared steps of the root scripts. Only Node built-ins here: these run before `npm ci`.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const stampDir = join(root, 'node_modules', '.cache', 'hearth');

export function log(message) {
  console.log(`\x1b[36m[hearth]\x1b[0m ${message}`);
}

/** Runs a command in the repository, streaming its output; throws when it fails. */
export function run(command, args, options = {}) {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', ...options });
  if (result.status !== 0) {
    throw new Error(`${command} ${args.join(' ')} exited with ${result.status ?? result.signal}`);
  }
}

/** Like run, but reports success instead of throwing. */
export function attempt(command, args, options = {}) {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', ...options });
  return result.status === 0;
}

export function runAsync(command, args, options = {}) {
  return spawn(command, args, { cwd: root, stdio: 'inherit', ...options });
}

/**
 * Hands this process over to a child it started: signals sent to this process go to the child,
 * and this process exits with the child's code when it ends.
 */
export function relay(child) {
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
    process.on(signal, () => child.kill(signal));
  }
  child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
}

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(path)) {
    if (entry === 'node_modules' || entry === 'dist') continue;
    newest = Math.max(newest, newestMtime(join(path, entry)));
  }
  return newest;
}

/** The native-module ABI the installed modules were built for (Node's `process.versions.modules`). */
const abiStamp = join(stampDir, 'node-abi');

/**
 * Installs dependencies when node_modules is missing or older than the lock file, and rebuilds
 * native modules when they were installed under another Node version.
 */
export function ensureDependencies() {
  const lock = join(root, 'package-lock.json');
  const installed = join(root, 'node_modules', '.package-lock.json');
  const stale =
    !existsSync(installed) ||
    (existsSync(lock) && statSync(lock).mtimeMs > statSync(installed).mtimeMs);
  if (stale) {
    log('Installing dependencies (the first time takes a minute or two)…');
    run('npm', ['ci', '--no-audit', '--no-fund']);
  } else {
    const builtFor = existsSync(abiStamp) ? readFileSync(abiStamp, 'utf8').trim() : '';
    if (builtFor === process.versions.modules) return;
    // better-sqlite3 and sharp ship Node-API binaries that any Node 24 loads; a module that
    // compiles against Node's own ABI would be rebuilt here.
    log(`Rebuilding native modules for Node ${process.versions.node}…`);
    run('npm', ['rebuild']);
  }
  mkdirSync(stampDir, { recursive: true });
  writeFileSync(abiStamp, process.versions.modules);
}

const parts = [
  {
    name: 'contract',
    inputs: ['packages/contract/src', 'packages/contract/tsconfig.build.json'],
    output: 'packages/contract/dist/index.js',
    build: ['npm', ['run', 'build', '-w', '@hearth/contract']],
  },
  {
    name: 'server',
    inputs: ['packages/contract/src', 'apps/server/src', 'apps/server/tsconfig.build.json'],
    output: 'apps/server/dist/main.js',
    build: ['npm', ['run', 'build', '-w', '@hearth/server']],
  },
  {
    name: 'web',
    inputs: [
      'packages/contract/src',
      'apps/web/src',
      'apps/web/public',
      'apps/web/index.html',
      'apps/web/vite.config.ts',
      'apps/web/prerender-plugin.ts',
      'apps/web/scripts',
      'apps/web/package.json',
    ],
    output: 'apps/web/dist/index.html',
    build: ['npm', ['run', 'build', '-w', '@hearth/web']],
  },
];

/**
 * Installs and builds what is missing or stale; on failure, says why and exits. `only` names
 * the parts a command needs: the host's commands that run beside a live server (admin, backup,
 * restore, media:copy) build the server alone, never the web app, whose rebuild would take the
 * running server's script chunks from under the members' open pages.
 */
export function ensureReadyOrExit(only) {
  try {
    ensureDependencies();
    ensureBuilt(only);
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
}

/** Builds each part (or each of `only`: part names) whose sources changed since its last build. */
export function ensureBuilt(only) {
  mkdirSync(stampDir, { recursive: true });
  const lockTime = newestMtime(join(root, 'package-lock.json'));
  for (const part of parts) {
    if (only && !only.includes(part.name)) continue;
    const stamp = join(stampDir, `${part.name}.stamp`);
    const newest = Math.max(lockTime, ...part.inputs.map((p) => newestMtime(join(root, p))));
    const built = existsSync(stamp) ? Number(readFileSync(stamp, 'utf8')) : 0;
    if (existsSync(join(root, part.output)) && built >= newest) continue;
    log(`Building ${part.name}…`);
    run(...part.build);
    writeFileSync(stamp, String(newest));
  }
}

// The one runtime: Node 24. On a machine whose Node is older, the root commands fetch the
// official Node 24 build from the npm registry into .runtime/ once (its integrity checked against
// the hash pinned here), and run themselves again on it. Only Node built-ins (and lib.mjs) here.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { log, relay, root, runAsync } from './lib.mjs';

export const NODE_MAJOR = 24;
/** The build fetched when this machine's Node is older than NODE_MAJOR. */
export const NODE_VERSION = '24.21.0';
/** The npm registry's integrity of `node-<platform>-<arch>@NODE_VERSION`, per platform it has. */
const INTEGRITY = {
  'linux-x64':
    'sha512-3nULszZ5X0fciYpG0t6TrdApJzAn8+FlINP6OiMX7V8HrvpATPN936U1LlReOJriLRa4e8yEqQBYCnLyPNAs7Q==',
  'linux-arm64':
    'sha512-FpJRPEz2OvvTLfjIOlNGFY9JLPMKgl5m+d4oGYBLg24kJ1mmvN1Zl/HPJgF4HDaJ51ISev1l1cRZ/DM+keXW5g==',
};

function majorOf(version) {
  return Number(version.split('.')[0]);
}

/** Where the fetched build lives: bin/node and include/node (headers for native modules). */
export function fetchedNodeDir() {
  return join(root, '.runtime', `node-v${NODE_VERSION}-${process.platform}-${process.arch}`);
}

/** Downloads and unpacks the pinned build through npm (the registry only), checking its hash. */
function fetchNode(target) {
  const platform = `${process.platform}-${process.arch}`;
  const integrity = INTEGRITY[platform];
  if (!integrity) {
    throw new Error(
      `Hearth needs Node ${NODE_MAJOR} or newer, and there is no Node ${NODE_MAJOR} build for ${platform} to fetch: install Node ${NODE_MAJOR} (https://nodejs.org).`,
    );
  }
  const downloads = join(root, '.runtime', 'downloads');
  mkdirSync(downloads, { recursive: true });
  const spec = `node-${platform}@${NODE_VERSION}`;
  log(`Fetching Node ${NODE_VERSION} (${spec}, about 50 MB) from the npm registry, once…`);
  const packed = spawnSync('npm', ['pack', spec, '--json', '--pack-destination', downloads], {
    cwd: root,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  if (packed.status !== 0) throw new Error(`npm pack ${spec} failed`);
  const [{ filename }] = JSON.parse(packed.stdout);
  const tarball = join(downloads, filename);
  const actual = `sha512-${createHash('sha512').update(readFileSync(tarball)).digest('base64')}`;
  if (actual !== integrity) {
    rmSync(tarball, { force: true });
    throw new Error(`${spec}: integrity ${actual} is not the pinned ${integrity}; refusing it.`);
  }
  const unpacking = `${target}.partial`;
  rmSync(unpacking, { recursive: true, force: true });
  mkdirSync(unpacking, { recursive: true });
  const untar = spawnSync('tar', ['-xzf', tarball, '-C', unpacking, '--strip-components=1'], {
    stdio: 'inherit',
  });
  if (untar.status !== 0) throw new Error(`could not unpack ${tarball}`);
  renameSync(unpacking, target);
  rmSync(tarball, { force: true });
}

/**
 * Returns at once on Node 24 or newer. Otherwise runs this same command again on the fetched
 * Node 24 (its bin first on PATH, so npm, npx and every tool they start use it too, and
 * npm_config_nodedir pointing at its headers for native modules) and never returns: the process
 * ends with the child's exit code.
 */
export async function ensureNode24() {
  if (majorOf(process.versions.node) >= NODE_MAJOR) return;
  const dir = fetchedNodeDir();
  const node = join(dir, 'bin', 'node');
  try {
    if (!existsSync(node)) fetchNode(dir);
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
  log(
    `Node ${process.versions.node} is older than ${NODE_MAJOR}: running on Node ${NODE_VERSION} (.runtime/)`,
  );
  const env = {
    ...process.env,
    PATH: `${join(dir, 'bin')}:${process.env.PATH ?? ''}`,
    npm_config_nodedir: dir,
  };
  relay(runAsync(node, process.argv.slice(1), { env }));
  // Never settles: this process now only waits for the child and exits with it.
  await new Promise(() => {});
}

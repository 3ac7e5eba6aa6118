import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { configDefaults, defineConfig } from 'vitest/config';
import { compileMessages } from './apps/web/i18n-plugin.ts';

const contract = fileURLToPath(new URL('./packages/contract/src/index.ts', import.meta.url));
// The seed (bench/) reaches the server through this one entry only.
const seeding = fileURLToPath(new URL('./apps/server/src/seeding/index.ts', import.meta.url));
const alias = { '@hearth/contract': contract, '@hearth/server/seeding': seeding };

/** The reliability suite's folder: every `*.test.ts` in it is a `reliability-*` test, no other. */
const RELIABILITY = 'src/reliability';

const POSTGRES_ONLY = '**/*.postgres.test.ts';

/** A suite that runs twice: on SQLite (`<name>-sqlite`) and on PostgreSQL (`<name>-postgres`). */
function onBothEngines(
  name: string,
  root: string,
  files: { include?: string[]; exclude?: string[] } = {},
  isolate = true,
) {
  return (['sqlite', 'postgres'] as const).map((engine) => {
    // `*.postgres.test.ts`: a test of what only PostgreSQL deployments do (several processes).
    const exclude = [...(files.exclude ?? []), ...(engine === 'sqlite' ? [POSTGRES_ONLY] : [])];
    return {
      resolve: { alias },
      test: {
        name: `${name}-${engine}`,
        root,
        ...(files.include ? { include: files.include } : {}),
        ...(exclude.length > 0 ? { exclude: [...configDefaults.exclude, ...exclude] } : {}),
        environment: 'node',
        isolate,
        env: { TEST_DB: engine },
        // PostgreSQL: the run's reusable test schemas (the server's useTestApp), dropped at its end.
        ...(engine === 'postgres' && root === 'apps/server'
          ? { globalSetup: ['./src/test-support/pg-schemas.global.ts'] }
          : {}),
        testTimeout: 30_000,
        hookTimeout: 60_000,
      },
    };
  });
}

// One runner for every suite. The server and seed suites run twice: on SQLite and on PostgreSQL.
export default defineConfig({
  test: {
    // Vitest's default is one worker fewer than the cores: one, on the 2-core machines CI runs on.
    // Two keep both cores busy, e2e files included (each its own server, port and database).
    maxWorkers: 2,
    projects: [
      {
        resolve: { alias },
        test: { name: 'contract', root: 'packages/contract', environment: 'node' },
      },
      // One module graph per worker, not per file: every file builds its own app and database, so
      // nothing a file does outlives it but what the modules cache (compiled statements), and the
      // server's modules are imported once per worker instead of once per file.
      ...onBothEngines('server', 'apps/server', { exclude: [`${RELIABILITY}/**`] }, false),
      // The reliability suite (apps/server/src/reliability/README.md): `npm run reliability`
      // runs it alone, `-- --long` with the larger counts.
      ...onBothEngines('reliability', 'apps/server', { include: [`${RELIABILITY}/**/*.test.ts`] }),
      // The seed generator's own test.
      ...onBothEngines('bench', 'bench'),
      {
        plugins: [react(), compileMessages()],
        resolve: { alias },
        test: {
          name: 'web',
          root: 'apps/web',
          environment: 'happy-dom',
          setupFiles: ['./src/test/setup.ts'],
          // Above the screens' 10 s wait for a lazily loaded page (src/test/setup.ts).
          testTimeout: 20_000,
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'e2e',
          root: 'e2e',
          environment: 'node',
          include: ['**/*.e2e.ts'],
          // The layout walk (layout-*.e2e.ts: every screen, dialog and menu at each width) runs
          // with `npm test -- --long` (E2E_LONG=1) only: a third of the browser tests' time, on
          // screens each feature's own browser test also looks at (README, Working on it).
          ...(process.env.E2E_LONG === '1'
            ? {}
            : { exclude: [...configDefaults.exclude, 'layout-*.e2e.ts'] }),
          // Two files at a time: each starts its own server (a free port, its own data folder
          // and SQLite database, its own mail catcher) and its own Chromium, so files share nothing.
          testTimeout: 120_000,
          hookTimeout: 180_000,
          // expect.poll's own default (1 s) is shorter than a page's reload under load.
          expect: { poll: { timeout: 10_000 } },
        },
      },
    ],
  },
});

import { afterEach } from 'vitest';
import { type App, buildApp } from '../app.js';
import { type DatabaseHandle, openDatabase } from '../db/database.js';
import type { TestContext } from './test-app.js';

/**
 * A second server over the test app's database and configuration (its Redis too, when the test
 * app has one), with connections and caches of its own, as another process would have: the
 * function starts it (ready), and it is closed after each test.
 */
export function useSecondServer(ctx: TestContext): () => Promise<App> {
  let other: { app: App; handle: DatabaseHandle } | undefined;
  afterEach(async () => {
    await other?.app.close();
    await other?.handle.close();
    other = undefined;
  });
  return async () => {
    const handle = openDatabase(ctx.database.url);
    const app = await buildApp({ config: ctx.config, db: handle.db, clock: ctx.clock });
    await app.ready();
    other = { app, handle };
    return app;
  };
}

import cluster from 'node:cluster';
import Fastify from 'fastify';
import { buildApp } from './app.js';
import { runPrimary } from './cluster.js';
import { type AppConfig, configWarnings, loadConfig } from './config.js';
import { type DatabaseHandle, openDatabase } from './db/database.js';
import { migrateToLatest, migrationFailureLine } from './db/migrate.js';
import { hasAdmin } from './modules/community/roles.js';
import { HEARTH_VERSION } from './version.js';

const logLevel = process.env.LOG_LEVEL ?? 'info';

/** The configuration, or its one message on stderr and exit code 1 before anything listens. */
function configOrExit(): AppConfig {
  try {
    return loadConfig();
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error));
    process.exit(1);
  }
}

/**
 * Brings the database to this version's schema; a refusal (a newer version migrated it) or a
 * failed migration is said in one line on stderr, with its cause, and the process exits 1.
 */
async function migrateOrExit(database: DatabaseHandle): Promise<void> {
  try {
    await migrateToLatest(database);
  } catch (error) {
    console.error(migrationFailureLine(error));
    await database.close().catch(() => {});
    process.exit(1);
  }
}

const config = configOrExit();
// WORKERS=N: this primary migrates once, then forks N workers that run this file as workers.
const isWorker = cluster.isWorker;
if (config.workers > 1 && !isWorker) {
  const database = openDatabase(config.databaseUrl, { pgPoolSize: 1 });
  await migrateOrExit(database);
  await database.close();
  // The same log lines as a worker's app writes (pino through Fastify), without a server.
  runPrimary(config.workers, Fastify({ logger: { level: logLevel } }).log);
} else {
  await serve(config, { migrate: !isWorker });
}

async function serve(config: AppConfig, options: { migrate: boolean }): Promise<void> {
  const database = openDatabase(config.databaseUrl);
  // A worker of WORKERS=N finds the database migrated by its primary.
  if (options.migrate) await migrateOrExit(database);

  const app = await buildApp({
    config,
    db: database.db,
    logger: { level: logLevel },
  });
  app.mailDelivery.start();
  app.purges.start();
  app.imageVariants.start();
  app.signupGuard.start();
  app.dataExports.start();

  let closing = false;
  async function shutDown(signal: string): Promise<void> {
    if (closing) return;
    closing = true;
    app.log.info(`${signal}: closing`);
    // The app first (it stops the mail, purge and image-variant jobs), then the database it was using.
    await app.close();
    await database.close();
    process.exit(0);
  }
  process.once('SIGINT', () => void shutDown('SIGINT'));
  process.once('SIGTERM', () => void shutDown('SIGTERM'));

  await app.listen({ host: config.host, port: config.port });
  for (const warning of configWarnings()) app.log.warn(warning);
  const warmStart = performance.now();
  app.warmCardCache().then(
    (cards) =>
      app.log.info(
        `card cache: ${cards} cards of the newest posts built in ${Math.round(performance.now() - warmStart)} ms`,
      ),
    (error: unknown) => app.log.warn({ err: error }, 'card cache: warming up failed'),
  );
  app.log.info(
    config.smtpUrl
      ? 'mail: sent over SMTP_URL'
      : config.nodeEnv === 'production'
        ? 'mail: dev outbox, printed to this log only (set SMTP_URL to send mail)'
        : `mail: dev outbox, printed here and shown on this machine at http://localhost:${config.port}/dev/mailbox`,
  );
  app.log.info(
    `Hearth ${HEARTH_VERSION} on Node ${process.versions.node}; database: ${database.engine}; open ${config.publicUrl}` +
      (isWorker ? ` (worker pid ${process.pid})` : ''),
  );
  if (!isWorker && !(await hasAdmin(database.db))) {
    app.log.info(
      'no admin yet: sign up, then run `npm run admin -- grant admin <your e-mail>` (README, Running a community)',
    );
  }
}

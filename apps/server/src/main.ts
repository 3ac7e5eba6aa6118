import { buildApp } from './app.js';
import { configWarnings, loadConfig } from './config.js';
import { openDatabase } from './db/database.js';
import { migrateToLatest } from './db/migrate.js';

const config = loadConfig();
const database = openDatabase(config.databaseUrl);
await migrateToLatest(database);

const app = await buildApp({
  config,
  db: database.db,
  logger: { level: process.env.LOG_LEVEL ?? 'info' },
});
app.mailDelivery.start();
app.purges.start();
app.imageVariants.start();

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
app.log.info(
  config.smtpUrl
    ? 'mail: sent over SMTP_URL'
    : config.nodeEnv === 'production'
      ? 'mail: dev outbox, printed to this log only (set SMTP_URL to send mail)'
      : `mail: dev outbox, printed here and shown on this machine at http://localhost:${config.port}/dev/mailbox`,
);
app.log.info(
  `Hearth on Node ${process.versions.node}; database: ${database.engine}; open ${config.publicUrl}`,
);

// `node dist/admin/cli.js grant admin|moderator <email> | revoke <email> | list`, on the
// server's settings (DATABASE_URL, DATA_DIR, read as the server reads them). Root script:
// `npm run admin -- …`. Brings the database to this version's schema first, as `npm start` does.
import { type AppConfig, loadConfig } from '../config.js';
import { openDatabase } from '../db/database.js';
import { migrateToLatest, migrationFailureLine } from '../db/migrate.js';
import { ADMIN_USAGE, runAdminCommand } from './admin.js';

/** Known before the database is opened: a typo costs no connection. */
function argumentsLookRight(args: string[]): boolean {
  const [command, ...rest] = args;
  if (command === 'grant') return rest.length === 2;
  if (command === 'revoke') return rest.length === 1;
  return command === 'list' && rest.length === 0;
}

async function main(args: string[]): Promise<number> {
  if (!argumentsLookRight(args)) {
    console.error(ADMIN_USAGE);
    return 2;
  }
  let config: AppConfig;
  try {
    config = loadConfig();
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error));
    return 1;
  }
  const database = openDatabase(config.databaseUrl, { pgPoolSize: 1 });
  try {
    try {
      await migrateToLatest(database);
    } catch (error) {
      console.error(migrationFailureLine(error));
      return 1;
    }
    const answer = await runAdminCommand(database.db, args, new Date().toISOString());
    for (const line of answer.lines) {
      if (answer.code === 0) console.log(line);
      else console.error(line);
    }
    return answer.code;
  } finally {
    await database.close();
  }
}

try {
  process.exitCode = await main(process.argv.slice(2));
} catch (error) {
  console.error(`Failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
}

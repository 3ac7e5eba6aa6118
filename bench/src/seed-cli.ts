// `npm run seed -- [--size small|medium|large] [--reset]`: a living demo network in the app's
// own database (DATABASE_URL / DATA_DIR, as the server reads them).
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import {
  hashPassword,
  LocalDiskStorage,
  loadConfig,
  migrateToLatest,
  migrateToNothing,
  openDatabase,
} from '@hearth/server/seeding';
import { CACHE_DIR } from './paths.js';
import { claimForSeeding, DatabaseInUseError, seedNetwork } from './seed/seed-network.js';
import { DEMO_LOGIN, isSizeName, SIZES } from './seed/sizes.js';

const { values } = parseArgs({
  options: {
    size: { type: 'string', default: 'small' },
    reset: { type: 'boolean', default: false },
  },
});
if (!isSizeName(values.size)) {
  console.error(`Unknown size "${values.size}": use small, medium or large.`);
  process.exit(1);
}
const size = values.size;

const config = loadConfig();
const handle = openDatabase(config.databaseUrl, { walCheckpointer: false });
try {
  await claimOrExit();
  await migrateToLatest(handle);
  const { members } = await handle.db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number>().as('members'))
    .executeTakeFirstOrThrow();
  if (Number(members) > 0 && !values.reset) {
    console.error(
      `The database (${config.databaseUrl}) already has ${members} members; nothing was changed.\n` +
        'Run `npm run seed -- --reset` to empty it (every member, post and upload) and seed it again.',
    );
    process.exitCode = 1;
  } else {
    const mediaDir = path.join(config.dataDir, 'media');
    if (values.reset) {
      await migrateToNothing(handle);
      await migrateToLatest(handle);
      await rm(mediaDir, { recursive: true, force: true });
    }
    console.log(`Seeding the ${size} network into ${config.databaseUrl}…`);
    const summary = await seedNetwork({
      handle,
      storage: new LocalDiskStorage(mediaDir),
      cacheDir: CACHE_DIR,
      size: SIZES[size],
      passwordHash: await hashPassword(DEMO_LOGIN.password, config.passwordHashLogN),
      log: (line) => console.log(`  ${line}`),
    });
    console.log('');
    for (const [table, count] of Object.entries(summary.counts)) {
      console.log(`  ${table.padEnd(12)} ${count.toLocaleString('en-US').padStart(11)}`);
    }
    console.log(`\nDone in ${summary.seconds} s. Start the app (npm start) and log in as:`);
    console.log(`  e-mail:   ${summary.demo.email}`);
    console.log(`  password: ${summary.demo.password}`);
    console.log(
      `(every seeded member has that password; their e-mails are <username>@hearth.example)`,
    );
  }
} finally {
  await handle.close();
}

/** An SQLite file a running server has open cannot be seeded: say so before changing anything. */
async function claimOrExit(): Promise<void> {
  try {
    await claimForSeeding(handle);
  } catch (error) {
    if (!(error instanceof DatabaseInUseError)) throw error;
    console.error(
      `The database (${config.databaseUrl}) is open in another process: stop the server ` +
        '(npm start) first, then seed again. Nothing was changed.',
    );
    await handle.close();
    process.exit(1);
  }
}

import { API_PREFIX, ROUTES } from '@hearth/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../db/database.js';
import { type TestDatabase, testEngine } from '../test-support/test-database.js';
import { scaled } from './budget.js';
import { prepareServerGround, type ServerGround, UNTHROTTLED } from './server-ground.js';
import { type ServerProcess, startServerProcess } from './server-process.js';

/** Writers at once, and how many acknowledged writes the crash waits for. */
const WRITERS = 16;
const ACKNOWLEDGED_BEFORE_CRASH = scaled(300, 3_000);

interface Writer {
  token: string;
  acknowledged: string[];
}

async function register(server: ServerProcess, n: number): Promise<string> {
  const res = await fetch(`${server.url}${API_PREFIX}${ROUTES.register.path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      first_name: 'Writer',
      last_name: `Number${'abcdefghijklmnop'[n]}`,
      email: `writer${n}@example.test`,
      password: 'a-good-password',
      bYear: 1990,
      bMonth: 1,
      bDay: 1,
      gender: 'female',
    }),
  });
  if (res.status !== 201 && res.status !== 200) {
    throw new Error(`register: ${res.status} ${await res.text()}`);
  }
  return ((await res.json()) as { token: string }).token;
}

/**
 * Posts as fast as the server answers until a request fails (the crash): a post counts as
 * acknowledged only once its 201 and id have arrived.
 */
async function write(server: ServerProcess, writer: Writer, label: string): Promise<void> {
  for (let n = 0; ; n++) {
    try {
      const res = await fetch(`${server.url}${API_PREFIX}${ROUTES.createPost.path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${writer.token}` },
        body: JSON.stringify({ text: `${label} ${n}` }),
      });
      if (res.status !== 201) return;
      writer.acknowledged.push(((await res.json()) as { _id: string })._id);
    } catch {
      return;
    }
  }
}

describe(`kill -9 under load (${testEngine()})`, () => {
  let ground: ServerGround;
  let database: TestDatabase;
  let env: Record<string, string>;
  beforeAll(async () => {
    ground = await prepareServerGround('crash', UNTHROTTLED);
    ({ database, env } = ground);
  });
  afterAll(async () => {
    await ground?.dispose();
  });

  it('every write acknowledged before the crash is there after the restart', {
    timeout: scaled(60_000, 240_000),
  }, async () => {
    const first = await startServerProcess(env);
    const writers: Writer[] = [];
    for (let n = 0; n < WRITERS; n++) {
      writers.push({ token: await register(first, n), acknowledged: [] });
    }
    const running = writers.map((writer, n) => write(first, writer, `writer ${n}`));
    const acknowledged = () => writers.reduce((sum, w) => sum + w.acknowledged.length, 0);
    // Crash mid-load: writes are in flight on every connection when the process dies.
    while (acknowledged() < ACKNOWLEDGED_BEFORE_CRASH) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    await first.crash();
    await Promise.all(running);

    const second = await startServerProcess(env);
    try {
      const ids = writers.flatMap((w) => w.acknowledged);
      const found = new Set<string>();
      for (let at = 0; at < ids.length; at += 500) {
        const rows = await database.db
          .selectFrom('posts')
          .select('id')
          .where('id', 'in', ids.slice(at, at + 500))
          .execute();
        for (const row of rows) found.add(row.id);
      }
      const lost = ids.filter((id) => !found.has(id));
      console.info(
        `[reliability] crash (${testEngine()}): ${ids.length} writes acknowledged, ${lost.length} lost`,
      );
      expect(ids.length).toBeGreaterThanOrEqual(ACKNOWLEDGED_BEFORE_CRASH);
      expect(lost).toEqual([]);
      // The restarted server serves the writers at once.
      const feed = await fetch(`${second.url}${API_PREFIX}${ROUTES.feed.path}`, {
        headers: { authorization: `Bearer ${writers[0]?.token}` },
      });
      expect(feed.status).toBe(200);
    } finally {
      await second.stop();
    }
  });

  it('durability is not traded away: SQLite syncs every commit (FULL), PostgreSQL commits synchronously', async () => {
    const handle = openDatabase(database.url);
    try {
      if (handle.engine === 'sqlite') {
        const { rows } = await sql<{ synchronous: number }>`pragma synchronous`.execute(handle.db);
        expect(rows[0]?.synchronous).toBe(2);
      } else {
        const { rows } = await sql<{ synchronous_commit: string }>`show synchronous_commit`.execute(
          handle.db,
        );
        expect(rows[0]?.synchronous_commit).toBe('on');
      }
    } finally {
      await handle.close();
    }
  });
});

import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import {
  buildApp,
  loadConfig,
  openDatabase,
  openSessions,
  SessionTokens,
  systemClock,
} from '@hearth/server/seeding';
import { DEMO_LOGIN } from '../seed/sizes.js';
import { BENCH_JWT_SECRET } from './server-process.js';

export interface SqlCount {
  call: string;
  /** SQL statements per request, by page size (or search term). */
  statements: Record<string, number>;
  constant: boolean;
}

/**
 * How many SQL statements the feed, profile and search calls issue: the app built in-process
 * on a seeded database with a counting query log, each call made for a small and a large page.
 */
export async function sqlPerRequest(databaseUrl: string): Promise<SqlCount[]> {
  let statements = 0;
  const handle = openDatabase(databaseUrl, {
    log: (event) => {
      if (event.level === 'query' || event.level === 'error') statements += 1;
    },
  });
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'hearth-sql-count-'));
  const app = await buildApp({
    config: loadConfig({
      NODE_ENV: 'production',
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      JWT_SECRET: BENCH_JWT_SECRET,
      RATE_LIMIT_MEMBER: '1000000000',
      WEB_DIST: path.join(dataDir, 'no-web-app'),
    }),
    db: handle.db,
  });
  try {
    const demo = await handle.db
      .selectFrom('users')
      .select(['id', 'username'])
      .where('email', '=', DEMO_LOGIN.email)
      .executeTakeFirstOrThrow();
    // The most and the least followed members: the largest and the smallest profile.
    const byFollowers = (direction: 'asc' | 'desc') =>
      handle.db
        .selectFrom('follows')
        .innerJoin('users', 'users.id', 'follows.followee_id')
        .select(['users.username', (eb) => eb.fn.countAll<number>().as('followers')])
        .where('users.id', '<>', demo.id)
        .groupBy('users.username')
        .orderBy('followers', direction)
        .orderBy('users.username')
        .limit(1)
        .executeTakeFirstOrThrow();
    const popular = await byFollowers('desc');
    const quiet = await byFollowers('asc');
    const [token] = await openSessions(
      handle.db,
      new SessionTokens(BENCH_JWT_SECRET, systemClock),
      [demo.id],
    );
    const count = async (method: 'GET' | 'POST', url: string) => {
      const before = statements;
      const res = await app.inject({ method, url, headers: { authorization: `Bearer ${token}` } });
      if (res.statusCode !== 200) throw new Error(`${method} ${url} answered ${res.statusCode}`);
      return statements - before;
    };
    const counts: SqlCount[] = [];
    const measure = async (call: string, requests: Record<string, ['GET' | 'POST', string]>) => {
      const found: Record<string, number> = {};
      for (const [label, [method, url]] of Object.entries(requests))
        found[label] = await count(method, url);
      const values = Object.values(found);
      counts.push({ call, statements: found, constant: values.every((v) => v === values[0]) });
    };
    await measure('feed (GET /posts)', {
      'limit 5': ['GET', '/api/v1/posts?limit=5'],
      'limit 50': ['GET', '/api/v1/posts?limit=50'],
    });
    await measure('profile of another member (getProfile)', {
      'least followed, limit 5': ['GET', `/api/v1/users/getProfile/${quiet.username}?limit=5`],
      'most followed, limit 50': ['GET', `/api/v1/users/getProfile/${popular.username}?limit=50`],
    });
    const search = await app.inject({
      method: 'POST',
      url: '/api/v1/users/search/a',
      headers: { authorization: `Bearer ${token}` },
    });
    if (search.statusCode === 200) {
      await measure('search', {
        '"a"': ['POST', '/api/v1/users/search/a'],
        '"demo mem"': ['POST', `/api/v1/users/search/${encodeURIComponent('demo mem')}`],
      });
    }
    return counts;
  } finally {
    await app.close();
    await handle.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

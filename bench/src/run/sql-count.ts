import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { NEXT_CURSOR_HEADER } from '@hearth/contract';
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
 * on a seeded database with a counting query log, each call made for a small and a large page
 * (the feed also for its next page), as the demo member (no block either way) and, for the feed,
 * as members who blocked others (the visibility rule's block clauses). The card cache and the
 * feeds' kept first pages are off: every card and every id list is read, the most a page costs,
 * whatever pages were asked before (with every card held, a feed page costs three statements
 * fewer; with the member's first page kept too, four).
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
      CARD_CACHE_MB: '0',
      FEED_CACHE_MEMBERS: '0',
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
    // The member who blocked the most others (none in a network without blocks)…
    const blocker = await handle.db
      .selectFrom('blocks')
      .select(['blocker_id as id', (eb) => eb.fn.countAll<number>().as('blocked')])
      .groupBy('blocker_id')
      .orderBy('blocked', 'desc')
      .orderBy('blocker_id')
      .limit(1)
      .executeTakeFirst();
    // …and one whose own post (the newest such) carries a comment of someone they blocked: their
    // feed shows it with that comment left out, in a card built for them alone.
    const hidden = await handle.db
      .selectFrom('posts as p')
      .innerJoin('comments as c', 'c.post_id', 'p.id')
      .innerJoin('blocks as b', (join) =>
        join.onRef('b.blocker_id', '=', 'p.user_id').onRef('b.blocked_id', '=', 'c.user_id'),
      )
      .select(['p.user_id as id', 'p.id as postId'])
      .where('p.deleted_at', 'is', null)
      .orderBy('p.id', 'desc')
      .limit(1)
      .executeTakeFirst();
    const [token, blockerToken, hiddenToken] = await openSessions(
      handle.db,
      new SessionTokens(BENCH_JWT_SECRET, systemClock),
      [demo.id, ...(blocker ? [blocker.id] : []), ...(hidden ? [hidden.id] : [])],
    );
    const count = async (method: 'GET' | 'POST', url: string, as = token) => {
      const before = statements;
      const res = await app.inject({ method, url, headers: { authorization: `Bearer ${as}` } });
      if (res.statusCode !== 200) throw new Error(`${method} ${url} answered ${res.statusCode}`);
      return statements - before;
    };
    const counts: SqlCount[] = [];
    const measure = async (
      call: string,
      requests: Record<string, ['GET' | 'POST', string]>,
      as = token,
    ) => {
      const found: Record<string, number> = {};
      for (const [label, [method, url]] of Object.entries(requests))
        found[label] = await count(method, url, as);
      const values = Object.values(found);
      counts.push({ call, statements: found, constant: values.every((v) => v === values[0]) });
    };
    /**
     * The page of 20 that begins with post `postId` in `viewerId`'s feed: the cursor is the feed's
     * next newer post (any post of the viewer or of whom they follow; pages go by id).
     */
    const pageFrom = async (viewerId: string, postId: string): Promise<['GET', string]> => {
      const newer = await handle.db
        .selectFrom('posts')
        .select('id')
        .where('id', '>', postId)
        .where((eb) =>
          eb.or([
            eb('user_id', '=', viewerId),
            eb(
              'user_id',
              'in',
              eb.selectFrom('follows').select('followee_id').where('follower_id', '=', viewerId),
            ),
          ]),
        )
        .orderBy('id')
        .limit(1)
        .executeTakeFirst();
      const cursor = newer ? `&cursor=${encodeURIComponent(newer.id)}` : '';
      return ['GET', `/api/v1/posts?limit=20${cursor}`];
    };
    /** The feed's first pages of 5 and 50 posts and the page after a first page of 20. */
    const feedPages = async (as: string): Promise<Record<string, ['GET', string]>> => {
      const first = await app.inject({
        method: 'GET',
        url: '/api/v1/posts?limit=20',
        headers: { authorization: `Bearer ${as}` },
      });
      const cursor = first.headers[NEXT_CURSOR_HEADER.toLowerCase()];
      return {
        'limit 5': ['GET', '/api/v1/posts?limit=5'],
        'limit 50': ['GET', '/api/v1/posts?limit=50'],
        ...(typeof cursor === 'string'
          ? {
              'next page': [
                'GET',
                `/api/v1/posts?limit=20&cursor=${encodeURIComponent(cursor)}`,
              ] as ['GET', string],
            }
          : {}),
      };
    };
    await measure('feed (GET /posts)', await feedPages(token!));
    if (blocker && blockerToken) {
      await measure(
        `feed of a member who blocked ${blocker.blocked} (GET /posts)`,
        await feedPages(blockerToken),
        blockerToken,
      );
    }
    if (hidden && hiddenToken) {
      await measure(
        'feed with a comment of a blocked member (GET /posts)',
        {
          'first page': ['GET', '/api/v1/posts?limit=20'],
          'the page with it': await pageFrom(hidden.id, hidden.postId),
        },
        hiddenToken,
      );
    }
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

/**
 * The SQL of the hot read paths (the feed, the post cards, the profile, member search), as each
 * engine receives it, checked in as src/db/__sql__/sqlite.sql and postgres.sql. A change to one
 * of these queries, deliberate or not, then shows in review as a diff of plain SQL, where a
 * lost index range or an extra join is visible, instead of only in the benchmark.
 *
 * The statements are the ones the repo functions really run, recorded through Kysely's query log
 * while each is called with fixed arguments against a migrated test database.
 *
 * After changing one of these queries on purpose, write the snapshots again and commit them:
 *
 *   npx vitest run --project server-sqlite --project server-postgres apps/server/src/db/sql-snapshots.test.ts -u
 *
 * (from the repository's root) and review the diff. Without `-u` a difference fails
 * the test; under CI=true (how CI runs) a missing snapshot file fails too instead of being written.
 */
import { FEED_COMMENTS_CARRIED, FEED_PAGE_DEFAULT, PROFILE_FRIENDS_SHOWN } from '@hearth/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cardStateOf, imagesOf, newestCommentsOf } from '../modules/posts/cards-repo.js';
import {
  authorPage,
  cardRowsOf,
  feedHeadIds,
  feedPostIds,
  newestLivePostIds,
  postsWithHiddenComments,
} from '../modules/posts/repo.js';
import { findFriendMatches, findPrefixMatches } from '../modules/search/repo.js';
import { findPair, isFollowing, pairOf } from '../modules/users/friendships-repo.js';
import { countFriends, findProfileOwner, relatedMembers } from '../modules/users/repo.js';
import { formatSql } from '../test-support/format-sql.js';
import {
  createTestDatabase,
  type TestDatabase,
  testEngine,
} from '../test-support/test-database.js';
import type { Db } from './database.js';

// Fixed arguments, so the snapshots never change by themselves: ids in the app's uuid v7 form.
const VIEWER = '0190a000-0000-7000-8000-00000000000a';
const OWNER = '0190a000-0000-7000-8000-00000000000b';
/** The viewer as a request loads it: with blocks, so every block clause shows. */
const SEER = { id: VIEWER, hasBlocks: true };
const POSTS = [
  '0190a000-0000-7000-8000-000000000103',
  '0190a000-0000-7000-8000-000000000102',
  '0190a000-0000-7000-8000-000000000101',
];
const CURSOR = '0190a000-0000-7000-8000-000000000104';
/** keysetPage asks for one row more than the page. */
const PAGE = FEED_PAGE_DEFAULT + 1;

/** Each query by the name its snapshot shows, and the call that runs it. */
const QUERIES: [name: string, run: (db: Db) => Promise<unknown>][] = [
  // The home feed (PostReader.feed): the page's ids, then the cards.
  [
    'feed: first page of post ids (posts/repo feedPostIds)',
    (db) => feedPostIds(db, SEER, { limit: PAGE, cursor: undefined }),
  ],
  [
    'feed: first page of post ids and the followees, for a viewer without blocks (posts/repo feedHeadIds)',
    (db) => feedHeadIds(db, { id: VIEWER, hasBlocks: false }, PAGE),
  ],
  [
    'feed: a later page of post ids (posts/repo feedPostIds)',
    (db) => feedPostIds(db, SEER, { limit: PAGE, cursor: CURSOR }),
  ],
  // The post cards: what the card cache lacks, and the viewer's state on every card.
  [
    'cards: posts with authors and comment counts (posts/repo cardRowsOf)',
    (db) => cardRowsOf(db, POSTS),
  ],
  ['cards: images (posts/cards-repo imagesOf)', (db) => imagesOf(db, POSTS)],
  [
    'cards: newest comments of each post (posts/cards-repo newestCommentsOf)',
    (db) => newestCommentsOf(db, POSTS, FEED_COMMENTS_CARRIED),
  ],
  [
    'cards: posts holding comments hidden from the viewer (posts/repo postsWithHiddenComments)',
    (db) => postsWithHiddenComments(db, SEER, POSTS),
  ],
  [
    "cards: the viewer's reactions and saves (posts/cards-repo cardStateOf)",
    (db) => cardStateOf(db, VIEWER, POSTS, []),
  ],
  [
    "cards: the viewer's state and reaction counts (posts/cards-repo cardStateOf)",
    (db) => cardStateOf(db, VIEWER, POSTS, POSTS.slice(0, 2)),
  ],
  [
    'cards: newest live post ids, the cache warm-up (posts/repo newestLivePostIds)',
    (db) => newestLivePostIds(db, 200, CURSOR),
  ],
  // The profile (UsersService.profile).
  [
    'profile: the owner (users/repo findProfileOwner)',
    (db) => findProfileOwner(db, SEER, 'anatest'),
  ],
  [
    'profile: the friends shown (users/repo relatedMembers)',
    (db) => relatedMembers(db, OWNER, 'friends', PROFILE_FRIENDS_SHOWN, SEER),
  ],
  ['profile: the number of friends (users/repo countFriends)', (db) => countFriends(db, OWNER)],
  [
    "profile: the viewer's relation (users/friendships-repo findPair)",
    (db) => findPair(db, pairOf(VIEWER, OWNER)),
  ],
  [
    'profile: whether the viewer follows (users/friendships-repo isFollowing)',
    (db) => isFollowing(db, VIEWER, OWNER),
  ],
  [
    "profile: a page of the owner's posts (posts/repo authorPage)",
    (db) => authorPage(db, SEER, OWNER, { limit: PAGE, cursor: CURSOR }),
  ],
  // Member search (SearchService.search).
  [
    'search: members by a one-word prefix (search/repo findPrefixMatches)',
    (db) => findPrefixMatches(db, SEER, 'ana', 20),
  ],
  [
    'search: members by a "first last" prefix (search/repo findPrefixMatches)',
    (db) => findPrefixMatches(db, SEER, 'ana be', 20),
  ],
  [
    "search: the searcher's friends by prefix (search/repo findFriendMatches)",
    (db) => findFriendMatches(db, SEER, 'ana'),
  ],
];

describe('SQL snapshots', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database.destroy();
  });

  it(`the hot read paths' SQL is the checked-in one (src/db/__sql__/${testEngine()}.sql)`, async () => {
    const sections: string[] = [];
    for (const [name, run] of QUERIES) {
      const statements = await database.statementsOf(() => run(database.db));
      expect(statements.length, name).toBeGreaterThan(0);
      for (const [i, statement] of statements.entries()) {
        const title = statements.length > 1 ? `${name}, statement ${i + 1}` : name;
        sections.push(
          [
            `-- ${title}`,
            `-- parameters: ${JSON.stringify(statement.parameters)}`,
            `${formatSql(statement.sql)};`,
          ].join('\n'),
        );
      }
    }
    const header = [
      `-- The SQL ${testEngine() === 'sqlite' ? 'SQLite' : 'PostgreSQL'} receives for the feed, the post cards, the profile and member search.`,
      '-- Written by src/db/sql-snapshots.test.ts; after changing a query on purpose, from the root:',
      '--   npx vitest run --project server-sqlite --project server-postgres apps/server/src/db/sql-snapshots.test.ts -u',
    ].join('\n');
    await expect(`${header}\n\n${sections.join('\n\n')}\n`).toMatchFileSnapshot(
      `./__sql__/${testEngine()}.sql`,
    );
  });
});

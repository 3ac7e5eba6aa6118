import { SEARCH_RESULTS_MAX } from '@hearth/contract';
import { type Compilable, CompiledQuery, sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { Db } from '../../db/database.js';
import type { UserRow } from '../../db/users.js';
import { buildMembers, buildUser, letterTag } from '../../test-support/factories.js';
import { type TestContext, useTestApp } from '../../test-support/test-app.js';
import { search } from '../../test-support/users-api.js';
import { pairOf } from '../users/friendships-repo.js';
import { historyQuery } from './history-repo.js';
import { friendMatchesQuery, prefixMatchesQuery } from './repo.js';

/** The plan the engine picks for one of the repo's statements, one line per step. */
async function planOf(db: Db, engine: 'sqlite' | 'postgres', query: Compilable): Promise<string[]> {
  const { sql: text, parameters } = query.compile();
  if (engine === 'sqlite') {
    const plan = await db.executeQuery<{ detail: string }>(
      CompiledQuery.raw(`explain query plan ${text}`, [...parameters]),
    );
    return plan.rows.map((r) => r.detail);
  }
  // Forbidding sequential scans shows whether an index *can* serve the statement at all.
  return db.transaction().execute(async (trx) => {
    await sql`set local enable_seqscan = off`.execute(trx);
    const plan = await trx.executeQuery<{ 'QUERY PLAN': string }>(
      CompiledQuery.raw(`explain ${text}`, [...parameters]),
    );
    return plan.rows.map((r) => r['QUERY PLAN'].trim());
  });
}

/** Makes each of `friends` a friend of `member` (rows as the friendship calls leave them). */
async function makeFriends(ctx: TestContext, member: UserRow, friends: UserRow[]) {
  const now = ctx.clock.now().toISOString();
  await ctx.db
    .insertInto('friendships')
    .values(
      friends.map((f) => ({
        ...pairOf(member.id, f.id),
        requester_id: member.id,
        status: 'friends' as const,
        created_at: now,
        updated_at: now,
      })),
    )
    .execute();
}

const someNames = (count: number, first: (i: number) => string, last: (i: number) => string) =>
  Array.from({ length: count }, (_, i) => ({ first_name: first(i), last_name: last(i) }));
describe('the cost of a search', () => {
  const ctx = useTestApp();

  it('every search statement reads members through the key indexes, never the whole table', async () => {
    const ada = await buildUser(ctx, { first_name: 'Ada', last_name: 'Lovelace' });
    const members = await buildMembers(
      ctx,
      someNames(
        2000,
        (i) => `Ben${letterTag(i)}`,
        (i) => `Stone${letterTag(i)}`,
      ),
    );
    await makeFriends(ctx, ada.user, members.slice(0, 50));
    if (ctx.database.engine === 'postgres') await sql`analyze`.execute(ctx.db);
    const engine = ctx.database.engine;

    // A viewer with blocks: the block probes are in the plans (each a primary-key lookup).
    const viewer = { id: ada.user.id, hasBlocks: true };
    const byName = await planOf(ctx.db, engine, prefixMatchesQuery(ctx.db, viewer, 'ben', 20));
    const byFullName = await planOf(
      ctx.db,
      engine,
      prefixMatchesQuery(ctx.db, viewer, 'ben st', 20),
    );
    const friends = await planOf(ctx.db, engine, friendMatchesQuery(ctx.db, viewer, 'ben'));
    const history = await planOf(ctx.db, engine, historyQuery(ctx.db, viewer, 50));

    if (engine === 'sqlite') {
      expect(byName).toEqual(
        expect.arrayContaining([
          'SEARCH users USING INDEX users_search_first (search_first>? AND search_first<?)',
          'SEARCH users USING INDEX users_search_last (search_last>? AND search_last<?)',
          expect.stringMatching(/^SEARCH users USING INDEX \w+ \(username>\? AND username<\?\)$/),
        ]),
      );
      expect(byFullName.filter((step) => step.includes(' users '))).toEqual([
        'SEARCH users USING INDEX users_search_full (search_full>? AND search_full<?)',
      ]);
      expect(friends.filter((step) => step.includes(' users '))).toEqual([
        expect.stringMatching(/^SEARCH users USING INDEX \w+ \(id=\?\)$/),
        expect.stringMatching(/^SEARCH users USING INDEX \w+ \(id=\?\)$/),
      ]);
      expect(history).toEqual(
        expect.arrayContaining([
          'SEARCH h USING INDEX search_history_user_id_created_at (user_id=?)',
        ]),
      );
      for (const plan of [byName, byFullName, friends, history]) {
        // No full scan of a table, and no sort: each index gives the rows in the order used.
        expect(plan.filter((step) => /^SCAN (users|friendships|h)\b/.test(step))).toEqual([]);
        expect(plan.filter((step) => step.includes('TEMP B-TREE'))).toEqual([]);
        // The visibility rule's block probes: each an index lookup, never a scan of blocks.
        expect(plan.filter((step) => /\bvb\b/.test(step)).length).toBeGreaterThan(0);
        expect(plan.filter((step) => /^SCAN vb\b/.test(step))).toEqual([]);
      }
      return;
    }
    expect(byName.join('\n')).toMatch(
      /Index Scan using users_search_first on users[\s\S]*Index Cond: \(\(search_first >= 'ben'::text\) AND \(search_first < 'beo'::text\)\)/,
    );
    expect(byName.join('\n')).toMatch(/Index Scan using users_search_last on users/);
    expect(byName.join('\n')).toMatch(
      /Index Scan using users_username_unique on users[\s\S]*Index Cond: \(\(username >= 'ben'::text\) AND \(username < 'beo'::text\)\)/,
    );
    expect(byFullName.join('\n')).toMatch(
      /Index Scan using users_search_full on users[\s\S]*Index Cond: \(\(search_full >= 'ben st'::text\) AND \(search_full < 'ben su'::text\)\)/,
    );
    expect(friends.join('\n')).toMatch(/Index Scan using users_pkey on users/);
    expect(history.join('\n')).toMatch(
      /Index (Only )?Scan (Backward )?using search_history_user_id_created_at/,
    );
    for (const plan of [byName, byFullName, friends, history]) {
      expect(plan.filter((step) => /Seq Scan|Sort/.test(step))).toEqual([]);
    }
  });

  it('the number of statements per search does not grow with the membership or the friends', async () => {
    const ada = await buildUser(ctx, { first_name: 'Ada', last_name: 'Lovelace' });
    const statementsFor = async (term: string) => {
      const before = ctx.database.queryCount();
      const results = await search(ctx.app, ada.token, term);
      return { statements: ctx.database.queryCount() - before, found: results.length };
    };
    const few = await buildMembers(
      ctx,
      someNames(
        5,
        () => 'Ben',
        (i) => `Few${letterTag(i)}`,
      ),
    );
    await makeFriends(ctx, ada.user, few.slice(0, 2));
    const small = [await statementsFor('ben'), await statementsFor('ben few')];
    expect(small).toEqual([
      { statements: small[0]?.statements, found: 5 },
      { statements: small[1]?.statements, found: 5 },
    ]);

    const many = await buildMembers(ctx, [
      ...someNames(
        1500,
        () => 'Ben',
        (i) => `Few${letterTag(i)}`,
      ),
      ...someNames(
        1500,
        (i) => `Ben${letterTag(i)}`,
        (i) => `Few${letterTag(i)}`,
      ),
    ]);
    await makeFriends(ctx, ada.user, many.slice(0, 300));
    const large = [await statementsFor('ben'), await statementsFor('ben few')];

    expect(large).toEqual([
      { statements: small[0]?.statements, found: SEARCH_RESULTS_MAX },
      { statements: small[1]?.statements, found: SEARCH_RESULTS_MAX },
    ]);
    // The session's member, the matching friends, and one statement of index range scans.
    expect(small.map((s) => s.statements)).toEqual([3, 3]);
  });
});

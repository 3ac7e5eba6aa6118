import {
  PROFILE_MESSAGES,
  SEARCH_HISTORY_MAX,
  SEARCH_MESSAGES,
  SERVER_MESSAGES,
  type SearchHistoryEntry,
  UNVERIFIED_LIFETIME_DAYS,
} from '@hearth/contract';
import { v7 as uuidv7 } from 'uuid';
import { describe, expect, it } from 'vitest';
import {
  type BuiltUser,
  buildMembers,
  buildUser,
  letterTag,
  sessionFor,
} from '../../test-support/factories.js';
import { type TestContext, useTestApp } from '../../test-support/test-app.js';
import { publicAddress } from '../../test-support/test-config.js';
import {
  addToSearchHistory,
  removeFromSearch,
  searchHistory,
  searchHistoryRequest,
} from '../../test-support/users-api.js';

/** The members in Ada's history, as the panel lists them: newest first. */
async function historyNames(ctx: TestContext, reader: BuiltUser): Promise<string[]> {
  return (await searchHistory(ctx.app, reader.token)).map((e) => e.user.first_name);
}

/** Ada clicks a result a minute after her last click. */
async function choose(ctx: TestContext, reader: BuiltUser, chosen: { user: { id: string } }) {
  ctx.clock.advanceMinutes(1);
  const res = await addToSearchHistory(ctx.app, reader.token, chosen.user.id);
  expect(res.statusCode).toBe(200);
  expect(res.json()).toBe('ok');
}

describe('the recent searches', () => {
  const ctx = useTestApp();

  it('list the chosen members newest first, each with their public fields and when chosen', async () => {
    const ada = await buildUser(ctx, { first_name: 'Ada', last_name: 'Lovelace' });
    const bob = await buildUser(ctx, { first_name: 'Bob', last_name: 'Marley' });
    const zoe = await buildUser(ctx, { first_name: 'Zoé', last_name: 'Lefèvre' });
    expect(await searchHistory(ctx.app, ada.token)).toEqual([]);

    await choose(ctx, ada, bob);
    const bobChosenAt = ctx.clock.now().toISOString();
    await choose(ctx, ada, zoe);
    const zoeChosenAt = ctx.clock.now().toISOString();

    const history = await searchHistory(ctx.app, ada.token);
    expect(history).toEqual([
      {
        _id: expect.any(String),
        createdAt: zoeChosenAt,
        user: {
          _id: zoe.user.id,
          username: zoe.user.username,
          picture: publicAddress(zoe.user.picture),
          first_name: 'Zoé',
          last_name: 'Lefèvre',
        },
      },
      {
        _id: expect.any(String),
        createdAt: bobChosenAt,
        user: {
          _id: bob.user.id,
          username: bob.user.username,
          picture: publicAddress(bob.user.picture),
          first_name: 'Bob',
          last_name: 'Marley',
        },
      },
    ] satisfies SearchHistoryEntry[]);
    // Each member's history is their own.
    expect(await searchHistory(ctx.app, bob.token)).toEqual([]);
  });

  it('keep one entry per member: choosing one again moves it to the top', async () => {
    const ada = await buildUser(ctx, { first_name: 'Ada', last_name: 'Lovelace' });
    const [a, b, c] = await Promise.all(
      ['Anna', 'Bea', 'Cleo'].map((first_name) => buildUser(ctx, { first_name })),
    );
    if (!a || !b || !c) throw new Error('three members expected');

    await choose(ctx, ada, a);
    await choose(ctx, ada, b);
    const annaEntry = (await searchHistory(ctx.app, ada.token))[1];
    await choose(ctx, ada, a);
    expect(await historyNames(ctx, ada)).toEqual(['Anna', 'Bea']);

    await choose(ctx, ada, c);
    expect(await historyNames(ctx, ada)).toEqual(['Cleo', 'Anna', 'Bea']);
    await choose(ctx, ada, b);
    expect(await historyNames(ctx, ada)).toEqual(['Bea', 'Cleo', 'Anna']);

    // Moving keeps the entry itself and raises its time.
    const anna = (await searchHistory(ctx.app, ada.token))[2];
    expect(anna?._id).toBe(annaEntry?._id);
    expect(anna && annaEntry && anna.createdAt > annaEntry.createdAt).toBe(true);
  });

  it('two adds of the same member at once leave one entry', async () => {
    const ada = await buildUser(ctx, { first_name: 'Ada', last_name: 'Lovelace' });
    const bob = await buildUser(ctx, { first_name: 'Bob', last_name: 'Marley' });

    const answers = await Promise.all(
      Array.from({ length: 6 }, () => addToSearchHistory(ctx.app, ada.token, bob.user.id)),
    );
    expect(answers.map((r) => [r.statusCode, r.json()])).toEqual(
      Array.from({ length: 6 }, () => [200, 'ok']),
    );
    expect(await historyNames(ctx, ada)).toEqual(['Bob']);
    const rows = await ctx.db.selectFrom('search_history').select('searched_id').execute();
    expect(rows).toEqual([{ searched_id: bob.user.id }]);
  });

  it('removing a member takes them out; removing one not there still answers ok', async () => {
    const ada = await buildUser(ctx, { first_name: 'Ada', last_name: 'Lovelace' });
    const [a, b, c] = await Promise.all(
      ['Anna', 'Bea', 'Cleo'].map((first_name) => buildUser(ctx, { first_name })),
    );
    if (!a || !b || !c) throw new Error('three members expected');
    for (const chosen of [a, b, c]) await choose(ctx, ada, chosen);

    const removed = await removeFromSearch(ctx.app, ada.token, b.user.id);
    expect([removed.statusCode, removed.json()]).toEqual([200, 'ok']);
    expect(await historyNames(ctx, ada)).toEqual(['Cleo', 'Anna']);

    for (const absent of [b.user.id, uuidv7()]) {
      const again = await removeFromSearch(ctx.app, ada.token, absent);
      expect([again.statusCode, again.json()]).toEqual([200, 'ok']);
    }
    expect(await historyNames(ctx, ada)).toEqual(['Cleo', 'Anna']);

    // Bob removing Anna from his own (empty) history leaves Ada's alone.
    const bob = await buildUser(ctx, { first_name: 'Bob' });
    await removeFromSearch(ctx.app, bob.token, a.user.id);
    expect(await historyNames(ctx, ada)).toEqual(['Cleo', 'Anna']);
  });

  it('an unknown member is a 404 and the history stays as it was', async () => {
    const ada = await buildUser(ctx, { first_name: 'Ada', last_name: 'Lovelace' });
    const bob = await buildUser(ctx, { first_name: 'Bob' });
    await choose(ctx, ada, bob);

    for (const unknown of [uuidv7(), 'not-an-id', "x' or '1'='1"]) {
      const res = await addToSearchHistory(ctx.app, ada.token, unknown);
      expect(res.statusCode, unknown).toBe(404);
      expect(res.json()).toEqual({ message: PROFILE_MESSAGES.memberNotFound });
    }
    expect(await historyNames(ctx, ada)).toEqual(['Bob']);
  });

  it('a missing or malformed member id is a 400 with a reason', async () => {
    const ada = await buildUser(ctx, { first_name: 'Ada', last_name: 'Lovelace' });
    for (const searchUser of [undefined, '', 42, null, 'x'.repeat(65)]) {
      for (const send of [addToSearchHistory, removeFromSearch]) {
        const res = await send(ctx.app, ada.token, searchUser);
        expect(res.statusCode, `${send.name} ${searchUser}`).toBe(400);
        expect(res.json()).toEqual({ message: SEARCH_MESSAGES.memberRequired });
      }
    }
  });

  it(`keep the newest ${SEARCH_HISTORY_MAX} members: one more forgets the oldest`, async () => {
    const ada = await buildUser(ctx, { first_name: 'Ada', last_name: 'Lovelace' });
    const members = await buildMembers(
      ctx,
      Array.from({ length: SEARCH_HISTORY_MAX + 2 }, (_, i) => ({
        first_name: 'Member',
        last_name: `Number${letterTag(i)}`,
      })),
    );
    for (const m of members) await choose(ctx, ada, { user: m });

    const history = await searchHistory(ctx.app, ada.token);
    expect(history.map((e) => e.user._id)).toEqual(
      members
        .slice(2)
        .reverse()
        .map((m) => m.id),
    );
    const stored = await ctx.db
      .selectFrom('search_history')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .executeTakeFirstOrThrow();
    expect(Number(stored.count)).toBe(SEARCH_HISTORY_MAX);

    // A forgotten member chosen again comes back on top, and the oldest left goes.
    const [first, second, third] = members;
    if (!first || !second || !third) throw new Error('members expected');
    await choose(ctx, ada, { user: first });
    const after = (await searchHistory(ctx.app, ada.token)).map((e) => e.user._id);
    expect(after).toHaveLength(SEARCH_HISTORY_MAX);
    expect(after[0]).toBe(first.id);
    expect(after).not.toContain(third.id);
  });

  it('a member whose account is removed leaves every history, and their own history goes too', async () => {
    const ada = await buildUser(ctx, { first_name: 'Ada', last_name: 'Lovelace' });
    const bob = await buildUser(ctx, { first_name: 'Bob', last_name: 'Marley' });
    // Never verified, so removed by the purge after the lifetime of an unverified account.
    const ghost = await buildUser(ctx, { first_name: 'Ghost', last_name: 'Member', verified: 0 });
    await choose(ctx, ada, ghost);
    await choose(ctx, ada, bob);
    await choose(ctx, ghost, bob);
    await choose(ctx, ghost, ada);

    ctx.clock.advance((UNVERIFIED_LIFETIME_DAYS + 1) * 24 * 3_600_000);
    expect(await ctx.app.purges.runOnce()).toMatchObject({ accounts: 1 });

    ada.token = await sessionFor(ctx, ada.user);
    expect(await historyNames(ctx, ada)).toEqual(['Bob']);
    const rows = await ctx.db
      .selectFrom('search_history')
      .select(['user_id', 'searched_id'])
      .execute();
    expect(rows).toEqual([{ user_id: ada.user.id, searched_id: bob.user.id }]);
  });

  it('needs a signed-in member', async () => {
    const bob = await buildUser(ctx, { first_name: 'Bob' });
    const answers = [
      await searchHistoryRequest(ctx.app, undefined),
      await addToSearchHistory(ctx.app, '', bob.user.id),
      await removeFromSearch(ctx.app, '', bob.user.id),
    ];
    for (const res of answers) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ message: SERVER_MESSAGES.unauthenticated });
    }
  });
});

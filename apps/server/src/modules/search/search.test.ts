import {
  type PublicUser,
  SEARCH_MESSAGES,
  SEARCH_RESULTS_MAX,
  SEARCH_TERM_MAX,
  SERVER_MESSAGES,
} from '@hearth/contract';
import { describe, expect, it } from 'vitest';
import { buildMembers, buildUser, letterTag, signupForm } from '../../test-support/factories.js';
import { post, type TestContext, useTestApp } from '../../test-support/test-app.js';
import {
  befriend,
  friendship,
  memberCard,
  search,
  searchRequest,
} from '../../test-support/users-api.js';

const namesOf = (results: PublicUser[]) => results.map((r) => `${r.first_name} ${r.last_name}`);

async function member(ctx: TestContext, first_name: string, last_name: string) {
  return buildUser(ctx, { first_name, last_name });
}

describe('searching members', () => {
  const ctx = useTestApp();

  it('finds a member by the start of the first name, the last name, the username or "first last"', async () => {
    const ada = await member(ctx, 'Ada', 'Lovelace');
    const amina = await member(ctx, 'Amina', 'Benali');
    await member(ctx, 'Bob', 'Marley');

    for (const term of [
      'ami',
      'Amina',
      'benal',
      'aminab',
      'aminabenali',
      'amina b',
      'Amina Benali',
    ]) {
      expect(await search(ctx.app, ada.token, term), term).toEqual([memberCard(amina)]);
    }
    // Inside a name is not a start.
    for (const term of ['mina', 'nali', 'ina ben', 'benali amina']) {
      expect(await search(ctx.app, ada.token, term), term).toEqual([]);
    }
  });

  it('ignores case, accents, spaces around the term and runs of spaces inside it', async () => {
    const ada = await member(ctx, 'Ada', 'Lovelace');
    const zoe = await member(ctx, 'Zoé', 'Lefèvre');
    const amina = await member(ctx, 'Amina', 'Benali');

    for (const term of ['zoe', 'ZOE', 'Zoé', 'ZOÉ', 'Zoe\u0301', 'lefevre', 'LEFÈV', 'zoe   lef']) {
      expect(await search(ctx.app, ada.token, term), term).toEqual([memberCard(zoe)]);
    }
    expect(await search(ctx.app, ada.token, '  aMiNa BeNaLi  ')).toEqual([memberCard(amina)]);
  });

  it('members who sign up are found at once, names in any script', async () => {
    const ada = await member(ctx, 'Ada', 'Lovelace');
    const res = await post(
      ctx.app,
      '/api/v1/auth/register',
      signupForm({ first_name: 'Søren', last_name: 'Ηλίας' }),
    );
    expect(res.statusCode).toBe(201);
    const { id } = res.json();

    for (const term of ['søren', 'SØR', 'ηλιας', 'Ηλί', 'søren ηλ']) {
      expect(
        (await search(ctx.app, ada.token, term)).map((r) => r._id),
        term,
      ).toEqual([id]);
    }
  });

  it('ranks exact matches first, then friends, then everyone else by the name that matched', async () => {
    const ada = await member(ctx, 'Ada', 'Lovelace');
    const benYoung = await member(ctx, 'Ben', 'Young');
    await member(ctx, 'Ben', 'Stone');
    await member(ctx, 'Carla', 'Ben');
    const benedict = await member(ctx, 'Benedict', 'Young');
    const alice = await member(ctx, 'Alice', 'Benson');
    await member(ctx, 'Zara', 'Benali');
    await member(ctx, 'Bengt', 'Berg');
    await member(ctx, 'Benjamin', 'Adams');
    // Found by the username alone.
    await buildUser(ctx, { first_name: 'Carlos', last_name: 'Diaz', username: 'benito' });
    const benno = await member(ctx, 'Benno', 'Pending');
    await member(ctx, 'Abe', 'Nell');
    for (const friend of [benYoung, benedict, alice]) await befriend(ctx.app, ada, friend);
    // A request not yet accepted is no friendship.
    expect((await friendship(ctx.app, ada.token, 'addFriend', benno.user.id)).statusCode).toBe(200);

    expect(namesOf(await search(ctx.app, ada.token, 'ben'))).toEqual([
      // Exact: a whole name equals the term; the friend first, then by username.
      'Ben Young',
      'Ben Stone',
      'Carla Ben',
      // Friends, by the matched name: "benedict" < "benson".
      'Benedict Young',
      'Alice Benson',
      // Everyone else by the matched name: benali < bengt < benito < benjamin < benno.
      'Zara Benali',
      'Bengt Berg',
      'Carlos Diaz',
      'Benjamin Adams',
      'Benno Pending',
    ]);
  });

  it('a term with a space matches "first last" only, exact before prefix', async () => {
    const ada = await member(ctx, 'Ada', 'Lovelace');
    await member(ctx, 'Ben', 'Stoneman');
    await member(ctx, 'Ben', 'Stone');
    await member(ctx, 'Stone', 'Ben');

    expect(namesOf(await search(ctx.app, ada.token, 'ben stone'))).toEqual([
      'Ben Stone',
      'Ben Stoneman',
    ]);
  });

  it('the searcher is found like anyone else', async () => {
    const ada = await member(ctx, 'Ada', 'Lovelace');
    expect(await search(ctx.app, ada.token, 'ada')).toEqual([memberCard(ada)]);
  });

  it(`answers at most ${SEARCH_RESULTS_MAX} members: the best ones, whichever name matched`, async () => {
    const ada = await member(ctx, 'Ada', 'Lovelace');
    // 15 match by the first name ("sandra"), 15 by the last name ("sanders"); none exactly.
    const sandras = await buildMembers(
      ctx,
      Array.from({ length: 15 }, (_, i) => ({
        first_name: 'Sandra',
        last_name: `Kay${letterTag(i)}`,
      })),
    );
    const sanders = await buildMembers(
      ctx,
      Array.from({ length: 15 }, (_, i) => ({
        first_name: `Lee${letterTag(i)}`,
        last_name: 'Sanders',
      })),
    );
    const byUsername = (a: { username: string }, b: { username: string }) =>
      a.username < b.username ? -1 : 1;

    const results = await search(ctx.app, ada.token, 'san');
    expect(results).toHaveLength(SEARCH_RESULTS_MAX);
    // "sanders" < "sandra": every Sanders first, then the first five Sandras by username.
    expect(results.map((r) => r._id)).toEqual(
      [...sanders.sort(byUsername), ...sandras.sort(byUsername).slice(0, 5)].map((m) => m.id),
    );
  });

  it(`more than ${SEARCH_RESULTS_MAX} exact matches: the first ones by username`, async () => {
    const ada = await member(ctx, 'Ada', 'Lovelace');
    const sams = await buildMembers(
      ctx,
      Array.from({ length: 25 }, (_, i) => ({
        first_name: 'Sam',
        last_name: `Doe${letterTag(i)}`,
      })),
    );
    await buildMembers(ctx, [{ first_name: 'Samantha', last_name: 'Aaron' }]);

    const results = await search(ctx.app, ada.token, 'SAM');
    expect(results.map((r) => r.username)).toEqual(
      sams
        .map((m) => m.username)
        .sort()
        .slice(0, SEARCH_RESULTS_MAX),
    );
  });

  it('wildcard, pattern and quote characters are plain characters that no name holds', async () => {
    const ada = await member(ctx, 'Ada', 'Lovelace');
    // Read as LIKE wildcards or regular expressions, these would find every one of them.
    await buildMembers(
      ctx,
      Array.from({ length: 30 }, (_, i) => ({
        first_name: 'Amina',
        last_name: `Member${letterTag(i)}`,
      })),
    );
    expect(await search(ctx.app, ada.token, 'amina')).toHaveLength(SEARCH_RESULTS_MAX);

    for (const term of [
      '%',
      'a%',
      '%mina',
      '_',
      'a_ina',
      'amin_',
      '\\',
      'a\\%',
      'a.',
      'a.*',
      '.*',
      '*',
      '(',
      'a(',
      '[a-z]',
      '^a',
      'amina$',
      "'",
      '"',
      "a' or '1'='1",
      'a" or ""="',
      '?',
      '+',
      '|',
      '{',
      '#',
      '/',
    ]) {
      const res = await searchRequest(ctx.app, ada.token, term);
      expect(res.statusCode, term).toBe(200);
      expect(res.json(), term).toEqual([]);
    }
  });

  it(`a term must hold 1 to ${SEARCH_TERM_MAX} characters once trimmed, else 400 with a reason`, async () => {
    const ada = await member(ctx, 'Ada', 'Lovelace');
    const cases: Array<[string, number, string]> = [
      ['   ', 400, SEARCH_MESSAGES.termRequired],
      ['\t \u00a0', 400, SEARCH_MESSAGES.termRequired],
      ['a'.repeat(SEARCH_TERM_MAX + 1), 400, SEARCH_MESSAGES.termTooLong],
      ['a\u0001b', 400, SEARCH_MESSAGES.termControlCharacters],
      // NUL is refused for every call, before the term's own rules, with one sentence.
      ['a\u0000b', 400, SERVER_MESSAGES.unstorableText],
      ['ada\nlove', 400, SEARCH_MESSAGES.termControlCharacters],
    ];
    for (const [term, status, message] of cases) {
      const res = await searchRequest(ctx.app, ada.token, term);
      expect(res.statusCode, JSON.stringify(term)).toBe(status);
      expect(res.json(), JSON.stringify(term)).toEqual({ message });
    }
    // Nothing after /search/ (browsers also send a term of "." so, as a dot segment).
    const empty = await post(ctx.app, '/api/v1/users/search/', undefined, { token: ada.token });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toEqual({ message: SEARCH_MESSAGES.termRequired });
    // Broken percent-encoding in the path.
    const broken = await post(ctx.app, '/api/v1/users/search/%E0%A4%A', undefined, {
      token: ada.token,
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.json()).toEqual({ message: SERVER_MESSAGES.invalidInput });

    // The limit counts characters, however long they are once percent-encoded.
    for (const term of [` ${'a'.repeat(SEARCH_TERM_MAX)} `, 'é'.repeat(SEARCH_TERM_MAX)]) {
      expect((await searchRequest(ctx.app, ada.token, term)).statusCode).toBe(200);
    }
    const longAccented = await searchRequest(ctx.app, ada.token, 'é'.repeat(SEARCH_TERM_MAX + 1));
    expect(longAccented.statusCode).toBe(400);
    expect(longAccented.json()).toEqual({ message: SEARCH_MESSAGES.termTooLong });
    // Only accents: nothing to compare, so no one (rather than everyone).
    expect(await search(ctx.app, ada.token, '\u0301\u0308')).toEqual([]);
  });

  it('needs a signed-in member', async () => {
    await member(ctx, 'Ada', 'Lovelace');
    const res = await searchRequest(ctx.app, undefined, 'ada');
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: SERVER_MESSAGES.unauthenticated });
  });
});

import { describe, expect, it } from 'vitest';
import { compareKeys, normaliseForSearch, searchKeysOf } from '../../db/search-keys.js';
import { rankMatches } from './ranking.js';
import { keyColumnsFor, type SearchCandidateRow, type SearchKeyColumn } from './repo.js';

/** A small deterministic generator (mulberry32), so a failure can be replayed. */
function randomGenerator(seed: number) {
  let state = seed >>> 0;
  return (below: number) => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = Math.imul(state ^ (state >>> 15), state | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) % below;
  };
}

function row(id: number, first: string, last: string, username: string): SearchCandidateRow {
  return {
    id: `m${id}`,
    username,
    picture: '',
    first_name: first,
    last_name: last,
    ...searchKeysOf({ first_name: first, last_name: last }),
  };
}

/** What the repo's statement gives for one key column: its first `limit` matches in index order. */
function scan(rows: SearchCandidateRow[], column: SearchKeyColumn, term: string, limit: number) {
  return rows
    .filter((r) => r[column].startsWith(term))
    .sort((a, b) => compareKeys(a[column], b[column]) || compareKeys(a.username, b.username))
    .slice(0, limit);
}

describe('ranking the matches of a search', () => {
  it('from every matching friend and each key scan’s first rows, gives the same top as from every member', () => {
    const random = randomGenerator(20240611);
    // A tiny alphabet, so names share prefixes, repeat, and equal the terms often.
    const word = () =>
      Array.from({ length: 1 + random(3) }, () => 'abé'[random(3)] ?? 'a').join('');
    for (let round = 0; round < 500; round++) {
      const members = Array.from({ length: 5 + random(60) }, (_, i) =>
        row(i, word(), word(), `${word()}${i}`),
      );
      const friendIds = new Set(members.filter(() => random(6) === 0).map((m) => m.id));
      const term = random(5) === 0 ? `${word()} ${word().slice(0, 1)}` : word().slice(0, 2);
      const max = 1 + random(8);
      const normalisedTerm = normaliseForSearch(term);

      const everyone = rankMatches(normalisedTerm, members, friendIds, max);
      const fetched = [
        ...members.filter(
          (m) =>
            friendIds.has(m.id) &&
            keyColumnsFor(normalisedTerm).some((c) => m[c].startsWith(normalisedTerm)),
        ),
        ...keyColumnsFor(normalisedTerm).flatMap((c) => scan(members, c, normalisedTerm, max)),
      ];
      expect(rankMatches(normalisedTerm, fetched, friendIds, max), `round ${round}`).toEqual(
        everyone,
      );
    }
  });

  it('puts exact matches first (friends first among them), then friends, then the matched name', () => {
    const members = [
      row(1, 'Benali', 'Zed', 'benalized'),
      row(2, 'Carla', 'Ben', 'carlaben'),
      row(3, 'Ben', 'Adams', 'benadams'),
      row(4, 'Bento', 'Fox', 'bentofox'),
      row(5, 'Ann', 'Bent', 'annbent'),
      row(6, 'Bob', 'Moss', 'bob'),
    ];
    const ranked = rankMatches('ben', members, new Set(['m4', 'm3']), 10).map((m) => m.id);
    expect(ranked).toEqual(['m3', 'm2', 'm4', 'm1', 'm5']);
  });
});

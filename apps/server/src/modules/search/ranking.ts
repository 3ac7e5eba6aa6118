import { compareKeys } from '../../db/search-keys.js';
import { keyColumnsFor, type SearchCandidateRow } from './repo.js';

/** Where a matching member stands for one term; smaller sorts first. */
interface Standing {
  row: SearchCandidateRow;
  /** 0: a key equals the term; 1: it only starts one. */
  exactness: 0 | 1;
  /** 0: a friend of the searcher; 1: anyone else. */
  closeness: 0 | 1;
  /** The smallest of the member's keys that start with the term. */
  matchedKey: string;
}

function standingOf(
  row: SearchCandidateRow,
  term: string,
  friendIds: ReadonlySet<string>,
): Standing | undefined {
  const matching = keyColumnsFor(term)
    .map((column) => row[column])
    .filter((key) => key.startsWith(term))
    .sort(compareKeys);
  const matchedKey = matching[0];
  if (matchedKey === undefined) return undefined;
  return {
    row,
    exactness: matchedKey === term ? 0 : 1,
    closeness: friendIds.has(row.id) ? 0 : 1,
    matchedKey,
  };
}

function compareStandings(a: Standing, b: Standing): number {
  return (
    a.exactness - b.exactness ||
    a.closeness - b.closeness ||
    compareKeys(a.matchedKey, b.matchedKey) ||
    compareKeys(a.row.username, b.row.username)
  );
}

/**
 * The best `max` of the candidates for `term` (already normalised): exact matches first, then
 * friends, then the matched key, then the username; each member once.
 *
 * Fed with every matching friend and, per key column, the first `max` matches in (key,
 * username) order, this is the exact top `max` of all matches: any member ranked above a
 * candidate is a friend (all fetched) or comes before it in the scan of the candidate's
 * matched key, so a member ranked within `max` is always within its scan's first `max` rows.
 */
export function rankMatches(
  term: string,
  candidates: readonly SearchCandidateRow[],
  friendIds: ReadonlySet<string>,
  max: number,
): SearchCandidateRow[] {
  const standings = new Map<string, Standing>();
  for (const row of candidates) {
    if (standings.has(row.id)) continue;
    const standing = standingOf(row, term, friendIds);
    if (standing) standings.set(row.id, standing);
  }
  return [...standings.values()]
    .sort(compareStandings)
    .slice(0, max)
    .map((s) => s.row);
}

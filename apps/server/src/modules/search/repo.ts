import type { ExpressionBuilder } from 'kysely';
import type { Database, Db } from '../../db/database.js';
import { prefixUpperBound } from '../../db/search-keys.js';
import type { UserRow } from '../../db/users.js';
import { type Viewer, visibleMember } from '../access/visibility.js';

/** The key columns a normalised term is compared with (each indexed as (key, username)). */
export type SearchKeyColumn = 'search_first' | 'search_last' | 'search_full' | 'username';

/** A member who may match a search: the public fields and the keys the ranking reads. */
export type SearchCandidateRow = Pick<
  UserRow,
  'id' | 'username' | 'picture' | 'first_name' | 'last_name' | SearchKeyColumn
>;

const CANDIDATE_COLUMNS = [
  'users.id',
  'users.username',
  'users.picture',
  'users.first_name',
  'users.last_name',
  'users.search_first',
  'users.search_last',
  'users.search_full',
] as const;

/**
 * The columns worth comparing: names and usernames hold no spaces, so a term with a space can
 * only start a "first last"; one without starts "first last" exactly when it starts the first
 * name, so the first name's own index answers it.
 */
export function keyColumnsFor(term: string): SearchKeyColumn[] {
  return term.includes(' ') ? ['search_full'] : ['search_first', 'search_last', 'username'];
}

/** `column` starts with `term`, as a range the column's index serves (never a LIKE pattern). */
function startsWith(
  eb: ExpressionBuilder<Database, 'users'>,
  column: SearchKeyColumn,
  term: string,
) {
  const bound = prefixUpperBound(term);
  const from = eb(`users.${column}`, '>=', term);
  return bound === undefined ? from : eb.and([from, eb(`users.${column}`, '<', bound)]);
}

/**
 * For each key column, the first `limit` members whose key starts with `term`, in the column's
 * index order (key, then username): one statement, each part a bounded index range scan.
 */
export function prefixMatchesQuery(db: Db, viewer: Viewer, term: string, limit: number) {
  const parts = keyColumnsFor(term).map((column, i) => {
    let scan = db
      .selectFrom('users')
      .select(CANDIDATE_COLUMNS)
      .where((eb) => startsWith(eb, column, term))
      // Applicants waiting for approval are not members yet. Written `<> 1`, which no index
      // serves, so SQLite stays on the key's index range (its (pending, id) index would read
      // every member, then sort them); PostgreSQL's statistics see it keeps nearly every row.
      .where('users.pending', '<>', 1)
      .where(visibleMember(viewer, 'users.id'))
      .orderBy(`users.${column}`);
    if (column !== 'username') scan = scan.orderBy('users.username');
    return db.selectFrom(scan.limit(limit).as(`by_${i}`)).selectAll();
  });
  const [first, ...rest] = parts;
  if (!first) throw new Error('a search compares at least one key column');
  return rest.reduce((union, part) => union.unionAll(part), first);
}

/**
 * The member's friends whose keys start with `term`: read through the member's own friendships,
 * so the cost follows their number of friends, not the membership.
 */
export function friendMatchesQuery(db: Db, viewer: Viewer, term: string) {
  const memberId = viewer.id;
  const friendIds = db
    .selectFrom('friendships')
    .select('high_id as friend_id')
    .where('low_id', '=', memberId)
    .where('status', '=', 'friends')
    .unionAll(
      db
        .selectFrom('friendships')
        .select('low_id as friend_id')
        .where('high_id', '=', memberId)
        .where('status', '=', 'friends'),
    );
  return db
    .selectFrom(friendIds.as('f'))
    .innerJoin('users', 'users.id', 'f.friend_id')
    .select(CANDIDATE_COLUMNS)
    .where((eb) => eb.or(keyColumnsFor(term).map((column) => startsWith(eb, column, term))))
    .where(visibleMember(viewer, 'users.id'));
}

/** Members the viewer may see whose keys start with `term` (API.md, Search). */
export function findPrefixMatches(
  db: Db,
  viewer: Viewer,
  term: string,
  limit: number,
): Promise<SearchCandidateRow[]> {
  return prefixMatchesQuery(db, viewer, term, limit).execute();
}

export function findFriendMatches(
  db: Db,
  viewer: Viewer,
  term: string,
): Promise<SearchCandidateRow[]> {
  return friendMatchesQuery(db, viewer, term).execute();
}

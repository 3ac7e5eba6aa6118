import {
  PROFILE_MESSAGES,
  type PublicUser,
  SEARCH_HISTORY_MAX,
  SEARCH_RESULTS_MAX,
  type SearchHistoryEntry,
} from '@hearth/contract';
import { v7 as uuidv7 } from 'uuid';
import type { Db } from '../../db/database.js';
import { normaliseForSearch } from '../../db/search-keys.js';
import type { UserRow } from '../../db/users.js';
import { notFound } from '../../errors.js';
import type { Clock } from '../../infra/clock.js';
import type { ImageUrls } from '../../infra/storage/image-urls.js';
import { viewerOfMember } from '../access/visibility.js';
import { toPublicUser } from '../users/present.js';
import { deleteHistoryEntry, historyOf, pruneHistory, upsertHistoryEntry } from './history-repo.js';
import { toHistoryEntry } from './present.js';
import { rankMatches } from './ranking.js';
import { findFriendMatches, findPrefixMatches } from './repo.js';

export interface SearchServiceDeps {
  db: Db;
  clock: Clock;
  /** Image references to addresses (infra/storage/image-urls.ts). */
  imageUrls: ImageUrls;
}

/** Member search and each member's recent searches (API.md, "Search"). */
export class SearchService {
  constructor(private readonly deps: SearchServiceDeps) {}

  /**
   * At most SEARCH_RESULTS_MAX members whose names or username start with the term, ranked by
   * rankMatches. Two statements whatever the membership: the searcher's matching friends, and
   * per key column an index range scan of SEARCH_RESULTS_MAX rows.
   */
  async search(member: UserRow, searchTerm: string): Promise<PublicUser[]> {
    const { db } = this.deps;
    const term = normaliseForSearch(searchTerm);
    // Only accents (or nothing) left: nothing to compare, rather than everyone.
    if (term === '') return [];
    const [friends, matches] = await Promise.all([
      findFriendMatches(db, viewerOfMember(member), term),
      findPrefixMatches(db, viewerOfMember(member), term, SEARCH_RESULTS_MAX),
    ]);
    const friendIds = new Set(friends.map((f) => f.id));
    return rankMatches(term, [...friends, ...matches], friendIds, SEARCH_RESULTS_MAX).map((row) =>
      toPublicUser(row, this.deps.imageUrls),
    );
  }

  /** Puts the member at the top of the caller's history; keeps SEARCH_HISTORY_MAX entries. */
  async addToHistory(member: UserRow, searchedId: string): Promise<'ok'> {
    const { db, clock } = this.deps;
    const nowIso = clock.now().toISOString();
    await db.transaction().execute(async (trx) => {
      const added = await upsertHistoryEntry(trx, {
        id: uuidv7(),
        viewer: viewerOfMember(member),
        searchedId,
        nowIso,
      });
      if (!added) throw notFound(PROFILE_MESSAGES.memberNotFound);
      await pruneHistory(trx, member.id, SEARCH_HISTORY_MAX);
    });
    return 'ok';
  }

  async history(member: UserRow): Promise<SearchHistoryEntry[]> {
    const rows = await historyOf(this.deps.db, viewerOfMember(member), SEARCH_HISTORY_MAX);
    return rows.map((row) => toHistoryEntry(row, this.deps.imageUrls));
  }

  /** Forgets that member in the caller's history; already absent is fine. */
  async removeFromHistory(member: UserRow, searchedId: string): Promise<'ok'> {
    await deleteHistoryEntry(this.deps.db, member.id, searchedId);
    return 'ok';
  }
}

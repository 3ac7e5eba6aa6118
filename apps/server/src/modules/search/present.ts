import type { SearchHistoryEntry } from '@hearth/contract';
import { toPublicUser } from '../users/present.js';
import type { HistoryEntryRow } from './history-repo.js';

export function toHistoryEntry(row: HistoryEntryRow): SearchHistoryEntry {
  return { _id: row.entry_id, createdAt: row.created_at, user: toPublicUser(row) };
}

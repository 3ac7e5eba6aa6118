import type { SearchHistoryEntry } from '@hearth/contract';
import type { ImageUrls } from '../../infra/storage/image-urls.js';
import { toPublicUser } from '../users/present.js';
import type { HistoryEntryRow } from './history-repo.js';

export function toHistoryEntry(row: HistoryEntryRow, imageUrls: ImageUrls): SearchHistoryEntry {
  return { _id: row.entry_id, createdAt: row.created_at, user: toPublicUser(row, imageUrls) };
}

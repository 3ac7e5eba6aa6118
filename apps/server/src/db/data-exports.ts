import type { Generated, Insertable, Selectable } from 'kysely';

export type DataExportStatus = 'queued' | 'building' | 'ready' | 'failed';

/** One 'Download your information' zip (migration 0018). */
export interface DataExportsTable {
  id: string;
  user_id: string;
  status: DataExportStatus;
  /** Where the zip is stored, once ready. */
  storage_key: string | null;
  bytes: number | string | bigint | null;
  /** The process building it and until when it holds it: past that, another takes it up. */
  lease_owner: string | null;
  lease_until: string | null;
  attempts: Generated<number>;
  /** Why the last attempt failed (for the log and the host; the member sees 'failed'). */
  error: string | null;
  requested_at: string;
  ready_at: string | null;
  /** Ready zips are downloadable until then (7 days), then deleted. */
  expires_at: string | null;
}

export type DataExportRow = Selectable<DataExportsTable>;
export type NewDataExport = Insertable<DataExportsTable>;

import type { Insertable, Selectable } from 'kysely';

/**
 * A photo a report keeps in its snapshot (migration 0017): the media route serves it with a
 * signature (which only the reports queue hands out, to moderators) while the post or comment
 * showing it is hidden from everyone. It keeps no file from the purge.
 */
export interface ReportImagesTable {
  report_id: string;
  storage_key: string;
}

export type ReportImageRow = Selectable<ReportImagesTable>;
export type NewReportImage = Insertable<ReportImagesTable>;

import type { Selectable } from 'kysely';

export interface JobLeasesTable {
  /** What is held: a job's name ('purges'), or 'backup:<holder>' for a running backup. */
  name: string;
  /** Who holds it (host, pid and a random id of the process or backup). */
  holder: string;
  /** ISO time the lease ends; after it anyone may take the row. */
  held_until: string;
  /** ISO time the holder took it. */
  started_at: string;
}

export type JobLeaseRow = Selectable<JobLeasesTable>;

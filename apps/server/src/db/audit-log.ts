import type { Insertable, Selectable } from 'kysely';

/**
 * Every settings, role and moderation change: who, what, when (API.md, Hosts in charge). No
 * foreign keys, so a row stays when a member it names is purged; the names are copied in.
 */
export interface AuditLogTable {
  id: string;
  /** Null for what the server did by itself (the automatic switch to approval). */
  actor_id: string | null;
  actor_name: string;
  /** `settings.update`, `role.set`, `application.approve`, `application.reject`, … */
  action: string;
  target_id: string | null;
  target_name: string | null;
  /** JSON: what changed (before and after), the reason. */
  details: string;
  created_at: string;
}

export type AuditLogRow = Selectable<AuditLogTable>;
export type NewAuditLogEntry = Insertable<AuditLogTable>;

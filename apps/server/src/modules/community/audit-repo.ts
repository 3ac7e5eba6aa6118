import { v7 as uuidv7 } from 'uuid';
import type { Db } from '../../db/database.js';

/** Who did it: a member (their id and name, copied in) or the server itself (null). */
export interface AuditActor {
  id: string;
  name: string;
}

/** One line of the audit log (API.md, Hosts in charge): never cascades away with a member. */
export interface AuditEntry {
  actor: AuditActor | null;
  /** `settings.update`, `role.set`, `application.approve`, `application.reject`, `invite.create`, `invite.revoke`, `signup.autoApproval`. */
  action: string;
  target?: { id: string; name: string } | null;
  /** What changed (before and after), the reason. */
  details?: Record<string, unknown>;
  at: string;
}

/** The name the log keeps for the server's own actions. */
export const SERVER_ACTOR_NAME = 'Hearth (automatic)';

export async function insertAuditEntry(db: Db, entry: AuditEntry): Promise<void> {
  await db
    .insertInto('audit_log')
    .values({
      id: uuidv7(),
      actor_id: entry.actor?.id ?? null,
      actor_name: entry.actor?.name ?? SERVER_ACTOR_NAME,
      action: entry.action,
      target_id: entry.target?.id ?? null,
      target_name: entry.target?.name ?? null,
      details: JSON.stringify(entry.details ?? {}),
      created_at: entry.at,
    })
    .execute();
}

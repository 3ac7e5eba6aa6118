import { v7 as uuidv7 } from 'uuid';
import type { AuditLogRow } from '../../db/audit-log.js';
import type { Db } from '../../db/database.js';
import type { UserRow } from '../../db/users.js';

/** Who did it: a member (their id and name, copied in) or the server itself (null). */
export interface AuditActor {
  id: string;
  name: string;
}

/** One line of the audit log (API.md, Hosts in charge): never cascades away with a member. */
export interface AuditEntry {
  actor: AuditActor | null;
  /** Without an actor: who it was, when not the server itself (the host's command line). */
  actorName?: string;
  /**
   * `settings.update`, `role.set`, `application.approve`, `application.reject`, `invite.create`,
   * `invite.revoke`, `signup.autoApproval`; moderation: `report.dismiss`, `report.remove`,
   * `report.warn`, `report.suspend`, `post.remove`, `comment.remove`, `member.warn`,
   * `member.suspend`, `member.unsuspend`, `member.delete`;
   * `email.allow` (an address refused since its account's deletion may sign up again).
   */
  action: string;
  target?: { id: string; name: string } | null;
  /** What changed (before and after), the reason. */
  details?: Record<string, unknown>;
  at: string;
}

/** The name the log keeps for the server's own actions. */
export const SERVER_ACTOR_NAME = 'Hearth (automatic)';
/** …and for the host's, at the server's command line (`npm run admin`). */
export const HOST_ACTOR_NAME = 'The host (command line)';

export async function insertAuditEntry(db: Db, entry: AuditEntry): Promise<void> {
  await db
    .insertInto('audit_log')
    .values({
      id: uuidv7(),
      actor_id: entry.actor?.id ?? null,
      actor_name: entry.actor?.name ?? entry.actorName ?? SERVER_ACTOR_NAME,
      action: entry.action,
      target_id: entry.target?.id ?? null,
      target_name: entry.target?.name ?? null,
      details: JSON.stringify(entry.details ?? {}),
      created_at: entry.at,
    })
    .execute();
}

/** The audit log's actor: the member's id and name as they are now (copied, no foreign key). */
export function actorOf(member: Pick<UserRow, 'id' | 'first_name' | 'last_name'>): AuditActor {
  return { id: member.id, name: `${member.first_name} ${member.last_name}` };
}

/** One page of the log, newest first (ids are uuid v7: creation order), before the cursor. */
export function auditPage(
  db: Db,
  options: { cursor: string | undefined; limit: number },
): Promise<AuditLogRow[]> {
  let query = db.selectFrom('audit_log').selectAll().orderBy('id', 'desc').limit(options.limit);
  if (options.cursor !== undefined) query = query.where('id', '<', options.cursor);
  return query.execute();
}

/** The lines naming the member as their target, newest first, from the (target_id, id) index. */
export function auditLinesAbout(db: Db, targetId: string, limit: number): Promise<AuditLogRow[]> {
  return db
    .selectFrom('audit_log')
    .selectAll()
    .where('target_id', '=', targetId)
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

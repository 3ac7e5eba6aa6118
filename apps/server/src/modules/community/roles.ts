import type { Role } from '@hearth/contract';
import type { Db } from '../../db/database.js';
import { type AuditActor, HOST_ACTOR_NAME, insertAuditEntry } from './audit-repo.js';

export type RoleChange =
  | { ok: true; before: Role; after: Role; member: { id: string; name: string } }
  | { ok: false; reason: 'notFound' | 'lastAdmin' };

/**
 * Gives a member a role, in one transaction with its audit line: used by the admin command
 * (`npm run admin`, actor null: the host) and by PUT /moderation/role (actor: the admin). The
 * last admin stays an admin. Applicants waiting for approval are not members yet: notFound.
 */
export async function changeRole(
  db: Db,
  change: { targetId: string; role: Role; actor: AuditActor | null; nowIso: string; via: string },
): Promise<RoleChange> {
  return db.transaction().execute(async (trx) => {
    const member = await trx
      .selectFrom('users')
      .select(['id', 'role', 'first_name', 'last_name'])
      .where('id', '=', change.targetId)
      .where('pending', '=', 0)
      .executeTakeFirst();
    if (!member) return { ok: false, reason: 'notFound' } as const;
    const before = member.role as Role;
    const name = `${member.first_name} ${member.last_name}`;
    if (before === change.role) {
      return { ok: true, before, after: before, member: { id: member.id, name } } as const;
    }
    if (before === 'admin') {
      const otherAdmin = await trx
        .selectFrom('users')
        .select('id')
        .where('role', '=', 'admin')
        .where('id', '!=', member.id)
        .limit(1)
        .executeTakeFirst();
      if (!otherAdmin) return { ok: false, reason: 'lastAdmin' } as const;
    }
    await trx
      .updateTable('users')
      .set({ role: change.role, updated_at: change.nowIso })
      .where('id', '=', member.id)
      .execute();
    await insertAuditEntry(trx, {
      actor: change.actor,
      ...(change.via === 'cli' ? { actorName: HOST_ACTOR_NAME } : {}),
      action: 'role.set',
      target: { id: member.id, name },
      details: { before, after: change.role, via: change.via },
      at: change.nowIso,
    });
    return { ok: true, before, after: change.role, member: { id: member.id, name } } as const;
  });
}

/** Whether the server has an admin yet (the start-up line tells the host how to make one). */
export async function hasAdmin(db: Db): Promise<boolean> {
  const row = await db
    .selectFrom('users')
    .select('id')
    .where('role', '=', 'admin')
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

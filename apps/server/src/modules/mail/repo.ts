import type { Db } from '../../db/database.js';
import { MAIL_STATUS, type MailRow, type NewMail } from '../../db/mail-outbox.js';

export async function insertMail(db: Db, mail: NewMail): Promise<void> {
  await db.insertInto('mail_outbox').values(mail).execute();
}

export async function listMail(
  db: Db,
  options: { limit: number; recipient?: string | undefined },
): Promise<MailRow[]> {
  let query = db.selectFrom('mail_outbox').selectAll();
  if (options.recipient) query = query.where('recipient', '=', options.recipient);
  return query.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(options.limit).execute();
}

/** Ids of pending mail that is due and held by no live lease, oldest first. */
export async function dueMailIds(db: Db, nowIso: string, limit: number): Promise<string[]> {
  const rows = await db
    .selectFrom('mail_outbox')
    .select('id')
    .where('status', '=', MAIL_STATUS.pending)
    .where('next_attempt_at', '<=', nowIso)
    .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<=', nowIso)]))
    .orderBy('next_attempt_at')
    .orderBy('id')
    .limit(limit)
    .execute();
  return rows.map((r) => r.id);
}

/**
 * Takes the lease on one mail; false when another sender got it first. The conditions are
 * repeated in the UPDATE so two processes can never both win.
 */
export async function claimMail(
  db: Db,
  id: string,
  owner: string,
  nowIso: string,
  leaseUntilIso: string,
): Promise<MailRow | undefined> {
  const result = await db
    .updateTable('mail_outbox')
    .set({ lease_owner: owner, lease_until: leaseUntilIso })
    .where('id', '=', id)
    .where('status', '=', MAIL_STATUS.pending)
    .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<=', nowIso)]))
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) return undefined;
  return db.selectFrom('mail_outbox').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function markMailSent(db: Db, id: string, owner: string, nowIso: string) {
  await db
    .updateTable('mail_outbox')
    .set((eb) => ({
      status: MAIL_STATUS.sent,
      sent_at: nowIso,
      attempts: eb('attempts', '+', 1),
      lease_owner: null,
      lease_until: null,
      last_error: null,
    }))
    .where('id', '=', id)
    .where('lease_owner', '=', owner)
    .execute();
}

export async function markMailFailed(
  db: Db,
  id: string,
  owner: string,
  nextAttemptIso: string,
  error: string,
) {
  await db
    .updateTable('mail_outbox')
    .set((eb) => ({
      attempts: eb('attempts', '+', 1),
      next_attempt_at: nextAttemptIso,
      last_error: error,
      lease_owner: null,
      lease_until: null,
    }))
    .where('id', '=', id)
    .where('lease_owner', '=', owner)
    .execute();
}

export async function releaseMail(db: Db, id: string, owner: string) {
  await db
    .updateTable('mail_outbox')
    .set({ lease_owner: null, lease_until: null })
    .where('id', '=', id)
    .where('lease_owner', '=', owner)
    .execute();
}

/** Pending mail: how many, and when the oldest was queued (one query, for the metrics). */
export async function outboxBacklog(
  db: Db,
): Promise<{ pending: number; oldestCreatedAt: string | null }> {
  const row = await db
    .selectFrom('mail_outbox')
    .select((eb) => [
      eb.fn.countAll<string | number>().as('pending'),
      eb.fn.min('created_at').as('oldest'),
    ])
    .where('status', '=', MAIL_STATUS.pending)
    .executeTakeFirst();
  return {
    pending: Number(row?.pending ?? 0),
    oldestCreatedAt: (row?.oldest as string | null) ?? null,
  };
}

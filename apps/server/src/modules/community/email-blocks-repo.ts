import { createHash } from 'node:crypto';
import type { Db } from '../../db/database.js';
import type { EmailBlockRow, NewEmailBlock } from '../../db/email-blocks.js';

// Addresses refused at sign-up after an admin deleted their account (API.md, Hosts in charge),
// kept only as hashes: the list says whose account it was, never the address.

/** SHA-256 of the lower-cased, trimmed address, hex: the same for any letter case. */
export function emailHashOf(email: string): string {
  return createHash('sha256').update(email.trim().toLowerCase()).digest('hex');
}

/** Whether the address is refused. */
export async function isEmailBlocked(db: Db, email: string): Promise<boolean> {
  const row = await db
    .selectFrom('email_blocks')
    .select('id')
    .where('email_hash', '=', emailHashOf(email))
    .executeTakeFirst();
  return row !== undefined;
}

/** Refuses the address from now on; already refused (a row with the same hash) stays as it is. */
export async function insertEmailBlock(db: Db, block: NewEmailBlock): Promise<void> {
  await db
    .insertInto('email_blocks')
    .values(block)
    .onConflict((oc) => oc.column('email_hash').doNothing())
    .execute();
}

/** The refused addresses, newest first (ids are uuid v7: creation order). */
export function listEmailBlocks(db: Db, limit: number): Promise<EmailBlockRow[]> {
  return db.selectFrom('email_blocks').selectAll().orderBy('id', 'desc').limit(limit).execute();
}

/** Lets the address sign up again; undefined when no such block. */
export function deleteEmailBlock(db: Db, id: string): Promise<EmailBlockRow | undefined> {
  return db.deleteFrom('email_blocks').where('id', '=', id).returningAll().executeTakeFirst();
}

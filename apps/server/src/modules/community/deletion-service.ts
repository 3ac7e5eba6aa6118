import {
  type ActionReasonInput,
  type EmailBlock,
  MODERATION_MESSAGES,
  SERVER_MESSAGES,
} from '@hearth/contract';
import { v7 as uuidv7 } from 'uuid';
import type { Db } from '../../db/database.js';
import type { PurgeRun } from '../../db/purge-run.js';
import type { UserRow } from '../../db/users.js';
import { invalid, notFound } from '../../errors.js';
import type { EventBus } from '../../infra/bus/bus.js';
import type { Clock } from '../../infra/clock.js';
import { roleOf } from '../auth/present.js';
import { deleteMemberAccounts } from '../auth/repo.js';
import type { MailQueue } from '../mail/service.js';
import { accountDeletedMail } from '../mail/templates.js';
import type { UsersService } from '../users/service.js';
import { actorOf, insertAuditEntry } from './audit-repo.js';
import {
  deleteEmailBlock,
  emailHashOf,
  insertEmailBlock,
  listEmailBlocks,
} from './email-blocks-repo.js';
import { toEmailBlock } from './present.js';
import { findMember } from './repo.js';
import { resolveOpenReportsNaming } from './reports-repo.js';
import { readCommunitySettings } from './settings-repo.js';

export interface DeletionServiceDeps {
  db: Db;
  clock: Clock;
  mail: MailQueue;
  /** Deletes an account with everything it made, as the unverified-account purge does. */
  users: UsersService;
  /** Where the deleted member's sessions are ended, on every process. */
  bus: EventBus;
  /** Where a file that could not be deleted is reported. */
  log: PurgeRun['log'];
}

/** The refused addresses the admins' list shows. */
const EMAIL_BLOCKS_MAX = 200;

/**
 * An admin deletes a member's account, and the addresses so refused at sign-up (API.md, Hosts
 * in charge). The address is kept only as a hash, with the name the account had, until an admin
 * lifts it; the audit log keeps its lines about the member.
 */
export class DeletionService {
  constructor(private readonly deps: DeletionServiceDeps) {}

  /**
   * Deletes a member's account and everything they made (posts, comments, reactions,
   * friendships, uploads, files included), told by mail with the reason; their address may not
   * sign up again, their open reports are resolved as `delete`, and every session and socket of
   * theirs ends at once on every process. Unknown or applying: 404; the caller: 400; a
   * moderator or an admin (an admin makes them a member first): 400.
   */
  async deleteMember(actor: UserRow, userId: string, input: ActionReasonInput): Promise<'ok'> {
    const { db, mail, users, bus } = this.deps;
    const nowIso = this.deps.clock.now().toISOString();
    const reason = input.reason.trim();
    const by = actorOf(actor);
    const { name: serverName } = await readCommunitySettings(db, nowIso);
    const leaving = await db.transaction().execute(async (trx) => {
      const member = await findMember(trx, userId);
      if (!member) throw notFound(SERVER_MESSAGES.notFound);
      if (member.id === actor.id) throw invalid(MODERATION_MESSAGES.notYourself);
      if (roleOf(member) !== 'member') throw invalid(MODERATION_MESSAGES.staffProtected);
      const name = `${member.first_name} ${member.last_name}`;
      // All of this before the row goes: the address, and the reports' member_id, go with it.
      await mail.enqueue(trx, accountDeletedMail(member, { serverName, reason }));
      await insertEmailBlock(trx, {
        id: uuidv7(),
        email_hash: emailHashOf(member.email),
        name,
        reason,
        by_id: by.id,
        by_name: by.name,
        created_at: nowIso,
      });
      await resolveOpenReportsNaming(trx, member.id, {
        action: 'delete',
        reason,
        byId: by.id,
        byName: by.name,
        at: nowIso,
      });
      // The log names no foreign key: this line stays, with the name copied in.
      await insertAuditEntry(trx, {
        actor: by,
        action: 'member.delete',
        target: { id: member.id, name },
        details: { reason },
        at: nowIso,
      });
      const gone = await users.deleteAccounts(trx, [member.id], deleteMemberAccounts);
      // Made moderator or admin, or deleted, since it was read: nothing of the above stands.
      if (!gone.deleted.has(member.id)) throw notFound(SERVER_MESSAGES.notFound);
      return gone;
    });
    // The sessions went with the account: every socket of theirs closes, on every process.
    await bus.publish({ type: 'session.ended', userId, sessionId: null });
    await leaving.finish(this.deps.log);
    mail.deliverSoon();
    return 'ok';
  }

  /** The refused addresses, newest first. */
  async emailBlocks(): Promise<EmailBlock[]> {
    return (await listEmailBlocks(this.deps.db, EMAIL_BLOCKS_MAX)).map(toEmailBlock);
  }

  /** Lets the address sign up again (404 for an unknown block); into the audit log. */
  async liftEmailBlock(actor: UserRow, blockId: string): Promise<'ok'> {
    const nowIso = this.deps.clock.now().toISOString();
    await this.deps.db.transaction().execute(async (trx) => {
      const lifted = await deleteEmailBlock(trx, blockId);
      if (!lifted) throw notFound(SERVER_MESSAGES.notFound);
      await insertAuditEntry(trx, {
        actor: actorOf(actor),
        action: 'email.allow',
        details: { name: lifted.name },
        at: nowIso,
      });
    });
    return 'ok';
  }
}

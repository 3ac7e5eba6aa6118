import {
  ACCOUNT_DELETION_GRACE_MS,
  ACCOUNT_MESSAGES,
  type DeleteAccountInput,
  type MessageResponse,
  SERVER_MESSAGES,
} from '@hearth/contract';
import type { Db } from '../../db/database.js';
import { type PurgeRun, purgeInBatches } from '../../db/purge-run.js';
import type { UserRow } from '../../db/users.js';
import { invalid, unauthenticated } from '../../errors.js';
import type { EventBus } from '../../infra/bus/bus.js';
import { addMs, type Clock } from '../../infra/clock.js';
import { verifyPassword } from '../auth/password.js';
import { roleOf } from '../auth/present.js';
import { endSessionsOf } from '../auth/repo.js';
import type { SecondFactor } from '../auth/two-factor-service.js';
import { resolveOpenReportsNaming } from '../community/reports-repo.js';
import type { MailQueue } from '../mail/service.js';
import { accountDeletionMail } from '../mail/templates.js';
import { postsReactedBy, recountReactions } from '../posts/reactions-repo.js';
import { postsCommentedBy } from '../posts/repo.js';
import type { UsersService } from '../users/service.js';
import {
  deleteAccountsDue,
  deleteDeletion,
  deletionsDueBefore,
  findDeletion,
  insertDeletion,
  lockDeletionsDue,
} from './deletion-repo.js';

export interface AccountDeletionServiceDeps {
  db: Db;
  clock: Clock;
  bus: EventBus;
  mail: MailQueue;
  /** Asked for a code when the member turned two-factor sign-in on. */
  twoFactor: SecondFactor;
  /** Deletes accounts with everything they made, as the admin's deletion does. */
  users: Pick<UsersService, 'deleteAccounts'>;
  /** Where members open the app (APP_URL): the mail's login link. */
  appUrl: string;
}

/** The reason the purge writes on the reports it resolves: nobody judged the member. */
export const DELETED_BY_MEMBER_REASON = 'The member deleted their account.';

/**
 * A member deleting their own account (API.md, One's own account). Asking hides the member at
 * once, as a suspension does (one `suspensions` row of kind 'deletion', so the visibility rule
 * still pays one probe); a login within ACCOUNT_DELETION_GRACE_MS cancels it; after that the
 * purge deletes the account and everything in it.
 */
export class AccountDeletionService {
  constructor(private readonly deps: AccountDeletionServiceDeps) {}

  /**
   * POST /users/deleteAccount: the password must be right, and a code given when two-factor
   * sign-in is on (400 otherwise, nothing changed); a moderator or an admin is refused (400: an
   * admin makes them a member first). Then, in one transaction: the member is hidden, every
   * session of theirs ends, the posts they reacted to are counted without them, and a mail says
   * until when a login keeps the account. Once committed, their sockets close and the cards
   * showing them are dropped on every process.
   */
  async request(member: UserRow, input: DeleteAccountInput): Promise<MessageResponse> {
    const { db, clock, bus, mail, twoFactor } = this.deps;
    if (!(await verifyPassword(input.currentPassword, member.password_hash))) {
      throw invalid(ACCOUNT_MESSAGES.currentPasswordWrong);
    }
    // Before a code is spent: a refused request should not cost one.
    if (roleOf(member) !== 'member') throw invalid(ACCOUNT_MESSAGES.staffCannotDelete);
    if (await twoFactor.isOn(member.id)) {
      if (!input.code) throw invalid(ACCOUNT_MESSAGES.twoFactorCodeRequired);
      if (!(await twoFactor.spendCode(member.id, input.code))) {
        throw invalid(ACCOUNT_MESSAGES.twoFactorCodeWrong);
      }
    }
    const now = clock.now();
    const purgeAt = addMs(now, ACCOUNT_DELETION_GRACE_MS);
    const stale = await db.transaction().execute(async (trx) => {
      const name = `${member.first_name} ${member.last_name}`;
      const begun = await insertDeletion(trx, { id: member.id, name }, now.toISOString());
      // A moderator suspended them, or another request of theirs began it, meanwhile: either
      // way every session of theirs is ending, this one included.
      if (!begun) return undefined;
      await endSessionsOf(trx, member.id);
      // The row is written: the recount leaves their reactions out.
      const reactedTo = await postsReactedBy(trx, [member.id]);
      await recountReactions(trx, reactedTo);
      await mail.enqueue(
        trx,
        accountDeletionMail(member, {
          purgeAt,
          loginUrl: this.deps.appUrl,
        }),
      );
      const commentedOn = await postsCommentedBy(trx, [member.id]);
      return [...new Set([...reactedTo, ...commentedOn])];
    });
    if (!stale) throw unauthenticated(SERVER_MESSAGES.sessionExpired);
    mail.deliverSoon();
    await bus.publish({ type: 'session.ended', userId: member.id, sessionId: null });
    await bus.publish({ type: 'cards.stale', postIds: stale, memberIds: [member.id] });
    return { message: ACCOUNT_MESSAGES.accountDeleted };
  }

  /** When the account is purged, if its member is deleting it (login asks). */
  pendingFor(userId: string): Promise<{ requestedAt: string; purgeAt: string } | undefined> {
    return findDeletion(this.deps.db, userId);
  }

  /**
   * Keeps the account: everything the member made shows again, counts included, on every
   * process. False when no deletion was under way.
   */
  async cancel(userId: string): Promise<boolean> {
    const stale = await this.deps.db.transaction().execute(async (trx) => {
      if (!(await deleteDeletion(trx, userId))) return undefined;
      // The row is gone: the recount counts their reactions again.
      const reactedTo = await postsReactedBy(trx, [userId]);
      await recountReactions(trx, reactedTo);
      const commentedOn = await postsCommentedBy(trx, [userId]);
      return [...new Set([...reactedTo, ...commentedOn])];
    });
    if (!stale) return false;
    await this.deps.bus.publish({ type: 'cards.stale', postIds: stale, memberIds: [userId] });
    return true;
  }

  /**
   * Deletes the accounts whose deletion was asked for at or before `cutoff` and not cancelled,
   * with everything they made, files included, as an admin's deletion does; their open reports
   * are resolved as `delete`, by the member, with a neutral reason. No e-mail block: the address
   * may sign up again (the username never comes back: UsersService.deleteAccounts retires it).
   * Every step is idempotent, so several processes may purge at once.
   */
  async purgeDeletedBefore(
    cutoff: string,
    run: PurgeRun,
  ): Promise<{ accounts: number; files: number }> {
    const { db, clock, users } = this.deps;
    let accounts = 0;
    let files = 0;
    await purgeInBatches(
      run,
      (limit) => deletionsDueBefore(db, cutoff, limit),
      async (ids) => {
        const leaving = await db.transaction().execute(async (trx) => {
          // Only those still due: a login may have cancelled one since the batch was read.
          const due = await lockDeletionsDue(trx, ids, cutoff);
          const at = clock.now().toISOString();
          // Before the rows go: a deleted account's reports lose their member_id.
          for (const member of due) {
            await resolveOpenReportsNaming(trx, member.id, {
              action: 'delete',
              reason: DELETED_BY_MEMBER_REASON,
              byId: member.id,
              byName: member.name,
              at,
            });
          }
          return users.deleteAccounts(
            trx,
            due.map((member) => member.id),
            (inTrx, dueIds) => deleteAccountsDue(inTrx, dueIds, cutoff),
          );
        });
        accounts += leaving.deleted.size;
        files += await leaving.finish(run.log);
      },
    );
    return { accounts, files };
  }
}

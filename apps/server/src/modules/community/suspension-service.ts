import { type ActionReasonInput, MODERATION_MESSAGES, SERVER_MESSAGES } from '@hearth/contract';
import type { Db } from '../../db/database.js';
import type { UserRow } from '../../db/users.js';
import { conflict, invalid, notFound } from '../../errors.js';
import type { EventBus } from '../../infra/bus/bus.js';
import type { Clock } from '../../infra/clock.js';
import { endSessionsOf } from '../auth/repo.js';
import type { MailQueue } from '../mail/service.js';
import { accountRestoredMail, accountSuspendedMail } from '../mail/templates.js';
import { postsReactedBy, recountReactions } from '../posts/reactions-repo.js';
import { postsCommentedBy } from '../posts/repo.js';
import { type AuditActor, actorOf, insertAuditEntry } from './audit-repo.js';
import { resolveOpenReportsNaming } from './reports-repo.js';
import { readCommunitySettings } from './settings-repo.js';
import { isStaffRole } from './staff-activity.js';
import {
  deleteSuspension,
  findMemberStanding,
  insertSuspension,
  type MemberStanding,
} from './suspensions-repo.js';

export interface SuspensionServiceDeps {
  db: Db;
  clock: Clock;
  mail: MailQueue;
  bus: EventBus;
}

/** Who suspends, why and when, as a suspension made inside another action's transaction needs. */
export interface SuspensionBy {
  actor: AuditActor;
  reason: string;
  nowIso: string;
  /** The server's name, for the member's mail. */
  serverName: string;
}

/**
 * Suspension and its lifting (API.md, Hosts in charge). A suspension is one row of
 * `suspensions`: the visibility rule hides everything the member made while it stands, so
 * nothing of theirs is rewritten and lifting it shows everything again as it was. Only the
 * kept reaction counts are derived data, so both directions recount them.
 */
export class SuspensionService {
  constructor(private readonly deps: SuspensionServiceDeps) {}

  /**
   * A moderator suspends a member: not a moderator or an admin (an admin makes them a member
   * first), not themselves; an unknown member or an applicant is 404, a suspended one 409.
   */
  async suspend(actor: UserRow, userId: string, input: ActionReasonInput): Promise<'ok'> {
    const { db } = this.deps;
    const by = await this.by(actor, input.reason);
    const member = await this.memberToSuspend(actor, userId);
    if (member.suspended) throw conflict(MODERATION_MESSAGES.alreadySuspended);
    const announce = await db.transaction().execute(async (trx) => {
      const done = await this.suspendIn(trx, member, by);
      // Another moderator suspended them meanwhile.
      if (!done) throw conflict(MODERATION_MESSAGES.alreadySuspended);
      await insertAuditEntry(trx, {
        actor: by.actor,
        action: 'member.suspend',
        target: targetOf(member),
        details: { reason: by.reason },
        at: by.nowIso,
      });
      return done;
    });
    await announce();
    this.deps.mail.deliverSoon();
    return 'ok';
  }

  /**
   * The member `actor` would suspend, directly or by resolving a report: an unknown member, an
   * applicant or a member deleting their account (gone for everyone already) is 404, the caller
   * 400, a moderator or an admin 400.
   */
  async memberToSuspend(actor: UserRow, userId: string): Promise<MemberStanding> {
    const member = await findMemberStanding(this.deps.db, userId);
    if (!member || member.deleting) throw notFound(SERVER_MESSAGES.notFound);
    if (member.id === actor.id) throw invalid(MODERATION_MESSAGES.notYourself);
    if (isStaffRole(member.role)) throw invalid(MODERATION_MESSAGES.staffProtected);
    return member;
  }

  /**
   * In `trx` (a suspension's own, or a report's resolution's): suspends the member, ends every
   * session of theirs, recounts the reactions they made, resolves every open report naming
   * them with `suspend` and queues their mail. Undefined when they are suspended already
   * (nothing done); otherwise what to publish once `trx` commits: their sockets close on every
   * process and the cards showing them are dropped. The caller writes the audit line and asks
   * for the mail's delivery after the commit.
   */
  async suspendIn(
    trx: Db,
    member: Pick<UserRow, 'id' | 'email' | 'first_name' | 'language'>,
    by: SuspensionBy,
  ): Promise<(() => Promise<void>) | undefined> {
    const inserted = await insertSuspension(trx, {
      user_id: member.id,
      reason: by.reason,
      by_id: by.actor.id,
      by_name: by.actor.name,
      created_at: by.nowIso,
    });
    if (!inserted) return undefined;
    await endSessionsOf(trx, member.id);
    // The suspension row is written: the recount leaves their reactions out.
    const reactedTo = await postsReactedBy(trx, [member.id]);
    await recountReactions(trx, reactedTo);
    await resolveOpenReportsNaming(trx, member.id, {
      action: 'suspend',
      reason: by.reason,
      byId: by.actor.id,
      byName: by.actor.name,
      at: by.nowIso,
    });
    await this.deps.mail.enqueue(
      trx,
      accountSuspendedMail(member, {
        serverName: by.serverName,
        reason: by.reason,
      }),
    );
    const stale = await this.cardsShowing(trx, member.id, reactedTo);
    return async () => {
      await this.deps.bus.publish({ type: 'session.ended', userId: member.id, sessionId: null });
      await stale();
    };
  }

  /**
   * A moderator lifts a suspension: the member may log in again and everything they made shows
   * again, counts included. Unknown, or deleting their account (which only their login
   * cancels): 404; not suspended: 409.
   */
  async unsuspend(actor: UserRow, userId: string, input: ActionReasonInput): Promise<'ok'> {
    const { db, mail } = this.deps;
    const by = await this.by(actor, input.reason);
    const member = await findMemberStanding(db, userId);
    if (!member || member.deleting) throw notFound(SERVER_MESSAGES.notFound);
    if (!member.suspended) throw conflict(MODERATION_MESSAGES.notSuspended);
    const stale = await db.transaction().execute(async (trx) => {
      // Of two moderators lifting it at once, one does.
      if (!(await deleteSuspension(trx, member.id))) {
        throw conflict(MODERATION_MESSAGES.notSuspended);
      }
      // The row is gone: the recount counts their reactions again.
      const reactedTo = await postsReactedBy(trx, [member.id]);
      await recountReactions(trx, reactedTo);
      await insertAuditEntry(trx, {
        actor: by.actor,
        action: 'member.unsuspend',
        target: targetOf(member),
        details: { reason: by.reason },
        at: by.nowIso,
      });
      await mail.enqueue(
        trx,
        accountRestoredMail(member, {
          serverName: by.serverName,
          reason: by.reason,
        }),
      );
      return this.cardsShowing(trx, member.id, reactedTo);
    });
    await stale();
    mail.deliverSoon();
    return 'ok';
  }

  /** Who acts, why, now, and the server's name for the mail. */
  private async by(actor: UserRow, reason: string): Promise<SuspensionBy> {
    const nowIso = this.deps.clock.now().toISOString();
    const settings = await readCommunitySettings(this.deps.db, nowIso);
    return { actor: actorOf(actor), reason: reason.trim(), nowIso, serverName: settings.name };
  }

  /**
   * Read in `trx`: publishes, after the commit, that the cards of the posts the member commented
   * on or reacted to, and those showing the member, changed on every process (their own posts'
   * cards are hidden or shown by the rule, whatever the cache holds).
   */
  private async cardsShowing(
    trx: Db,
    memberId: string,
    reactedTo: string[],
  ): Promise<() => Promise<void>> {
    const commentedOn = await postsCommentedBy(trx, [memberId]);
    const postIds = [...new Set([...reactedTo, ...commentedOn])];
    return () => this.deps.bus.publish({ type: 'cards.stale', postIds, memberIds: [memberId] });
  }
}

function targetOf(member: Pick<UserRow, 'id' | 'first_name' | 'last_name'>) {
  return { id: member.id, name: `${member.first_name} ${member.last_name}` };
}

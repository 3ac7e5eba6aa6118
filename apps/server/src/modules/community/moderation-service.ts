import {
  type ActionReasonInput,
  type AuditEntry,
  MODERATION_MESSAGES,
  type ModerationReport,
  type ModerationSummary,
  type MyReport,
  POST_MESSAGES,
  REPORT_MESSAGES,
  REPORTED_MESSAGES_AROUND,
  REPORTS_PAGE_SIZE,
  type ReportInput,
  type ReportsQuery,
  type ResolveReportInput,
  SERVER_MESSAGES,
} from '@hearth/contract';
import { v7 as uuidv7 } from 'uuid';
import type { Db } from '../../db/database.js';
import { uniqueViolation } from '../../db/errors.js';
import { keysetPage, type Page } from '../../db/keyset.js';
import type { NewReport } from '../../db/reports.js';
import type { UserRow } from '../../db/users.js';
import { conflict, invalid, notFound } from '../../errors.js';
import type { Clock } from '../../infra/clock.js';
import type { ImageUrls } from '../../infra/storage/image-urls.js';
import { type Viewer, viewerOfMember } from '../access/visibility.js';
import type { MailQueue } from '../mail/service.js';
import { contentRemovedMail, warningMail } from '../mail/templates.js';
import { findMembership, findShownMessage, messagesAround } from '../messages/repo.js';
import type { NotificationEvent, NotificationsService } from '../notifications/service.js';
import type { PostReader } from '../posts/reader.js';
import type { PostsService } from '../posts/service.js';
import { actorOf, auditPage, insertAuditEntry } from './audit-repo.js';
import {
  detailsOf,
  type MemberAction,
  type ReportSnapshot,
  snapshotImageKeys,
  toAuditEntry,
  toModerationReport,
  toMyReport,
} from './present.js';
import {
  actionsAgainst,
  findMemberToTell,
  findReport,
  findVisibleMember,
  insertReport,
  type Resolution,
  reportBy,
  reportsBy,
  reportsPage,
  resolveOpenReport,
  resolveOpenReportsOf,
  waitingCounts,
} from './reports-repo.js';
import { readCommunitySettings } from './settings-repo.js';
import type { SuspensionService } from './suspension-service.js';

export interface ModerationServiceDeps {
  db: Db;
  clock: Clock;
  mail: MailQueue;
  imageUrls: ImageUrls;
  /** Whether the reporter may see what they report (the one visibility rule). */
  reader: PostReader;
  /** Removes posts and comments (and publishes it on every process). */
  posts: PostsService;
  notifications: NotificationsService;
  /** Suspends the reported member when a report is resolved with `suspend`. */
  suspensions: SuspensionService;
}

/** The Support Inbox's length. */
const MY_REPORTS_MAX = 100;
/** The actions of a member's record shown with each report. */
const HISTORY_ACTIONS_MAX = 20;

/** What a report names, as stored. */
type Target = { type: 'post' | 'comment' | 'member' | 'message'; id: string };

/** What a report names, its member, and what it keeps. */
interface ReportedFacts {
  target: Target;
  memberId: string;
  postId: string | null;
  commentId: string | null;
  snapshot: ReportSnapshot | null;
}

/** What a moderator's action did, to announce after its transaction commits. */
interface Outcome {
  published: Array<() => Promise<void>>;
  notified: NotificationEvent[];
  mailed: boolean;
}

/**
 * Reports and moderation actions (API.md, Hosts in charge): members report what they see;
 * moderators dismiss, remove the post or comment, or warn the member; the member affected is
 * told why by notification and mail, moderators staying anonymous; every action goes into the
 * audit log in its own transaction.
 */
export class ModerationService {
  constructor(private readonly deps: ModerationServiceDeps) {}

  /**
   * A member reports a post, a comment, a member or a message they may see (404 otherwise, as
   * everywhere), not their own (400); a second open report of the same target is 409. The report
   * keeps the content as the reporter saw it (a message: with the few around it); moderators and
   * admins are notified.
   */
  async report(member: UserRow, input: ReportInput): Promise<MyReport> {
    const { db, clock, notifications } = this.deps;
    const nowIso = clock.now().toISOString();
    const facts = await this.reportedFacts(member, input.target);
    if (facts.memberId === member.id) throw invalid(REPORT_MESSAGES.yourOwn);
    const row: NewReport = {
      id: uuidv7(),
      reporter_id: member.id,
      member_id: facts.memberId,
      target_type: facts.target.type,
      target_id: facts.target.id,
      post_id: facts.postId,
      comment_id: facts.commentId,
      reason: input.reason,
      details: input.details ?? '',
      snapshot: facts.snapshot === null ? null : JSON.stringify(facts.snapshot),
      status: 'open',
      action: null,
      resolution_reason: null,
      resolved_by_id: null,
      resolved_by_name: null,
      resolved_at: null,
      created_at: nowIso,
    };
    let notified: NotificationEvent[] = [];
    try {
      notified = await db.transaction().execute(async (trx) => {
        await insertReport(trx, row, snapshotImageKeys(facts.snapshot));
        return notifications.reportReceived(trx, { reporterId: member.id, nowIso });
      });
    } catch (error) {
      // The partial unique index: one open report per member and target.
      if (uniqueViolation(error) !== undefined) throw conflict(REPORT_MESSAGES.alreadyReported);
      throw error;
    }
    await notifications.publish(notified);
    const mine = await reportBy(db, member.id, row.id);
    if (!mine) throw new Error('the report just made is missing');
    return toMyReport(mine);
  }

  /** The member's reports, newest first, with what the moderators did. */
  async myReports(member: UserRow): Promise<MyReport[]> {
    return (await reportsBy(this.deps.db, member.id, MY_REPORTS_MAX)).map(toMyReport);
  }

  /** The queue: open oldest first, resolved newest first, each with the member's record. */
  async reports(query: ReportsQuery): Promise<Page<ModerationReport>> {
    const { db, imageUrls } = this.deps;
    const { items, nextCursor } = await keysetPage(
      REPORTS_PAGE_SIZE,
      (limit) => reportsPage(db, { status: query.status, cursor: query.cursor, limit }),
      (last) => last.id,
    );
    const memberIds = [...new Set(items.flatMap((row) => row.member_id ?? []))];
    const byMember = new Map<string, MemberAction[]>();
    for (const line of await actionsAgainst(db, memberIds)) {
      if (line.target_id === null) continue;
      const list = byMember.get(line.target_id) ?? [];
      if (list.length >= HISTORY_ACTIONS_MAX) continue;
      const reason = detailsOf(line.details).reason;
      list.push({
        action: line.action,
        reason: typeof reason === 'string' ? reason : '',
        at: line.created_at,
      });
      byMember.set(line.target_id, list);
    }
    return {
      items: items.map((row) =>
        toModerationReport(row, byMember.get(row.member_id ?? '') ?? [], imageUrls),
      ),
      nextCursor,
    };
  }

  /**
   * A moderator acts on an open report (409 once resolved): `dismiss`, `remove` (the post or
   * comment; 400 for a member report), `warn` (the member) or `suspend` (the member, as
   * SuspensionService.suspend does; a moderator or an admin: 400; one suspended already only
   * has the report resolved). Every open report of the same target is resolved alike, in the
   * same transaction as the action and its audit line.
   */
  async resolveReport(actor: UserRow, reportId: string, input: ResolveReportInput): Promise<'ok'> {
    const { db, suspensions } = this.deps;
    const nowIso = this.nowIso();
    const reason = input.reason?.trim() ?? '';
    const report = await findReport(db, reportId);
    if (!report) throw notFound(SERVER_MESSAGES.notFound);
    if (report.status !== 'open') throw conflict(MODERATION_MESSAGES.reportResolved);
    // A message is unsent by its sender only: warn or suspend them instead.
    if (
      input.action === 'remove' &&
      (report.target_type === 'member' || report.target_type === 'message')
    ) {
      throw invalid(MODERATION_MESSAGES.nothingToRemove);
    }
    // The member to suspend, checked before anything is written (a purged member: nobody).
    const toSuspend =
      input.action === 'suspend' && report.member_id !== null
        ? await suspensions.memberToSuspend(actor, report.member_id)
        : undefined;
    const serverName = await this.serverName();
    const resolution = this.resolutionBy(actor, input.action, reason, nowIso);
    const outcome = await db.transaction().execute(async (trx) => {
      // Of two moderators acting at once, one resolves it; the other hears it was.
      const resolved = await resolveOpenReport(trx, reportId, resolution);
      if (!resolved) throw conflict(MODERATION_MESSAGES.reportResolved);
      const target: Target = { type: asTargetType(resolved.target_type), id: resolved.target_id };
      await resolveOpenReportsOf(trx, target, resolution);
      const done = emptyOutcome();
      if (input.action === 'remove') {
        // Content already gone (trashed by its author, purged) is resolved without telling anyone.
        await this.removeTarget(trx, target, reason, nowIso, serverName, done);
      } else if (input.action === 'warn' && resolved.member_id !== null) {
        await this.warn(trx, resolved.member_id, reason, nowIso, serverName, done);
      } else if (toSuspend) {
        const by = { actor: actorOf(actor), reason, nowIso, serverName };
        const suspended = await suspensions.suspendIn(trx, toSuspend, by);
        if (suspended) {
          done.published.push(suspended);
          done.mailed = true;
        }
      }
      await insertAuditEntry(trx, {
        actor: actorOf(actor),
        action: `report.${input.action}`,
        target: await this.auditTarget(trx, resolved.member_id),
        details: {
          reason,
          ...(target.type === 'post' ? { postId: target.id } : {}),
          ...(target.type === 'comment' ? { commentId: target.id } : {}),
          ...(target.type === 'message' ? { messageId: target.id } : {}),
          reportId,
        },
        at: nowIso,
      });
      return done;
    });
    await this.announce(outcome);
    return 'ok';
  }

  /** A moderator removes a live post (404 otherwise); its open reports are resolved. */
  async removePost(actor: UserRow, postId: string, input: ActionReasonInput): Promise<'ok'> {
    return this.act(actor, { type: 'post', id: postId }, input.reason);
  }

  /** A moderator removes a live comment (404 otherwise); its open reports are resolved. */
  async removeComment(actor: UserRow, commentId: string, input: ActionReasonInput): Promise<'ok'> {
    return this.act(actor, { type: 'comment', id: commentId }, input.reason);
  }

  /** A moderator warns a member (404 for an unknown one); open reports of them are resolved. */
  async warnMember(actor: UserRow, userId: string, input: ActionReasonInput): Promise<'ok'> {
    return this.act(actor, { type: 'member', id: userId }, input.reason);
  }

  async summary(): Promise<ModerationSummary> {
    return waitingCounts(this.deps.db);
  }

  /** The audit log, newest first. */
  async log(query: { cursor?: string | undefined }): Promise<Page<AuditEntry>> {
    const { items, nextCursor } = await keysetPage(
      REPORTS_PAGE_SIZE,
      (limit) => auditPage(this.deps.db, { cursor: query.cursor, limit }),
      (last) => last.id,
    );
    return { items: items.map(toAuditEntry), nextCursor };
  }

  /** removePost, removeComment, warnMember: the action, its reports resolved, its audit line. */
  private async act(actor: UserRow, target: Target, rawReason: string): Promise<'ok'> {
    const { db } = this.deps;
    const nowIso = this.nowIso();
    const reason = rawReason.trim();
    const serverName = await this.serverName();
    const outcome = await db.transaction().execute(async (trx) => {
      const done = emptyOutcome();
      const memberId =
        target.type === 'member'
          ? await this.warn(trx, target.id, reason, nowIso, serverName, done)
          : await this.removeTarget(trx, target, reason, nowIso, serverName, done);
      if (memberId === undefined) {
        throw notFound(target.type === 'post' ? POST_MESSAGES.notFound : SERVER_MESSAGES.notFound);
      }
      const action = target.type === 'member' ? 'warn' : 'remove';
      await resolveOpenReportsOf(trx, target, this.resolutionBy(actor, action, reason, nowIso));
      await insertAuditEntry(trx, {
        actor: actorOf(actor),
        action: target.type === 'member' ? 'member.warn' : `${target.type}.remove`,
        target: await this.auditTarget(trx, memberId),
        details: {
          reason,
          ...(target.type === 'post' ? { postId: target.id } : {}),
          ...(target.type === 'comment' ? { commentId: target.id } : {}),
        },
        at: nowIso,
      });
      return done;
    });
    await this.announce(outcome);
    return 'ok';
  }

  /**
   * In `trx`: removes the live post or comment and tells its author why (notification and mail).
   * Answers the author's id, or undefined when there was nothing live to remove.
   */
  private async removeTarget(
    trx: Db,
    target: Target,
    reason: string,
    nowIso: string,
    serverName: string,
    done: Outcome,
  ): Promise<string | undefined> {
    const { posts } = this.deps;
    if (target.type === 'member' || target.type === 'message') return undefined;
    const removed =
      target.type === 'post'
        ? await posts.removePost(trx, target.id, nowIso)
        : await posts.removeComment(trx, target.id, nowIso);
    if (!removed) return undefined;
    done.published.push(removed.published);
    await this.tell(
      trx,
      removed.authorId,
      target.type === 'post' ? 'postRemoved' : 'commentRemoved',
      reason,
      nowIso,
      serverName,
      done,
    );
    return removed.authorId;
  }

  /** In `trx`: tells the member of the warning. Their id, or undefined for an unknown member. */
  private async warn(
    trx: Db,
    memberId: string,
    reason: string,
    nowIso: string,
    serverName: string,
    done: Outcome,
  ): Promise<string | undefined> {
    const told = await this.tell(trx, memberId, 'warning', reason, nowIso, serverName, done);
    return told ? memberId : undefined;
  }

  /** The member's notification and mail, with the reason; false when no such member. */
  private async tell(
    trx: Db,
    memberId: string,
    type: 'postRemoved' | 'commentRemoved' | 'warning',
    reason: string,
    nowIso: string,
    serverName: string,
    done: Outcome,
  ): Promise<boolean> {
    const { mail, notifications } = this.deps;
    const member = await findMemberToTell(trx, memberId);
    if (!member) return false;
    done.notified.push(
      await notifications.moderated(trx, { userId: member.id, type, note: reason, nowIso }),
    );
    await mail.enqueue(
      trx,
      type === 'warning'
        ? warningMail(member, { serverName, reason })
        : contentRemovedMail(member, {
            serverName,
            what: type === 'postRemoved' ? 'post' : 'comment',
            reason,
          }),
    );
    done.mailed = true;
    return true;
  }

  /** After the commit: caches and watchers on every process, the bells, the mail. */
  private async announce(outcome: Outcome): Promise<void> {
    for (const publish of outcome.published) await publish();
    await this.deps.notifications.publish(outcome.notified);
    if (outcome.mailed) this.deps.mail.deliverSoon();
  }

  /** What a report names, checked against what the reporter may see, and its snapshot. */
  private async reportedFacts(
    member: UserRow,
    target: ReportInput['target'],
  ): Promise<ReportedFacts> {
    const { reader, db } = this.deps;
    const viewer = viewerOfMember(member);
    if ('postId' in target) {
      const post = await reader.visiblePost(viewer, target.postId);
      return {
        target: { type: 'post', id: post.id },
        memberId: post.user_id,
        postId: post.id,
        commentId: null,
        snapshot: {
          text: post.text ?? '',
          background: post.background,
          images: await reader.imageKeysOf(post.id),
          createdAt: post.created_at,
          editedAt: post.edited_at,
        },
      };
    }
    if ('commentId' in target) {
      const comment = await reader.visibleComment(viewer, target.commentId);
      return {
        target: { type: 'comment', id: comment.id },
        memberId: comment.user_id,
        postId: comment.post_id,
        commentId: comment.id,
        snapshot: {
          text: comment.comment,
          background: null,
          images: comment.image ? [comment.image] : [],
          createdAt: comment.created_at,
          editedAt: null,
        },
      };
    }
    if ('messageId' in target) return this.reportedMessage(viewer, target.messageId);
    const reported = await findVisibleMember(db, viewer, target.userId);
    if (!reported) throw notFound(SERVER_MESSAGES.notFound);
    return {
      target: { type: 'member', id: reported.id },
      memberId: reported.id,
      postId: null,
      commentId: null,
      snapshot: null,
    };
  }

  /**
   * A message the member may read (a current member of its conversation, the message shown to
   * them: the messages module's rule; 404 otherwise, as for a random id), with the messages around
   * it they could read, kept as they were: nothing else of the conversation.
   */
  private async reportedMessage(viewer: Viewer, messageId: string): Promise<ReportedFacts> {
    const { db } = this.deps;
    const found = await findShownMessage(db, viewer, messageId);
    const membership = found && (await findMembership(db, viewer, found.conversation_id));
    if (!found || !membership) throw notFound(SERVER_MESSAGES.notFound);
    const rows = await messagesAround(db, viewer, membership, found.id, REPORTED_MESSAGES_AROUND);
    const reported = rows.find((row) => row.id === found.id);
    if (!reported || reported.sender_id === null) throw notFound(SERVER_MESSAGES.notFound);
    return {
      target: { type: 'message', id: reported.id },
      memberId: reported.sender_id,
      postId: null,
      commentId: null,
      snapshot: {
        text: reported.text,
        background: null,
        images: reported.image ? [reported.image] : [],
        createdAt: reported.created_at,
        editedAt: null,
        messages: rows.map((row) => ({
          id: row.id,
          senderId: row.sender_id,
          senderName: [row.sender_first_name, row.sender_last_name].filter(Boolean).join(' '),
          text: row.text,
          image: row.image || null,
          removed: Number(row.removed) === 1,
          createdAt: row.created_at,
        })),
      },
    };
  }

  /** The audit line's target: the member affected, their name copied in (null once gone). */
  private async auditTarget(
    trx: Db,
    memberId: string | null,
  ): Promise<{ id: string; name: string } | null> {
    if (memberId === null) return null;
    const member = await findMemberToTell(trx, memberId);
    return member ? { id: member.id, name: `${member.first_name} ${member.last_name}` } : null;
  }

  private resolutionBy(actor: UserRow, action: string, reason: string, nowIso: string): Resolution {
    const { id, name } = actorOf(actor);
    return { action, reason, byId: id, byName: name, at: nowIso };
  }

  private async serverName(): Promise<string> {
    return (await readCommunitySettings(this.deps.db, this.nowIso())).name;
  }

  private nowIso(): string {
    return this.deps.clock.now().toISOString();
  }
}

function emptyOutcome(): Outcome {
  return { published: [], notified: [], mailed: false };
}

function asTargetType(value: string): Target['type'] {
  if (value === 'post' || value === 'comment' || value === 'member' || value === 'message') {
    return value;
  }
  throw new Error(`unknown report target ${value}`);
}

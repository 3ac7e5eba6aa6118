import {
  type About,
  type Application,
  type AuditEntry,
  type EmailBlock,
  type Invite,
  type MemberRecord,
  type ModerationMember,
  type ModerationReport,
  type ModerationSettings,
  type MyReport,
  REPORT_ACTIONS,
  REPORT_REASONS,
  REPORT_TARGETS,
  type ReportAction,
  type ReportReason,
  type ReportTarget,
} from '@hearth/contract';
import type { AuditLogRow } from '../../db/audit-log.js';
import type { EmailBlockRow } from '../../db/email-blocks.js';
import type { ReportRow } from '../../db/reports.js';
import type { ImageUrls } from '../../infra/storage/image-urls.js';
import { roleOf } from '../auth/present.js';
import { preview } from '../notifications/present.js';
import { toBackground } from '../posts/present.js';
import { toPublicUser } from '../users/present.js';
import type { InviteWithMakerRow } from './invites-repo.js';
import type { CommunityMemberRow } from './repo.js';
import type { MyReportRow, QueueReportRow } from './reports-repo.js';
import type { CommunitySettings } from './settings-repo.js';

export function toAbout(settings: CommunitySettings): About {
  return {
    name: settings.name,
    description: settings.description,
    rules: settings.rules,
    privacyPolicy: settings.privacyPolicy,
    signupMode: settings.signupMode,
    membersMayInvite: settings.membersMayInvite,
  };
}

export function toModerationSettings(settings: CommunitySettings): ModerationSettings {
  return {
    ...toAbout(settings),
    blockedEmailDomains: settings.blockedEmailDomains,
    autoApprovalAt: settings.autoApprovalAt,
  };
}

export function toModerationMember(
  row: CommunityMemberRow,
  imageUrls: ImageUrls,
): ModerationMember {
  const role = roleOf(row);
  return {
    ...toPublicUser(row, imageUrls),
    email: row.email,
    role,
    createdAt: row.created_at,
    // Members' activity is not kept; a former moderator's last one is not shown either.
    lastActiveAt: role === 'member' ? null : row.last_active_at,
    status: row.suspended_at ? 'suspended' : 'active',
    suspension:
      row.suspended_at && row.suspension_reason != null
        ? { reason: row.suspension_reason, at: row.suspended_at }
        : null,
  };
}

export function toApplication(row: CommunityMemberRow, imageUrls: ImageUrls): Application {
  return {
    ...toPublicUser(row, imageUrls),
    email: row.email,
    reason: row.join_reason ?? '',
    createdAt: row.created_at,
  };
}

/** The address that opens the sign-up with the code filled in. */
export function inviteUrl(appUrl: string, code: string): string {
  return `${appUrl}/?invite=${encodeURIComponent(code)}`;
}

export function toInvite(row: InviteWithMakerRow, appUrl: string): Invite {
  return {
    code: row.code,
    url: inviteUrl(appUrl, row.code),
    uses: row.uses,
    used: row.used,
    expiresAt: row.expires_at,
    createdAt: row.created_at,
    createdBy:
      row.maker_id === null
        ? null
        : {
            _id: row.maker_id,
            first_name: row.maker_first_name ?? '',
            last_name: row.maker_last_name ?? '',
          },
  };
}

/** What a report keeps of a post or a comment as the reporter saw it (reports.snapshot). */
export interface ReportSnapshot {
  text: string;
  /** A post's background reference (a built-in's path), null for none and for a comment. */
  background: string | null;
  /** Storage keys of its photos (a comment's image). */
  images: string[];
  createdAt: string;
  /** When its author had last edited it (a post), null if never: a later edit shows. */
  editedAt: string | null;
  /** A message report: the message and those around it the reporter could read, oldest first. */
  messages?: SnapshotMessage[];
}

/** One message of a message report's snapshot; `image` is a storage key. */
export interface SnapshotMessage {
  id: string;
  senderId: string | null;
  senderName: string;
  text: string;
  image: string | null;
  removed: boolean;
  createdAt: string;
}

/** Every photo a snapshot shows (report_images keeps them reachable for moderators). */
export function snapshotImageKeys(snapshot: ReportSnapshot | null): string[] {
  if (snapshot === null) return [];
  const around = (snapshot.messages ?? []).flatMap((message) => message.image ?? []);
  return [...snapshot.images, ...around];
}

function snapshotMessagesOf(value: unknown): SnapshotMessage[] | undefined {
  if (!Array.isArray(value)) return undefined;
  return value.flatMap((item: Partial<SnapshotMessage>) =>
    typeof item?.id === 'string'
      ? [
          {
            id: item.id,
            senderId: typeof item.senderId === 'string' ? item.senderId : null,
            senderName: typeof item.senderName === 'string' ? item.senderName : '',
            text: typeof item.text === 'string' ? item.text : '',
            image: typeof item.image === 'string' && item.image !== '' ? item.image : null,
            removed: item.removed === true,
            createdAt: typeof item.createdAt === 'string' ? item.createdAt : '',
          },
        ]
      : [],
  );
}

export function snapshotOf(json: string | null): ReportSnapshot | null {
  if (json === null) return null;
  const value = JSON.parse(json) as Partial<ReportSnapshot>;
  return {
    text: typeof value.text === 'string' ? value.text : '',
    background: typeof value.background === 'string' ? value.background : null,
    images: Array.isArray(value.images) ? value.images.filter((k) => typeof k === 'string') : [],
    createdAt: typeof value.createdAt === 'string' ? value.createdAt : '',
    editedAt: typeof value.editedAt === 'string' ? value.editedAt : null,
    ...(value.messages === undefined ? {} : { messages: snapshotMessagesOf(value.messages) ?? [] }),
  };
}

/** A report as its reporter reads it (the Support Inbox): who decided is not said. */
export function toMyReport(row: MyReportRow): MyReport {
  const type = asTarget(row.target_type);
  const name = [row.member_first_name, row.member_last_name].filter(Boolean).join(' ');
  return {
    _id: row.id,
    target: {
      type,
      _id: row.target_id,
      preview: type === 'member' ? name : (preview(snapshotOf(row.snapshot)?.text ?? '') ?? ''),
    },
    reason: asReason(row.reason),
    details: row.details,
    status: row.status === 'resolved' ? 'resolved' : 'open',
    outcome: row.status === 'resolved' && row.action ? asAction(row.action) : null,
    createdAt: row.created_at,
    resolvedAt: row.resolved_at,
  };
}

/** One action taken against a member, from the audit log. */
export interface MemberAction {
  action: string;
  reason: string;
  at: string;
}

/**
 * A report as moderators see it: the content as reported, its photos with signed addresses (a
 * friends-only post's photos open for the moderator too), what happened to it since, read from
 * the live rows.
 */
export function toModerationReport(
  row: QueueReportRow,
  actions: MemberAction[],
  imageUrls: ImageUrls,
): ModerationReport {
  const type = asTarget(row.target_type);
  const snapshot = snapshotOf(row.snapshot);
  return {
    _id: row.id,
    status: row.status === 'resolved' ? 'resolved' : 'open',
    reason: asReason(row.reason),
    details: row.details,
    createdAt: row.created_at,
    reporter: personOf(
      row.reporter_id,
      row.reporter_username,
      row.reporter_picture,
      row.reporter_first_name,
      row.reporter_last_name,
      imageUrls,
    ),
    target: { type, _id: row.target_id },
    member: personOf(
      row.member_id,
      row.member_username,
      row.member_picture,
      row.member_first_name,
      row.member_last_name,
      imageUrls,
    ),
    content:
      type === 'member' || snapshot === null
        ? null
        : {
            text: snapshot.text,
            background: toBackground(snapshot.background, imageUrls) ?? '',
            images: snapshot.images.map((key) => imageUrls.url(key, true)),
            createdAt: snapshot.createdAt,
            ...contentState(type, row, snapshot),
          },
    messages:
      type === 'message' && snapshot !== null
        ? (snapshot.messages ?? []).map((message) => ({
            _id: message.id,
            sender: { _id: message.senderId, name: message.senderName },
            text: message.text,
            image: message.image === null ? null : imageUrls.url(message.image, true),
            removed: message.removed,
            createdAt: message.createdAt,
            reported: message.id === row.target_id,
          }))
        : null,
    history: { earlierReports: Number(row.earlier_reports), actions },
    resolution:
      row.status === 'resolved' && row.action
        ? {
            action: asAction(row.action),
            reason: row.resolution_reason ?? '',
            by: row.resolved_by_name ?? '',
            at: row.resolved_at ?? '',
          }
        : null,
  };
}

/** What happened to the post or comment since it was reported, from the live rows. */
function contentState(
  type: 'post' | 'comment' | 'message',
  row: QueueReportRow,
  snapshot: ReportSnapshot,
): { trashed: boolean; removed: boolean; edited: boolean } {
  if (type === 'message') {
    // Unsent by its sender since (or gone with the conversation).
    const unsent = row.message_exists === null || Number(row.message_removed) === 1;
    return { trashed: unsent, removed: false, edited: false };
  }
  if (type === 'post') {
    const removed = row.post_removed_at !== null;
    // Purged: it was in trash (a removed one says so on its report's resolution).
    const trashed = row.post_exists === null || (!removed && row.post_deleted_at !== null);
    const edited = row.post_exists !== null && row.post_edited_at !== snapshot.editedAt;
    return { trashed, removed, edited };
  }
  const removed = row.comment_removed_at !== null;
  const trashed =
    !removed &&
    (row.comment_exists === null || row.post_exists === null || row.post_deleted_at !== null);
  return { trashed, removed, edited: false };
}

function personOf(
  id: string | null,
  username: string | null,
  picture: string | null,
  firstName: string | null,
  lastName: string | null,
  imageUrls: ImageUrls,
): ModerationReport['reporter'] {
  if (id === null || username === null) return null;
  return toPublicUser(
    {
      id,
      username,
      picture: picture ?? '',
      first_name: firstName ?? '',
      last_name: lastName ?? '',
    },
    imageUrls,
  );
}

/** One line of the audit log as admins read it. */
export function toAuditEntry(row: AuditLogRow): AuditEntry {
  return {
    _id: row.id,
    actor: { _id: row.actor_id, name: row.actor_name },
    action: row.action,
    target: row.target_id === null ? null : { _id: row.target_id, name: row.target_name ?? '' },
    details: detailsOf(row.details),
    createdAt: row.created_at,
  };
}

/** A report naming the member, in their record: what was reported and what was decided. */
export function toRecordReport(row: ReportRow): MemberRecord['reports'][number] {
  return {
    _id: row.id,
    target: { type: asTarget(row.target_type), _id: row.target_id },
    reason: asReason(row.reason),
    details: row.details,
    status: row.status === 'resolved' ? 'resolved' : 'open',
    outcome: row.status === 'resolved' && row.action ? asAction(row.action) : null,
    createdAt: row.created_at,
  };
}

/** An audit line about the member, in their record: the action, its reason, who, when. */
export function toRecordAction(row: AuditLogRow): MemberRecord['actions'][number] {
  const reason = detailsOf(row.details).reason;
  return {
    action: row.action,
    reason: typeof reason === 'string' ? reason : '',
    by: row.actor_name,
    at: row.created_at,
  };
}

/** A refused address as admins see it: whose account it was, why, when (never the address). */
export function toEmailBlock(row: EmailBlockRow): EmailBlock {
  return { _id: row.id, name: row.name, reason: row.reason, createdAt: row.created_at };
}

/** An audit line's details: a JSON object (anything else reads as none). */
export function detailsOf(json: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(json);
    return value !== null && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : {};
  } catch {
    return {};
  }
}

function asTarget(value: string): ReportTarget {
  if ((REPORT_TARGETS as readonly string[]).includes(value)) return value as ReportTarget;
  throw new Error(`unknown report target ${value}`);
}

function asReason(value: string): ReportReason {
  if ((REPORT_REASONS as readonly string[]).includes(value)) return value as ReportReason;
  throw new Error(`unknown report reason ${value}`);
}

function asAction(value: string): ReportAction {
  if ((REPORT_ACTIONS as readonly string[]).includes(value)) return value as ReportAction;
  throw new Error(`unknown report action ${value}`);
}

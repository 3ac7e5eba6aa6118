import type { Db } from '../../db/database.js';
import type { NewReport, ReportRow } from '../../db/reports.js';
import type { UserRow } from '../../db/users.js';
import { type Viewer, visibleMember } from '../access/visibility.js';

// Reports (API.md, Hosts in charge): one row per member's report, `open` until a moderator acts.

/** What the queue and the Support Inbox show of a member: the columns of a person. */
type PersonColumns = Pick<UserRow, 'id' | 'username' | 'picture' | 'first_name' | 'last_name'>;

/** A member the reporter may see: not an applicant, no block either way. */
export function findVisibleMember(
  db: Db,
  viewer: Viewer,
  memberId: string,
): Promise<PersonColumns | undefined> {
  return db
    .selectFrom('users as u')
    .select(['u.id', 'u.username', 'u.picture', 'u.first_name', 'u.last_name'])
    .where('u.id', '=', memberId)
    .where('u.pending', '=', 0)
    .where(visibleMember(viewer, 'u.id'))
    .executeTakeFirst();
}

/** Whom an action tells (by notification and mail): a member, never an applicant. */
export function findMemberToTell(
  db: Db,
  memberId: string,
): Promise<Pick<UserRow, 'id' | 'email' | 'first_name' | 'last_name' | 'language'> | undefined> {
  return db
    .selectFrom('users')
    .select(['id', 'email', 'first_name', 'last_name', 'language'])
    .where('id', '=', memberId)
    .where('pending', '=', 0)
    .executeTakeFirst();
}

/** Writes the report; the partial unique index refuses a second open one of the same target. */
/** The report, and the photos of its snapshot (report_images: moderators may open them). */
export async function insertReport(
  db: Db,
  report: NewReport,
  imageKeys: readonly string[],
): Promise<void> {
  await db.insertInto('reports').values(report).execute();
  const keys = [...new Set(imageKeys)];
  if (keys.length === 0) return;
  await db
    .insertInto('report_images')
    .values(keys.map((storage_key) => ({ report_id: report.id, storage_key })))
    .execute();
}

export function findReport(db: Db, reportId: string): Promise<ReportRow | undefined> {
  return db.selectFrom('reports').selectAll().where('id', '=', reportId).executeTakeFirst();
}

/** How a report was resolved. */
export interface Resolution {
  action: string;
  reason: string;
  byId: string;
  byName: string;
  at: string;
}

function resolvedColumns(resolution: Resolution) {
  return {
    status: 'resolved',
    action: resolution.action,
    resolution_reason: resolution.reason,
    resolved_by_id: resolution.byId,
    resolved_by_name: resolution.byName,
    resolved_at: resolution.at,
  };
}

/**
 * Resolves the report while it is open (one statement: of two moderators acting at once, one
 * does); undefined when it is not open (missing, or resolved already).
 */
export function resolveOpenReport(
  db: Db,
  reportId: string,
  resolution: Resolution,
): Promise<ReportRow | undefined> {
  return db
    .updateTable('reports')
    .set(resolvedColumns(resolution))
    .where('id', '=', reportId)
    .where('status', '=', 'open')
    .returningAll()
    .executeTakeFirst();
}

/** Resolves every open report of the target alike; answers their ids. */
export async function resolveOpenReportsOf(
  db: Db,
  target: { type: string; id: string },
  resolution: Resolution,
): Promise<string[]> {
  const rows = await db
    .updateTable('reports')
    .set(resolvedColumns(resolution))
    .where('target_type', '=', target.type)
    .where('target_id', '=', target.id)
    .where('status', '=', 'open')
    .returning('id')
    .execute();
  return rows.map((row) => row.id);
}

/** The reports naming the member, newest first, from the (member_id, id) index. */
export function reportsAbout(db: Db, memberId: string, limit: number): Promise<ReportRow[]> {
  return db
    .selectFrom('reports')
    .selectAll()
    .where('member_id', '=', memberId)
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

/**
 * Resolves every open report naming the member alike: of their posts, their comments and of
 * them (a suspension or a deletion ends them all; a deletion runs it before the account goes,
 * which sets the reports' member_id to null); answers their ids.
 */
export async function resolveOpenReportsNaming(
  db: Db,
  memberId: string,
  resolution: Resolution,
): Promise<string[]> {
  const rows = await db
    .updateTable('reports')
    .set(resolvedColumns(resolution))
    .where('status', '=', 'open')
    .where((eb) =>
      eb.or([
        eb('member_id', '=', memberId),
        eb.and([eb('target_type', '=', 'member'), eb('target_id', '=', memberId)]),
      ]),
    )
    .returning('id')
    .execute();
  return rows.map((row) => row.id);
}

/** A report of the Support Inbox, with the name of the member reported. */
export type MyReportRow = ReportRow & {
  member_first_name: string | null;
  member_last_name: string | null;
};

function myReports(db: Db, reporterId: string) {
  return db
    .selectFrom('reports as r')
    .leftJoin('users as m', 'm.id', 'r.member_id')
    .selectAll('r')
    .select(['m.first_name as member_first_name', 'm.last_name as member_last_name'])
    .where('r.reporter_id', '=', reporterId);
}

/** The reporter's reports, newest first (ids are uuid v7: creation order). */
export function reportsBy(db: Db, reporterId: string, limit: number): Promise<MyReportRow[]> {
  return myReports(db, reporterId).orderBy('r.id', 'desc').limit(limit).execute();
}

/** One of the reporter's reports. */
export function reportBy(
  db: Db,
  reporterId: string,
  reportId: string,
): Promise<MyReportRow | undefined> {
  return myReports(db, reporterId).where('r.id', '=', reportId).executeTakeFirst();
}

/** A report of the queue: its people, the live state of what it names, the member's record. */
export type QueueReportRow = ReportRow & {
  reporter_username: string | null;
  reporter_picture: string | null;
  reporter_first_name: string | null;
  reporter_last_name: string | null;
  member_username: string | null;
  member_picture: string | null;
  member_first_name: string | null;
  member_last_name: string | null;
  /** The post reported, or the reported comment's post, as it is now (null once purged). */
  post_exists: string | null;
  post_deleted_at: string | null;
  post_removed_at: string | null;
  post_edited_at: string | null;
  comment_exists: string | null;
  comment_removed_at: string | null;
  /** The message reported, as it is now (null once gone). */
  message_exists: string | null;
  message_removed: number | null;
  /** Reports against the same member before this one. */
  earlier_reports: number | string | bigint;
};

/**
 * One page of the queue: `open` oldest first (after the cursor), `resolved` newest first (before
 * it), by id (uuid v7: creation order), from the (status, id) index.
 */
export function reportsPage(
  db: Db,
  options: { status: 'open' | 'resolved'; cursor: string | undefined; limit: number },
): Promise<QueueReportRow[]> {
  const oldestFirst = options.status === 'open';
  let query = db
    .selectFrom('reports as r')
    .leftJoin('users as rp', 'rp.id', 'r.reporter_id')
    .leftJoin('users as m', 'm.id', 'r.member_id')
    .leftJoin('posts as p', 'p.id', 'r.post_id')
    .leftJoin('comments as c', 'c.id', 'r.comment_id')
    .leftJoin('messages as msg', (join) =>
      join.onRef('msg.id', '=', 'r.target_id').on('r.target_type', '=', 'message'),
    )
    .selectAll('r')
    .select([
      'rp.username as reporter_username',
      'rp.picture as reporter_picture',
      'rp.first_name as reporter_first_name',
      'rp.last_name as reporter_last_name',
      'm.username as member_username',
      'm.picture as member_picture',
      'm.first_name as member_first_name',
      'm.last_name as member_last_name',
      'p.id as post_exists',
      'p.deleted_at as post_deleted_at',
      'p.removed_at as post_removed_at',
      'p.edited_at as post_edited_at',
      'c.id as comment_exists',
      'c.removed_at as comment_removed_at',
      'msg.id as message_exists',
      'msg.removed as message_removed',
      (eb) =>
        eb
          .selectFrom('reports as e')
          .select(eb.fn.countAll().as('n'))
          .whereRef('e.member_id', '=', 'r.member_id')
          .whereRef('e.id', '<', 'r.id')
          .as('earlier_reports'),
    ])
    .where('r.status', '=', options.status);
  if (options.cursor !== undefined) {
    query = query.where('r.id', oldestFirst ? '>' : '<', options.cursor);
  }
  return query
    .orderBy('r.id', oldestFirst ? 'asc' : 'desc')
    .limit(options.limit)
    .execute() as Promise<QueueReportRow[]>;
}

/** The audit actions that count against a member in their record (API.md, Hosts in charge). */
export const ACTIONS_AGAINST_MEMBERS = [
  'report.remove',
  'report.warn',
  'post.remove',
  'comment.remove',
  'member.warn',
  'report.suspend',
  'member.suspend',
  'member.unsuspend',
] as const;

/** The actions taken against these members, newest first, from the (target_id, id) index. */
export function actionsAgainst(
  db: Db,
  memberIds: string[],
): Promise<{ target_id: string | null; action: string; details: string; created_at: string }[]> {
  if (memberIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('audit_log')
    .select(['target_id', 'action', 'details', 'created_at'])
    .where('target_id', 'in', memberIds)
    .where('action', 'in', [...ACTIONS_AGAINST_MEMBERS])
    .orderBy('id', 'desc')
    .execute();
}

/** What waits for moderators: open reports and applicants. */
export async function waitingCounts(
  db: Db,
): Promise<{ openReports: number; applications: number }> {
  const row = await db
    .selectNoFrom((eb) => [
      eb
        .selectFrom('reports')
        .select(eb.fn.countAll().as('n'))
        .where('status', '=', 'open')
        .as('open_reports'),
      eb
        .selectFrom('users')
        .select(eb.fn.countAll().as('n'))
        .where('pending', '=', 1)
        .as('applications'),
    ])
    .executeTakeFirstOrThrow();
  return { openReports: Number(row.open_reports), applications: Number(row.applications) };
}

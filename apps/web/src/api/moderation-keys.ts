import type { ModerationReport } from '@hearth/contract';

/** The moderation queries' keys, apart from their calls: the live updates refresh the count. */
export const moderationKeys = {
  all: ['moderation'] as const,
  settings: () => [...moderationKeys.all, 'settings'] as const,
  membersAll: () => [...moderationKeys.all, 'members'] as const,
  /** One search of the members list (`q` as typed, trimmed; '' for every member). */
  members: (q: string) => [...moderationKeys.membersAll(), q] as const,
  applications: () => [...moderationKeys.all, 'applications'] as const,
  invites: () => [...moderationKeys.all, 'invites'] as const,
  /** The header's count: open reports and applications. */
  summary: () => [...moderationKeys.all, 'summary'] as const,
  reportsAll: () => [...moderationKeys.all, 'reports'] as const,
  /** The reports queue, one tab ('open' or 'resolved'). */
  reports: (status: ReportStatus) => [...moderationKeys.reportsAll(), status] as const,
  /** The audit log (admins). */
  log: () => [...moderationKeys.all, 'log'] as const,
  /** One member's record: the reports naming them and the actions taken about them. */
  record: (userId: string) => [...moderationKeys.all, 'record', userId] as const,
  /** The addresses refused after a deletion (admins). */
  emailBlocks: () => [...moderationKeys.all, 'emailBlocks'] as const,
  /** The member's own reports (the Support Inbox). */
  myReports: () => ['myReports'] as const,
};

export type ReportStatus = ModerationReport['status'];

import type { Insertable, Selectable } from 'kysely';

/**
 * A member's report of a post, a comment or a member (API.md, Hosts in charge; migration 0015):
 * `open` until a moderator acts, then `resolved` with the action, its reason and who decided.
 */
export interface ReportsTable {
  id: string;
  /** Null once the reporter's account is gone. */
  reporter_id: string | null;
  /** The member reported (the author of the post, comment or message); null once their account is gone. */
  member_id: string | null;
  /** 'post', 'comment', 'member' or 'message'. */
  target_type: string;
  target_id: string;
  post_id: string | null;
  comment_id: string | null;
  reason: string;
  details: string;
  /**
   * JSON: the content as it was reported (text, background, images, createdAt; a message's also
   * `messages`, it and those around it); null for a member.
   */
  snapshot: string | null;
  /** 'open' or 'resolved'. */
  status: string;
  /** 'dismiss', 'remove' or 'warn' once resolved. */
  action: string | null;
  resolution_reason: string | null;
  resolved_by_id: string | null;
  resolved_by_name: string | null;
  resolved_at: string | null;
  created_at: string;
}

export type ReportRow = Selectable<ReportsTable>;
export type NewReport = Insertable<ReportsTable>;

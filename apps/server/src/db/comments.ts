import type { Generated, Insertable, Selectable } from 'kysely';

export const COMMENTS = 'comments';

export interface CommentsTable {
  /** UUIDv7, so newest first is id descending. */
  id: string;
  post_id: string;
  user_id: string;
  comment: string;
  /** Storage key of one of the commenter's uploads, or ''. */
  image: string;
  created_at: string;
  /** When a moderator removed it (migration 0015): hidden on every read path, out of counts. */
  removed_at: Generated<string | null>;
}

export type CommentRow = Selectable<CommentsTable>;
export type NewComment = Insertable<CommentsTable>;

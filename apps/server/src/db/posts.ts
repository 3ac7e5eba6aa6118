import type { Generated, Insertable, Selectable } from 'kysely';

export const POSTS = 'posts';

export interface PostsTable {
  /** UUIDv7: ordering by id is ordering by creation, which keyset pagination relies on. */
  id: string;
  user_id: string;
  /** null for a normal post, 'profilePicture' or 'coverPicture'. */
  type: string | null;
  text: string | null;
  background: string | null;
  created_at: string;
  /** Set when the author moves the post to trash; the post is then hidden everywhere. */
  deleted_at: string | null;
  /** Who may see it: 'public', 'members', 'friends' or 'only_me' (access/visibility.ts). */
  audience: Generated<string>;
  /** When its author last edited it (post_edits keeps the earlier versions); null if never. */
  edited_at: Generated<string | null>;
  /** When a moderator removed it (migration 0015); a removed post is also in trash. */
  removed_at: Generated<string | null>;
}

export type PostRow = Selectable<PostsTable>;
export type NewPost = Insertable<PostsTable>;

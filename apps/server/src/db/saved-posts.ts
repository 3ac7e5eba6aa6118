import type { Insertable, Selectable } from 'kysely';

export const SAVED_POSTS = 'saved_posts';

export interface SavedPostsTable {
  user_id: string;
  post_id: string;
  created_at: string;
}

export type SavedPostRow = Selectable<SavedPostsTable>;
export type NewSavedPost = Insertable<SavedPostsTable>;

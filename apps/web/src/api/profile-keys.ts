import type { Profile } from '@hearth/contract';

/**
 * What getProfile answers: the profile, or `{ok:false}` for an unknown username. The profile
 * keeps the `X-Next-Cursor` of its posts: older posts load from it as the member scrolls.
 */
export type ProfileAnswer = (Profile & { postsCursor?: string | null }) | { ok: false };

export const profileKeys = {
  all: ['profile'] as const,
  /** Usernames are lower case (sign-up makes them so); the key follows that. */
  detail: (username: string) => [...profileKeys.all, 'detail', username.toLowerCase()] as const,
  images: (username: string) => [...profileKeys.all, 'images', username.toLowerCase()] as const,
  /** Every profile's older posts (beyond the profile's first page). */
  olderPosts: () => [...profileKeys.all, 'older-posts'] as const,
  /** A profile's posts older than its first page, which ended at `cursor`. */
  olderPostsOf: (username: string, cursor: string) =>
    [...profileKeys.olderPosts(), username.toLowerCase(), cursor] as const,
};

import type { Profile } from '@hearth/contract';

/** What getProfile answers: the profile, or `{ok:false}` for an unknown username. */
export type ProfileAnswer = Profile | { ok: false };

export const profileKeys = {
  all: ['profile'] as const,
  /** Usernames are lower case (sign-up makes them so); the key follows that. */
  detail: (username: string) => [...profileKeys.all, 'detail', username.toLowerCase()] as const,
  images: (username: string) => [...profileKeys.all, 'images', username.toLowerCase()] as const,
};

import { ROUTES } from '@hearth/contract';
import { useQuery } from '@tanstack/react-query';
import { useApi } from '../session/session-context';

/*
 * What the server says about itself (GET /about), apart from the moderation calls: the login
 * screen reads it (who may join), and does not download the moderators' code with it.
 */

/** What the server says about itself changes seldom: a read a minute old still holds. */
export const ABOUT_STALE_TIME_MS = 60_000;

export const aboutKeys = {
  /** GET /about: name, description, rules, privacy policy, who may join. */
  about: ['about'] as const,
};

/** The server's name, description, rules, privacy policy and sign-up mode; anyone may read it. */
export function useAboutQuery() {
  const api = useApi();
  return useQuery({
    queryKey: aboutKeys.about,
    queryFn: ({ signal }) => api.call(ROUTES.about, undefined, { signal }),
    staleTime: ABOUT_STALE_TIME_MS,
  });
}

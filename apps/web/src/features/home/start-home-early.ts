import type { QueryClient } from '@tanstack/react-query';
import { createApiClient } from '../../api/client';
import { feedQueryOptions } from '../../api/feed-query';
import { readSessionUser } from '../../session/session-cookie';

/**
 * At boot (main.tsx), for a signed-in member opening the home `/`: the first page of the feed
 * starts loading beside the layout's and the home's code, instead of once their code has run and
 * the list has mounted. The list reads the same query, so the page is fetched once; a failed
 * fetch is tried again when the list mounts, where a refused token signs the member out through
 * the session's own client. (Loading the home's chunks here as well made the first paint later
 * under Lighthouse's mobile throttling: their code ran before the layout could paint.)
 */
export function startHomeEarly(queryClient: QueryClient, pathname: string): boolean {
  const user = readSessionUser();
  if (!user || pathname !== '/') return false;
  void queryClient.prefetchInfiniteQuery(feedQueryOptions(createApiClient({ token: user.token })));
  return true;
}

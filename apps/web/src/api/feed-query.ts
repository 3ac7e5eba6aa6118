import { NEXT_CURSOR_HEADER, ROUTES, WEB_FEED_PAGE_SIZE } from '@hearth/contract';
import { infiniteQueryOptions } from '@tanstack/react-query';
import type { ApiClient } from './client';
import { type FeedPage, postKeys } from './post-cache';

/** Posts stay fresh this long; the header's home icon reloads them on demand. */
export const FEED_STALE_TIME_MS = 60_000;

/**
 * The home feed, page by page through the `X-Next-Cursor` header: what useFeedQuery reads, and
 * what main.tsx starts fetching at boot for a signed-in member on `/` (same key, same fetch).
 */
export function feedQueryOptions(api: ApiClient) {
  return infiniteQueryOptions({
    queryKey: postKeys.feed(),
    initialPageParam: null as string | null,
    queryFn: async ({ pageParam }): Promise<FeedPage> => {
      const { data, headers } = await api.callWithHeaders(ROUTES.feed, {
        query: { limit: WEB_FEED_PAGE_SIZE, cursor: pageParam ?? undefined },
      });
      return { posts: data, nextCursor: headers.get(NEXT_CURSOR_HEADER) || null };
    },
    getNextPageParam: (last: FeedPage) => last.nextCursor,
    staleTime: FEED_STALE_TIME_MS,
  });
}

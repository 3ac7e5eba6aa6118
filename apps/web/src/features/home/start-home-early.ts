import { POST_GRID_MAX_IMAGES } from '@hearth/contract';
import type { QueryClient } from '@tanstack/react-query';
import { createApiClient } from '../../api/client';
import { feedQueryOptions } from '../../api/feed-query';
import { type FeedData, postKeys } from '../../api/post-cache';
import { readSessionUser } from '../../session/session-cookie';
import { firstPictureOf } from '../post/picture-sizes';

/**
 * At boot (main.tsx), for a signed-in member opening the home `/`: the first page of the feed
 * starts loading beside the layout's and the home's code, instead of once their code has run and
 * the list has mounted. The list reads the same query, so the page is fetched once; a failed
 * fetch is tried again when the list mounts, where a refused token signs the member out through
 * the session's own client. (Loading the home's chunks here as well made the first paint later
 * under Lighthouse's mobile throttling: their code ran before the layout could paint.) When the
 * page arrives before the cards are on screen, the first card's first picture (on a phone, the
 * largest thing of the first screen) starts loading at once (`preloadFirstPicture`).
 */
export function startHomeEarly(queryClient: QueryClient, pathname: string): boolean {
  const user = readSessionUser();
  if (!user || pathname !== '/') return false;
  void queryClient
    .prefetchInfiniteQuery(feedQueryOptions(createApiClient({ token: user.token })))
    .then(() => preloadFirstPicture(queryClient));
  return true;
}

/**
 * Asks the browser to load the feed's first picture now, as the first card's <img> will ask for
 * it (the same srcset and sizes, so the card uses this load), unless the card is there already.
 */
function preloadFirstPicture(queryClient: QueryClient): void {
  const first = queryClient.getQueryData<FeedData>(postKeys.feed())?.pages[0]?.posts[0];
  const picture = first ? firstPictureOf(first, POST_GRID_MAX_IMAGES) : undefined;
  if (!picture || document.querySelector('article img')) return;
  const link = document.createElement('link');
  link.rel = 'preload';
  link.as = 'image';
  link.href = picture.src;
  if (picture.srcSet) link.setAttribute('imagesrcset', picture.srcSet);
  if (picture.sizes) link.setAttribute('imagesizes', picture.sizes);
  link.setAttribute('fetchpriority', 'high');
  document.head.append(link);
}

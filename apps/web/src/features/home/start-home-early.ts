import { firstPictureOf, HOME_FEED_ELEMENT_ID, type Post } from '@hearth/contract';
import type { QueryClient } from '@tanstack/react-query';
import { createApiClient } from '../../api/client';
import { feedQueryOptions } from '../../api/feed-query';
import { type FeedData, type FeedPage, postKeys } from '../../api/post-cache';
import { readSessionUser } from '../../session/session-cookie';
import { setClock } from '../../ui/relative-time';

/**
 * At boot (main.tsx), for a signed-in member opening the home `/`: the first page of the feed the
 * server put in the page is the list's first page (no call; the page's head preloads its first
 * picture already). Without one (an older server, a page from elsewhere), the first page
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
  const embedded = takeEmbeddedFeed(user?.id);
  if (!user || pathname !== '/') return false;
  if (embedded) {
    queryClient.setQueryData<FeedData>(postKeys.feed(), { pages: [embedded], pageParams: [null] });
    return true;
  }
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
  const picture = first ? firstPictureOf(first) : undefined;
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

/**
 * The first feed page the server put in a signed-in member's home page (web-app.ts on the
 * server: a `<script type="application/json">` and, in the head, the preload of its first
 * picture), when it is this member's: the list shows it without asking for it again. The block is
 * removed once read, so it is never shown twice, nor to whoever signs in next in this tab.
 */
function takeEmbeddedFeed(memberId: string | undefined): FeedPage | undefined {
  const element = document.getElementById(HOME_FEED_ELEMENT_ID);
  if (!element) return undefined;
  element.remove();
  try {
    const data: unknown = JSON.parse(element.textContent ?? '');
    if (!isEmbeddedFeed(data) || memberId === undefined || data.memberId !== memberId) {
      return undefined;
    }
    // The server drew the cards as of this time: the app's first render says the same (and
    // hydrates the page), and the clock ticks on from there.
    if (typeof data.renderedAt === 'number') setClock(data.renderedAt);
    return { posts: data.posts, nextCursor: data.nextCursor };
  } catch {
    // A damaged block: the page is fetched as without one.
    return undefined;
  }
}

interface EmbeddedFeed {
  memberId: string;
  nextCursor: string | null;
  posts: Post[];
  /** When the server wrote the page (ms since the epoch), from servers that draw the home. */
  renderedAt?: number;
}

function isEmbeddedFeed(data: unknown): data is EmbeddedFeed {
  if (!data || typeof data !== 'object') return false;
  const { memberId, nextCursor, posts } = data as Partial<EmbeddedFeed>;
  return (
    typeof memberId === 'string' &&
    (nextCursor === null || typeof nextCursor === 'string') &&
    Array.isArray(posts)
  );
}

import type { Post, SessionUser } from '@hearth/contract';
import { renderToString } from 'react-dom/server';
import { type FeedData, postKeys } from '../api/post-cache';
import { createQueryClient } from '../api/query-client';
import { App } from '../app';
import { preloadHomeScreen } from '../features/layout/lazy-pages';
import { type AppLanguage, setLanguage } from '../i18n';
import { setClock } from '../ui/relative-time';

/** What the server knows of a signed-in member's home when it writes their page. */
export interface HomeMarkupInput {
  language: AppLanguage;
  /** The member, as their session cookie holds them (the token is never rendered). */
  user: SessionUser;
  /** Their first feed page, as the feed's API call answers it. */
  posts: Post[];
  nextCursor: string | null;
  /** The server's time of the drawing (the page says it too): "5 minutes ago" is as of then. */
  now: number;
}

/**
 * A signed-in member's home screen as HTML (the phone issue), rendered by the server
 * (apps/server web-app.ts) into their `/`, so a phone paints the header and the first cards, and
 * starts the first photo, before any script has arrived. It is the app's own tree (app.tsx) at
 * `/`, with the feed's first page in its cache, so the browser hydrates it (main.tsx) instead
 * of drawing it again. No effect runs here, so nothing is fetched.
 *
 * Renders one at a time: the language and the clock are the app's module state.
 */
export function renderHomeMarkup(input: HomeMarkupInput): Promise<string> {
  const run = queue.then(async () => {
    await Promise.all([screenLoaded, setLanguage(input.language, { remember: false })]);
    return render(input);
  });
  queue = run.then(
    () => undefined,
    () => undefined,
  );
  return run;
}

let queue: Promise<void> = Promise.resolve();
// The layout's and the home's code, loaded as main.tsx loads it before hydrating.
const screenLoaded = preloadHomeScreen();

function render({ user, posts, nextCursor, now }: HomeMarkupInput): string {
  const queryClient = createQueryClient();
  queryClient.setQueryData<FeedData>(postKeys.feed(), {
    pages: [{ posts, nextCursor }],
    pageParams: [null],
  });
  setClock(now);
  try {
    const markup = renderToString(<App queryClient={queryClient} initialUser={user} ssrPath="/" />);
    // React puts a preload for each eager picture first; the page preloads the first card's
    // photo itself, and the others should not compete with it for a phone's bandwidth.
    return markup.replace(/^(?:<link\b[^>]*>)+/, '');
  } finally {
    queryClient.clear();
  }
}

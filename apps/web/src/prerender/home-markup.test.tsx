import { act, screen, within } from '@testing-library/react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { afterEach, describe, expect, it } from 'vitest';
import { type FeedData, postKeys } from '../api/post-cache';
import { createQueryClient } from '../api/query-client';
import { App } from '../app';
import { FIRST_PAINT_CARDS } from '../features/feed/post-list';
import { preloadHomeScreen } from '../features/layout/lazy-pages';
import { storeSessionUser } from '../session/session-cookie';
import { stubServer } from '../test/fake-server';
import { ada, buildPost, grace, sessionUser } from '../test/fixtures';
import { setClock } from '../ui/relative-time';
import { renderHomeMarkup } from './home-markup';

// The home screen the server draws into a member's page (the phone issue): the app's own tree
// with the first page's posts, before any of the app's script has run, which the app hydrates.

let root: Root | undefined;
afterEach(() => {
  act(() => root?.unmount());
  root = undefined;
  document.body.innerHTML = '';
});

const HOUR = 60 * 60 * 1000;

describe('a member’s home screen drawn by the server', () => {
  it('holds the header, the composer and the first cards, as the app draws them', async () => {
    const user = { ...sessionUser({ first_name: 'Ada' }), token: '' };
    const posts = [
      buildPost({ _id: 'p1', user: grace, text: 'Grace at the harbour' }),
      buildPost({ _id: 'p2', user: ada, text: 'Ada’s notes' }),
    ];
    const markup = await renderHomeMarkup({
      language: 'en',
      user,
      posts,
      nextCursor: 'c1',
      now: Date.now(),
    });
    // React's hoisted preloads of every picture are left out: the page preloads the first photo.
    expect(markup).not.toContain('rel="preload"');
    document.body.innerHTML = markup;

    expect(screen.getByRole('link', { name: 'Hearth home' })).toBeInTheDocument();
    expect(screen.getByText("What's on your mind, Ada")).toBeInTheDocument();
    const cards = screen.getAllByRole('article');
    expect(cards).toHaveLength(2);
    expect(within(cards[0]!).getByText('Grace at the harbour')).toBeInTheDocument();
    expect(cards[0]).toHaveAccessibleName('Post by Grace Hopper');
    expect(within(cards[1]!).getByText('Ada’s notes')).toBeInTheDocument();
  });

  it('speaks the member’s language, one render after the other', async () => {
    const user = { ...sessionUser(), token: '' };
    const posts = [buildPost({ user: grace, text: 'Bonjour' })];
    const now = Date.now();
    const [french, english] = await Promise.all([
      renderHomeMarkup({ language: 'fr', user, posts, nextCursor: null, now }),
      renderHomeMarkup({ language: 'en', user, posts, nextCursor: null, now }),
    ]);
    document.body.innerHTML = french;
    expect(screen.getByRole('heading', { name: 'Accueil' })).toBeInTheDocument();
    document.body.innerHTML = english;
    expect(screen.getByRole('heading', { name: 'Home' })).toBeInTheDocument();
  });

  it('is hydrated by the app as it is: the same nodes, no part drawn again', async () => {
    stubServer({});
    const user = sessionUser({ first_name: 'Ada' });
    storeSessionUser(user);
    // Drawn a few minutes before the browser reads it: the page says its times as of then
    // ("10 minutes ago" for the first, written 10 minutes before the drawing).
    const drawnAt = Date.now() - 5 * 60 * 1000;
    const posts = Array.from({ length: 6 }, (_, i) =>
      buildPost({
        _id: `p${i}`,
        user: grace,
        text: `Post ${i}`,
        createdAt: new Date(drawnAt - (i === 0 ? 10 * 60 * 1000 : i * 7 * HOUR)).toISOString(),
      }),
    );
    const markup = await renderHomeMarkup({
      language: 'en',
      user: { ...user, token: '' },
      posts,
      nextCursor: 'c1',
      now: drawnAt,
    });
    // The browser's clock is its own (here the server's module is the app's, which it set).
    setClock(Date.now());
    const container = document.createElement('div');
    container.innerHTML = markup;
    document.body.append(container);
    const drawnCards = [...container.querySelectorAll('article')];
    expect(drawnCards).toHaveLength(FIRST_PAINT_CARDS);

    // As main.tsx: the page's first feed page in the cache, the clock at the drawing's time.
    const queryClient = createQueryClient();
    queryClient.setQueryData<FeedData>(postKeys.feed(), {
      pages: [{ posts, nextCursor: 'c1' }],
      pageParams: [null],
    });
    setClock(drawnAt);
    await preloadHomeScreen();
    const mismatches: unknown[] = [];
    await act(async () => {
      root = hydrateRoot(container, <App queryClient={queryClient} />, {
        onRecoverableError: (error) => mismatches.push(error),
      });
    });
    expect(mismatches).toEqual([]);
    // The cards the server drew are the app's own now, and the rest of the page follows them.
    await screen.findByText('Post 5');
    const cards = [...container.querySelectorAll('article')];
    expect(cards).toHaveLength(posts.length);
    expect(cards.slice(0, FIRST_PAINT_CARDS)).toEqual(drawnCards);
  });
});

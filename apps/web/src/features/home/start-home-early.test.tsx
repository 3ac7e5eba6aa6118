import { HOME_FEED_ELEMENT_ID, type Post } from '@hearth/contract';
import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../api/query-client';
import { storeSessionUser } from '../../session/session-cookie';
import type { RecordedCall } from '../../test/fake-server';
import { stubFeed } from '../../test/feed';
import { ada, buildPost, grace, sessionUser } from '../../test/fixtures';
import { renderApp } from '../../test/render-app';
import { startHomeEarly } from './start-home-early';

const feedCalls = (calls: RecordedCall[]) => calls.filter((call) => call.name === 'feed');

describe('the home started at boot', () => {
  it('asks for the first feed page before the app renders, and only once', async () => {
    const { calls } = stubFeed([buildPost({ user: grace })]);
    const member = sessionUser();
    storeSessionUser(member);
    const queryClient = createQueryClient();

    expect(startHomeEarly(queryClient, '/')).toBe(true);
    await vi.waitFor(() => expect(feedCalls(calls)).toHaveLength(1));
    expect(feedCalls(calls)[0]?.query.get('cursor')).toBeNull();
    expect(Number(feedCalls(calls)[0]?.query.get('limit'))).toBeGreaterThan(0);
    expect(feedCalls(calls)[0]?.headers.get('Authorization')).toBe(`Bearer ${member.token}`);

    renderApp('/', { user: member, queryClient });
    expect(
      await screen.findByRole('article', { name: 'Post by Grace Hopper' }),
    ).toBeInTheDocument();
    expect(feedCalls(calls)).toHaveLength(1);
  });

  it('starts loading the first card’s first picture as the card will ask for it', async () => {
    const upload = (n: number) => ({
      url: `/media/grace/post_images/0190a1b2-0000-7000-8000-00000000000${n}.jpg`,
      variants: [],
    });
    for (const images of [[upload(1)], [upload(1), upload(2), upload(3)]]) {
      for (const link of document.head.querySelectorAll('link[rel="preload"]')) link.remove();
      const { calls } = stubFeed([buildPost({ user: grace, images })]);
      const member = sessionUser();
      storeSessionUser(member);
      const queryClient = createQueryClient();
      startHomeEarly(queryClient, '/');
      await vi.waitFor(() => expect(feedCalls(calls)).toHaveLength(1));
      const link = await vi.waitFor(() => {
        const found = document.head.querySelector<HTMLLinkElement>(
          'link[rel="preload"][as="image"]',
        );
        if (!found) throw new Error('no preload yet');
        return found;
      });
      expect(link.getAttribute('fetchpriority')).toBe('high');

      const { unmount } = renderApp('/', { user: member, queryClient });
      const article = await screen.findByRole('article', { name: 'Post by Grace Hopper' });
      const img = article.querySelector('img[fetchpriority="high"]');
      expect(img?.getAttribute('srcset')).toContain('-w1080.webp 1080w');
      expect(link.getAttribute('imagesrcset')).toBe(img?.getAttribute('srcset'));
      expect(link.getAttribute('imagesizes')).toBe(img?.getAttribute('sizes'));
      expect(link.getAttribute('href')).toBe(img?.getAttribute('src'));
      unmount();
    }
  });

  it('asks for no picture when the first post has none', async () => {
    for (const link of document.head.querySelectorAll('link[rel="preload"]')) link.remove();
    const { calls } = stubFeed([buildPost({ user: grace })]);
    storeSessionUser(sessionUser());
    const queryClient = createQueryClient();
    startHomeEarly(queryClient, '/');
    await vi.waitFor(() => expect(feedCalls(calls)).toHaveLength(1));
    await vi.waitFor(() => expect(queryClient.getQueryData(['posts', 'feed'])).toBeDefined());
    expect(document.head.querySelector('link[rel="preload"][as="image"]')).toBeNull();
  });

  it('does nothing without a session, or away from the home', async () => {
    const { calls } = stubFeed([]);
    vi.useFakeTimers();
    const loggedOut = createQueryClient();
    expect(startHomeEarly(loggedOut, '/')).toBe(false);
    storeSessionUser(sessionUser());
    const elsewhere = createQueryClient();
    expect(startHomeEarly(elsewhere, '/profile')).toBe(false);
    // A started load is in the cache at once; its request would be out within a second.
    expect(loggedOut.getQueryCache().getAll()).toEqual([]);
    expect(elsewhere.getQueryCache().getAll()).toEqual([]);
    await vi.advanceTimersByTimeAsync(1000);
    expect(calls).toHaveLength(0);
  });

  describe('with the first page in the page the server sent', () => {
    /** The data block a signed-in member's `/` carries (web-app.ts on the server). */
    function embed(memberId: string, posts: Post[], nextCursor: string | null, text?: string) {
      const block = document.createElement('script');
      block.type = 'application/json';
      block.id = HOME_FEED_ELEMENT_ID;
      block.textContent = text ?? JSON.stringify({ memberId, nextCursor, posts });
      document.body.append(block);
    }

    it('shows that page without asking for it, and reads it once', async () => {
      const { calls } = stubFeed([buildPost({ user: grace, text: 'From the API' })]);
      const member = sessionUser();
      storeSessionUser(member);
      embed(member.id, [buildPost({ user: grace, text: 'From the page' })], 'cursor-2');
      const queryClient = createQueryClient();

      expect(startHomeEarly(queryClient, '/')).toBe(true);
      expect(document.getElementById(HOME_FEED_ELEMENT_ID)).toBeNull();
      renderApp('/', { user: member, queryClient });
      const article = await screen.findByRole('article', { name: 'Post by Grace Hopper' });
      expect(article).toHaveTextContent('From the page');
      expect(feedCalls(calls)).toHaveLength(0);
      // The next page follows on from the page's cursor.
      expect(queryClient.getQueryData(['posts', 'feed'])).toMatchObject({
        pages: [{ nextCursor: 'cursor-2' }],
        pageParams: [null],
      });
    });

    it('another member’s page, or a damaged one, is never shown: the feed is asked for', async () => {
      for (const [memberId, text] of [
        [ada._id, undefined],
        ['', '{"memberId":'],
        ['', '{"memberId":"x","nextCursor":5,"posts":[]}'],
      ] as const) {
        const { calls } = stubFeed([buildPost({ user: grace, text: 'From the API' })]);
        const member = sessionUser({ id: 'member-who-signed-in-next' });
        storeSessionUser(member);
        embed(memberId, [buildPost({ user: grace, text: 'Someone else’s feed' })], null, text);
        const queryClient = createQueryClient();
        startHomeEarly(queryClient, '/');
        expect(document.getElementById(HOME_FEED_ELEMENT_ID)).toBeNull();
        await vi.waitFor(() => expect(feedCalls(calls)).toHaveLength(1));
        const { unmount } = renderApp('/', { user: member, queryClient });
        const article = await screen.findByRole('article', { name: 'Post by Grace Hopper' });
        expect(article).toHaveTextContent('From the API');
        expect(document.body).not.toHaveTextContent('Someone else’s feed');
        unmount();
      }
    });
  });
});

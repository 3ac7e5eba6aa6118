import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../api/query-client';
import { storeSessionUser } from '../../session/session-cookie';
import type { RecordedCall } from '../../test/fake-server';
import { stubFeed } from '../../test/feed';
import { buildPost, grace, sessionUser } from '../../test/fixtures';
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
});

import { UI_MESSAGES } from '@hearth/contract';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { stubServer } from '../../test/fake-server';
import { buildImages, buildPost, buildProfile, grace, sessionUser } from '../../test/fixtures';
import { everythingInView } from '../../test/in-view';
import { openProfile } from '../../test/profile';
import { renderApp } from '../../test/render-app';

describe("the member's posts", () => {
  it("says 'No posts available' when the member has no posts", async () => {
    await openProfile(buildProfile({ posts: [] }));
    expect(await screen.findByText(UI_MESSAGES.noPosts)).toBeInTheDocument();
    expect(screen.queryByRole('article')).not.toBeInTheDocument();
  });

  it("lists the member's posts with the feed's post card", async () => {
    await openProfile(
      buildProfile({
        posts: [
          buildPost({ user: grace, text: 'Newest' }),
          buildPost({ user: grace, text: 'Older' }),
        ],
      }),
    );
    const cards = await screen.findAllByRole('article', { name: 'Post by Grace Hopper' });
    expect(cards).toHaveLength(2);
    expect(cards[0]).toHaveTextContent('Newest');
    expect(screen.queryByText(UI_MESSAGES.noPosts)).not.toBeInTheDocument();
  });

  it('loads older posts with the cursor when the end of the list comes into view, each once', async () => {
    // The end of the list is always in view here.
    everythingInView();
    const first = Array.from({ length: 20 }, (_, i) =>
      buildPost({ user: grace, text: `New ${i}` }),
    );
    const older = [
      first[19]!, // moved to the next page meanwhile: shown once
      buildPost({ user: grace, text: 'Older A' }),
      buildPost({ user: grace, text: 'Older B' }),
    ];
    const oldest = [buildPost({ user: grace, text: 'Oldest' })];
    const { calls } = stubServer({
      getProfile: ({ params, query }) => {
        if (params.username !== 'gracehopper') return { body: { ok: false } };
        const cursor = query.get('cursor');
        if (cursor === 'c1') {
          return { body: buildProfile({ posts: older }), headers: { 'X-Next-Cursor': 'c2' } };
        }
        if (cursor === 'c2') return { body: buildProfile({ posts: oldest }) };
        return { body: buildProfile({ posts: first }), headers: { 'X-Next-Cursor': 'c1' } };
      },
      listImages: () => ({ body: buildImages('gracehopper', 0) }),
    });
    renderApp('/profile/gracehopper', { user: sessionUser() });
    await waitFor(() =>
      expect(
        calls.filter((c) => c.name === 'getProfile').map((c) => c.query.get('cursor')),
      ).toEqual([null, 'c1', 'c2']),
    );
    await screen.findByText('Oldest');
    const cards = screen.getAllByRole('article', { name: 'Post by Grace Hopper' });
    expect(cards).toHaveLength(23);
    expect(cards[0]).toHaveTextContent('New 0');
    expect(cards[20]).toHaveTextContent('Older A');
    expect(cards[22]).toHaveTextContent('Oldest');
    const reads = calls
      .filter((call) => call.name === 'getProfile')
      .map((call) => call.query.get('cursor'));
    expect(reads).toEqual([null, 'c1', 'c2']);
    vi.unstubAllGlobals();
  });
});

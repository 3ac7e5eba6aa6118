import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { stubServer } from '../../test/fake-server';
import { buildPost, grace, sessionUser } from '../../test/fixtures';
import { renderApp } from '../../test/render-app';
import { FIRST_PAINT_CARDS } from './post-list';

describe('the feed list', () => {
  it('draws a whole page of cards, in order, then waits for the end of the list', async () => {
    const posts = Array.from({ length: 10 }, (_, index) =>
      buildPost({ _id: `post-${index}`, user: grace, text: `Post number ${index}` }),
    );
    expect(FIRST_PAINT_CARDS).toBeLessThan(posts.length);
    const { calls } = stubServer({
      feed: () => ({ body: posts, headers: { 'X-Next-Cursor': 'page-2' } }),
    });
    renderApp('/', { user: sessionUser() });
    await screen.findByText('Post number 9');
    const cards = screen.getAllByRole('article', { name: 'Post by Grace Hopper' });
    expect(cards.map((card) => card.textContent?.match(/Post number \d/)?.[0])).toEqual(
      posts.map((post) => post.text),
    );
    // happy-dom never scrolls: the next page waits for the member.
    expect(calls.filter((call) => call.name === 'feed')).toHaveLength(1);
  });
});

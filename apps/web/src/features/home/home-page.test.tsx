import { RELATIVE_TIME_REFRESH_MS, SHORTCUTS_SHOWN, UI_MESSAGES } from '@hearth/contract';
import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { deferred, stubServer } from '../../test/fake-server';
import { stubFeed } from '../../test/feed';
import { buildPost, grace, reactionSummary, sessionUser } from '../../test/fixtures';
import { scrollableView } from '../../test/in-view';
import { afterAnswer, letTimePass, renderApp, takeTheClock } from '../../test/render-app';

/**
 * Whether `text` is put on the page from now on, even for a moment between two checks: each
 * node added (or text changed) is looked at as the page changes.
 */
function textShownEver(text: string) {
  let shown = document.body.textContent?.includes(text) ?? false;
  const look = (records: MutationRecord[]) => {
    for (const record of records) {
      const nodes = record.type === 'characterData' ? [record.target] : [...record.addedNodes];
      if (nodes.some((node) => node.textContent?.includes(text))) shown = true;
    }
  };
  const observer = new MutationObserver(look);
  observer.observe(document.body, { childList: true, subtree: true, characterData: true });
  return {
    seen: () => {
      look(observer.takeRecords());
      return shown;
    },
    stop: () => observer.disconnect(),
  };
}

describe('the home screen', () => {
  it('shows a skeleton while the posts load, then the cards', async () => {
    const answer = deferred<{ body: unknown }>();
    stubServer({ feed: () => answer.promise });
    renderApp('/', { user: sessionUser() });
    expect(await screen.findByRole('status', { name: 'Loading posts' })).toBeInTheDocument();
    answer.resolve({ body: [buildPost({ user: grace })] });
    expect(
      await screen.findByRole('article', { name: 'Post by Grace Hopper' }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('status', { name: 'Loading posts' })).not.toBeInTheDocument();
  });

  it('asks for the first page, then the next one through X-Next-Cursor once the end is seen', async () => {
    const view = scrollableView();
    const shared = buildPost({ user: grace, text: 'On both pages' });
    const pageOne = [
      buildPost({ user: grace, text: 'Page one, first' }),
      buildPost({ user: grace, text: 'Page one, second' }),
      shared, // moved to the next page meanwhile: shown once
    ];
    const pageTwo = [shared, buildPost({ user: grace, text: 'Page two only' })];
    const { calls } = stubServer({
      feed: ({ query }) => {
        const cursor = query.get('cursor');
        if (cursor === null) return { body: pageOne, headers: { 'X-Next-Cursor': 'page-2' } };
        if (cursor === 'page-2') return { body: pageTwo };
        return { status: 400, body: { message: `No page ${cursor}.` } };
      },
    });
    const emptyMessage = textShownEver(UI_MESSAGES.noPosts);
    renderApp('/', { user: sessionUser() });
    const feedCalls = () => calls.filter((call) => call.name === 'feed');
    const list = await screen.findByRole('region', { name: 'Posts' });
    const shownTexts = () =>
      within(list)
        .getAllByRole('article')
        .map((card) =>
          [...pageOne, ...pageTwo].find((post) => card.textContent?.includes(post.text ?? '-')),
        )
        .map((post) => post?.text);

    expect(shownTexts()).toEqual(['Page one, first', 'Page one, second', 'On both pages']);
    expect(feedCalls()).toHaveLength(1);
    expect(feedCalls()[0]?.query.get('cursor')).toBeNull();
    expect(Number(feedCalls()[0]?.query.get('limit'))).toBeGreaterThan(0);
    expect(emptyMessage.seen()).toBe(false);

    // Past the last card, the end of the list: nothing more is asked until it is seen.
    const end = list.lastElementChild as Element;
    expect(within(list).getAllByRole('article').at(-1)).not.toBe(end);
    expect(view.watches(end)).toBe(true);
    takeTheClock();
    await letTimePass(1000);
    expect(feedCalls()).toHaveLength(1);

    view.show(end);
    await waitFor(() => expect(feedCalls()).toHaveLength(2));
    expect(feedCalls()[1]?.query.get('cursor')).toBe('page-2');
    expect(feedCalls()[1]?.query.get('limit')).toBe(feedCalls()[0]?.query.get('limit'));
    expect(emptyMessage.seen()).toBe(false);
    expect(screen.queryByText(UI_MESSAGES.noPosts)).not.toBeInTheDocument();
    expect(await within(list).findByText('Page two only')).toBeInTheDocument();
    expect(shownTexts()).toEqual([
      'Page one, first',
      'Page one, second',
      'On both pages',
      'Page two only',
    ]);

    // No X-Next-Cursor on page two: scrolled to the very end, nothing more is asked.
    await afterAnswer(feedCalls()[1], 1000);
    view.show(list.lastElementChild as Element);
    await letTimePass(1000);
    expect(feedCalls()).toHaveLength(2);
    expect(within(list).getAllByRole('article').at(-1)).toBe(list.lastElementChild);
    expect(screen.queryByText(UI_MESSAGES.noPosts)).not.toBeInTheDocument();
    expect(emptyMessage.seen()).toBe(false);
    emptyMessage.stop();
  });

  it("shows the feed's failure with Try again, which asks again", async () => {
    let failures = 1;
    stubServer({
      feed: () =>
        failures-- > 0
          ? { status: 429, body: { message: 'Too many attempts.' } }
          : { body: [buildPost({ user: grace })] },
    });
    const app = renderApp('/', { user: sessionUser() });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Too many attempts.');
    await app.user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(
      await screen.findByRole('article', { name: 'Post by Grace Hopper' }),
    ).toBeInTheDocument();
  });

  it('says so when there are no posts', async () => {
    stubFeed([]);
    renderApp('/', { user: sessionUser() });
    expect(await screen.findByText('No posts available')).toBeInTheDocument();
  });

  it('reloads the posts from the header home icon', async () => {
    const { calls } = stubFeed([buildPost({ user: grace })]);
    const app = renderApp('/', { user: sessionUser() });
    await screen.findByRole('article', { name: 'Post by Grace Hopper' });
    await app.user.click(screen.getByRole('link', { name: 'Home' }));
    await vi.waitFor(() => expect(calls.filter((call) => call.name === 'feed')).toHaveLength(2));
  });

  it('has the create-post prompt with the three actions', async () => {
    stubFeed([]);
    renderApp('/', { user: sessionUser() });
    const box = await screen.findByRole('region', { name: 'Create a post' });
    for (const name of [
      "What's on your mind, Ada",
      'Live Video',
      'Photo/Video',
      'Feeling/Activity',
    ]) {
      expect(within(box).getByRole('button', { name })).toBeInTheDocument();
    }
    expect(within(box).queryByRole('button', { name: 'Life Event' })).not.toBeInTheDocument();
  });
});

describe('the side columns', () => {
  it('left: the member, 8 shortcuts then See more / Show less, safe external links, the footer', async () => {
    stubFeed([]);
    const app = renderApp('/', { user: sessionUser() });
    const left = await screen.findByRole('complementary', { name: 'Shortcuts' });
    expect(within(left).getByRole('link', { name: 'Ada Owen' })).toHaveAttribute(
      'href',
      '/profile',
    );
    const nav = within(left).getByRole('navigation', { name: 'Shortcuts' });
    const shortcuts = () => within(nav).getAllByRole('link').length - 1;
    expect(shortcuts()).toBe(SHORTCUTS_SHOWN);

    await app.user.click(within(left).getByRole('button', { name: 'See more' }));
    expect(shortcuts()).toBeGreaterThan(SHORTCUTS_SHOWN);
    await app.user.click(within(left).getByRole('button', { name: 'Show less' }));
    expect(shortcuts()).toBe(SHORTCUTS_SHOWN);

    expect(within(left).getByRole('heading', { name: 'Your Shortcuts' })).toBeInTheDocument();
    const external = within(left).getAllByRole('link', { name: /opens in a new tab/ });
    expect(external).toHaveLength(2);
    for (const link of external) {
      expect(link).toHaveAttribute('target', '_blank');
      expect(link).toHaveAttribute('rel', 'noopener noreferrer');
      expect(link.getAttribute('href')).toMatch(/^https:\/\//);
    }
    for (const name of ['Privacy', 'Terms', 'Advertising', 'Ad Choices', 'Cookies', 'More']) {
      expect(within(left).getByRole('link', { name })).toHaveAttribute('href', '/');
    }
    expect(within(left).getByText('Hearth © 2022')).toBeInTheDocument();
    // Each separator sits in its link's item (kept on one line), so no wrapped line starts with '·'.
    const footerItems = within(left)
      .getByText('Hearth © 2022')
      .closest('footer')
      ?.querySelectorAll('li');
    const texts = [...(footerItems ?? [])].map((item) => item.textContent);
    expect(texts).toEqual([
      'Privacy·',
      'Terms·',
      'Advertising·',
      'Ad Choices·',
      'Cookies·',
      'More',
    ]);
  });

  it('right: Sponsored, and Contacts listing only the member', async () => {
    stubFeed([]);
    renderApp('/', { user: sessionUser() });
    const right = await screen.findByRole('complementary', { name: 'Sponsored and contacts' });
    expect(within(right).getByRole('heading', { name: 'Sponsored' })).toBeInTheDocument();
    const contacts = within(right).getByRole('list', { name: 'Contacts' });
    expect(within(contacts).getAllByRole('listitem')).toHaveLength(1);
    expect(within(contacts).getByRole('link', { name: 'Ada Owen' })).toHaveAttribute(
      'href',
      '/profile',
    );
  });
});

describe('a post card', () => {
  it("links its author's profile and counts comments, shares and reactions", async () => {
    stubFeed([
      buildPost({ user: grace, commentCount: 1, reactions: reactionSummary({ haha: 2, sad: 1 }) }),
    ]);
    renderApp('/', { user: sessionUser() });
    const card = await screen.findByRole('article', { name: 'Post by Grace Hopper' });
    expect(within(card).getByRole('link', { name: 'Grace Hopper' })).toHaveAttribute(
      'href',
      '/profile/gracehopper',
    );
    expect(within(card).getByText('1 comment')).toBeInTheDocument();
    expect(within(card).getByText('1 share')).toBeInTheDocument();
    expect(within(card).getByRole('img', { name: '3 reactions: haha, sad' })).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Share' })).toBeInTheDocument();
  });

  it('words profile-picture and cover updates, and shows a background post with its text', async () => {
    stubFeed([
      buildPost({
        user: grace,
        type: 'profilePicture',
        text: null,
        images: [{ url: '/media/g/p.webp', variants: [] }],
      }),
      buildPost({
        user: grace,
        type: 'coverPicture',
        text: null,
        images: [{ url: '/media/g/c.webp', variants: [] }],
      }),
      buildPost({ user: grace, text: 'Sunny day', background: '/backgrounds/2.svg' }),
    ]);
    renderApp('/', { user: sessionUser() });
    const [picture, cover, background] = await screen.findAllByRole('article');
    expect(picture).toHaveTextContent('Grace Hopper updated profile picture');
    expect(
      within(picture!).getByRole('img', { name: "Grace Hopper's new profile avatar" }),
    ).toBeInTheDocument();
    expect(cover).toHaveTextContent('Grace Hopper updated cover photo');
    const text = within(background!).getByText('Sunny day');
    expect(text.parentElement).toHaveStyle({ backgroundImage: 'url("/backgrounds/2.svg")' });
  });

  it('refreshes its relative time every 30 seconds', async () => {
    stubFeed([buildPost({ user: grace, createdAt: new Date(Date.now() - 30_000).toISOString() })]);
    renderApp('/', { user: sessionUser(), fakeTimers: true });
    const card = await screen.findByRole('article', { name: 'Post by Grace Hopper' });
    expect(within(card).getByText('just now')).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(RELATIVE_TIME_REFRESH_MS));
    expect(within(card).getByText('1 minute ago')).toBeInTheDocument();
  });
});

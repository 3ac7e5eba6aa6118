import { FEED_COMMENTS_CARRIED, POST_MESSAGES, UI_MESSAGES } from '@hearth/contract';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { byParam, stubServer } from '../../test/fake-server';
import {
  ada,
  buildComments,
  buildPost,
  grace,
  reactionSummary,
  sessionUser,
} from '../../test/fixtures';
import { renderApp } from '../../test/render-app';

const shownComments = (card: HTMLElement) =>
  within(within(card).getByRole('list', { name: 'Comments' }))
    .getAllByRole('listitem')
    .map((item) => item.querySelector('p')?.textContent);

describe('a post on its own page', () => {
  it('shows the card with every comment it carries, and older ones through View more comments', async () => {
    const all = buildComments(FEED_COMMENTS_CARRIED + 3);
    const carried = all.slice(0, FEED_COMMENTS_CARRIED);
    const post = buildPost({ user: grace, text: 'Hello from Grace', comments: carried });
    post.commentCount = all.length;
    const { calls } = stubServer({
      getPost: byParam('postId', { [post._id]: () => ({ body: post }) }),
      comments: byParam('postId', {
        [post._id]: ({ query }) =>
          query.get('cursor') === carried.at(-1)?._id
            ? { body: all.slice(FEED_COMMENTS_CARRIED) }
            : { status: 404, body: { message: 'Not found.' } },
      }),
    });
    const app = renderApp(`/post/${post._id}`, { user: sessionUser() });

    const card = await screen.findByRole('article', { name: 'Post by Grace Hopper' });
    expect(screen.getByRole('link', { name: 'Hearth home' })).toBeInTheDocument();
    expect(within(card).getByText('Hello from Grace')).toBeInTheDocument();
    expect(shownComments(card)).toEqual(carried.map((c) => c.comment));

    await app.user.click(within(card).getByRole('button', { name: 'View more comments' }));
    await within(card).findByText(all.at(-1)!.comment);
    expect(shownComments(card)).toEqual(all.map((c) => c.comment));
    expect(calls.filter((call) => call.name === 'comments')).toHaveLength(1);
    expect(
      within(card).queryByRole('button', { name: 'View more comments' }),
    ).not.toBeInTheDocument();
  });

  it('a reaction shows on the card at once', async () => {
    const post = buildPost({ user: grace, reactions: reactionSummary({ love: 1 }) });
    stubServer({
      getPost: () => ({ body: post }),
      react: () => ({ body: { status: 'success' } }),
    });
    const app = renderApp(`/post/${post._id}`, { user: sessionUser() });
    const card = await screen.findByRole('article', { name: 'Post by Grace Hopper' });
    await app.user.click(within(card).getByRole('button', { name: 'Like' }));
    expect(within(card).getByRole('button', { name: 'Like', pressed: true })).toBeInTheDocument();
    expect(within(card).getByRole('img', { name: '2 reactions: like, love' })).toBeInTheDocument();
  });

  it('a missing or trashed post says it is not available, with a way home', async () => {
    stubServer({ getPost: () => ({ status: 404, body: { message: POST_MESSAGES.notFound } }) });
    renderApp('/post/gone', { user: sessionUser() });
    expect(
      await screen.findByRole('heading', { name: UI_MESSAGES.postUnavailable }),
    ).toBeInTheDocument();
    expect(screen.getByText(UI_MESSAGES.postUnavailableDetail)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: UI_MESSAGES.postUnavailableHome })).toHaveAttribute(
      'href',
      '/',
    );
    expect(screen.queryByRole('article')).not.toBeInTheDocument();
  });

  it('moving one’s own post to trash from its page goes home', async () => {
    const mine = buildPost({ user: ada, text: 'Mine to delete' });
    const { calls } = stubServer({
      getPost: () => ({ body: mine }),
      deletePost: byParam('postId', { [mine._id]: () => ({ body: { status: 'ok' } }) }),
      feed: () => ({ body: [] }),
    });
    const app = renderApp(`/post/${mine._id}`, { user: sessionUser() });
    const card = await screen.findByRole('article', { name: 'Post by Ada Owen' });
    await app.user.click(within(card).getByRole('button', { name: 'Post options' }));
    await app.user.click(within(card).getByRole('menuitem', { name: 'Move to trash' }));
    expect(await screen.findByText(UI_MESSAGES.noPosts)).toBeInTheDocument();
    expect(app.pathname()).toBe('/');
    expect(calls.filter((call) => call.name === 'deletePost')).toHaveLength(1);
  });
});

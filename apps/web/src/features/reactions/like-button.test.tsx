import { REACTION_POPUP_DELAY_MS } from '@hearth/contract';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { byParam, deferred } from '../../test/fake-server';
import { stubFeed } from '../../test/feed';
import { buildPost, grace, reactionSummary, sessionUser } from '../../test/fixtures';
import { renderApp, takeTheClock } from '../../test/render-app';

const byGrace = () => buildPost({ user: grace, reactions: reactionSummary({ like: 2, love: 1 }) });

async function showCard() {
  renderApp('/', { user: sessionUser() });
  return screen.findByRole('article', { name: 'Post by Grace Hopper' });
}

const wait = (ms: number) => act(() => vi.advanceTimersByTime(ms));

describe('the reaction popup', () => {
  it('opens 500 ms after the mouse rests on Like, not before', async () => {
    stubFeed([byGrace()]);
    const card = await showCard();
    const person = takeTheClock();
    await person.hover(within(card).getByRole('button', { name: 'Like' }));
    await wait(REACTION_POPUP_DELAY_MS - 1);
    expect(within(card).queryByRole('toolbar', { name: 'Reactions' })).not.toBeInTheDocument();
    await wait(1);
    const popup = within(card).getByRole('toolbar', { name: 'Reactions' });
    expect(
      within(popup)
        .getAllByRole('button')
        .map((button) => button.getAttribute('aria-label')),
    ).toEqual(['like', 'love', 'haha', 'wow', 'sad', 'angry']);
  });

  it('closes 500 ms after the mouse leaves, and stays open while it rests on the popup', async () => {
    stubFeed([byGrace()]);
    const card = await showCard();
    const person = takeTheClock();
    const like = within(card).getByRole('button', { name: 'Like' });
    await person.hover(like);
    await wait(REACTION_POPUP_DELAY_MS);
    const popup = within(card).getByRole('toolbar', { name: 'Reactions' });

    await person.unhover(like);
    await wait(REACTION_POPUP_DELAY_MS - 100);
    await person.hover(popup);
    await wait(REACTION_POPUP_DELAY_MS * 4);
    expect(popup).toBeInTheDocument();

    await person.unhover(popup);
    await wait(REACTION_POPUP_DELAY_MS - 1);
    expect(popup).toBeInTheDocument();
    await wait(1);
    expect(within(card).queryByRole('toolbar', { name: 'Reactions' })).not.toBeInTheDocument();
  });

  it('never opens for a mouse that passes by quicker than the delay', async () => {
    stubFeed([byGrace()]);
    const card = await showCard();
    const person = takeTheClock();
    const like = within(card).getByRole('button', { name: 'Like' });
    await person.hover(like);
    await wait(REACTION_POPUP_DELAY_MS - 100);
    await person.unhover(like);
    await wait(REACTION_POPUP_DELAY_MS * 2);
    expect(within(card).queryByRole('toolbar', { name: 'Reactions' })).not.toBeInTheDocument();
  });
});

describe('reacting to a post', () => {
  it('shows each change at once, then sends it: like, love instead, love again removes it', async () => {
    const post = byGrace();
    const answer = deferred<{ body: unknown }>();
    const { calls } = stubFeed([post], { react: () => answer.promise });
    const card = await showCard();
    const app = userEvent.setup();
    expect(within(card).getByRole('img', { name: '3 reactions: like, love' })).toBeInTheDocument();

    // Clicking Like reacts with like: pressed and counted before the server answers.
    await app.click(within(card).getByRole('button', { name: 'Like' }));
    const pressed = within(card).getByRole('button', { name: 'Like', pressed: true });
    expect(within(card).getByRole('img', { name: '4 reactions: like, love' })).toBeInTheDocument();
    expect(calls.at(-1)).toMatchObject({
      name: 'react',
      body: { react: 'like', postId: post._id },
    });
    answer.resolve({ body: { status: 'success' } });

    // Love replaces like: love up, like down, the total unchanged.
    expect(pressed).toHaveFocus();
    await app.keyboard('{ArrowUp}');
    const popup = within(card).getByRole('toolbar', { name: 'Reactions' });
    expect(within(popup).getByRole('button', { name: 'like' })).toHaveFocus();
    await app.click(within(popup).getByRole('button', { name: 'love' }));
    expect(within(card).getByRole('button', { name: 'Love', pressed: true })).toBeInTheDocument();
    expect(within(card).getByRole('img', { name: '4 reactions: like, love' })).toBeInTheDocument();
    expect(calls.at(-1)?.body).toEqual({ react: 'love', postId: post._id });

    // Clicking the button with love chosen sends love again, which removes it.
    await app.click(within(card).getByRole('button', { name: 'Love' }));
    expect(within(card).getByRole('button', { name: 'Like', pressed: false })).toBeInTheDocument();
    expect(within(card).getByRole('img', { name: '3 reactions: like, love' })).toBeInTheDocument();
    expect(calls.at(-1)?.body).toEqual({ react: 'love', postId: post._id });
    expect(calls.filter((call) => call.name === 'react')).toHaveLength(3);
  });

  it('opens from the keyboard and closes with Escape, focus back on the button', async () => {
    stubFeed([byGrace()]);
    const card = await showCard();
    const app = userEvent.setup();
    const like = within(card).getByRole('button', { name: 'Like' });
    like.focus();
    await app.keyboard('{ArrowUp}');
    const popup = within(card).getByRole('toolbar', { name: 'Reactions' });
    await app.keyboard('{ArrowRight}{ArrowRight}');
    expect(within(popup).getByRole('button', { name: 'haha' })).toHaveFocus();
    await app.keyboard('{Escape}');
    expect(popup).not.toBeInTheDocument();
    expect(like).toHaveFocus();
  });

  it('reads the truth back from the server when a reaction is refused', async () => {
    const post = byGrace();
    stubFeed([post], {
      react: () => ({ status: 404, body: { message: 'Not found.' } }),
      getReacts: byParam('postId', {
        [post._id]: () => ({ body: reactionSummary({ like: 2, love: 1 }) }),
      }),
    });
    const card = await showCard();
    await userEvent.setup().click(within(card).getByRole('button', { name: 'Like' }));
    expect(
      await within(card).findByRole('button', { name: 'Like', pressed: false }),
    ).toBeInTheDocument();
    expect(within(card).getByRole('img', { name: '3 reactions: like, love' })).toBeInTheDocument();
  });
});

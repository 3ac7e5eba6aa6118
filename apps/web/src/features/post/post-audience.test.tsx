import { AUDIENCE_LABELS, AUDIENCES } from '@hearth/contract';
import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { byParam, stubServer } from '../../test/fake-server';
import { stubFeed } from '../../test/feed';
import { ada, buildPost, grace, sessionUser } from '../../test/fixtures';
import { renderApp } from '../../test/render-app';

/** Ada's card's menu opened on Edit audience: the dialog it shows. */
async function openEditAudience(app: ReturnType<typeof renderApp>, card: HTMLElement) {
  await app.user.click(within(card).getByRole('button', { name: 'Post options' }));
  await app.user.click(within(card).getByRole('menuitem', { name: 'Edit audience' }));
  return screen.getByRole('dialog', { name: 'Edit audience' });
}

describe('the audience of a post', () => {
  it.each(AUDIENCES)(
    'shows %s on the card as an icon named after it, beside the time',
    async (audience) => {
      stubFeed([buildPost({ user: grace, audience })]);
      renderApp('/', { user: sessionUser() });
      const card = await screen.findByRole('article', { name: 'Post by Grace Hopper' });
      const { name } = AUDIENCE_LABELS[audience];
      const icon = within(card).getByRole('img', { name: `Shared with: ${name}` });
      expect(icon).toHaveAttribute('title', name);
      expect(icon.querySelector('svg')).not.toBeNull();
      // Beside the time, under the author's name.
      expect(icon.parentElement).toContainElement(within(card).getByRole('time'));
    },
  );

  it('lets the author change it: Edit audience sends the new one and the card shows it', async () => {
    const mine = buildPost({ user: ada, audience: 'members' });
    const { calls } = stubFeed([mine, buildPost({ user: grace })], {
      editAudience: byParam('postId', {
        [mine._id]: ({ body }) => ({ body }),
      }),
    });
    const app = renderApp('/', { user: sessionUser() });
    const card = await screen.findByRole('article', { name: 'Post by Ada Owen' });
    const dialog = await openEditAudience(app, card);

    const current = within(dialog).getByRole('radio', { name: 'Members of this server' });
    expect(current).toBeChecked();
    expect(current).toHaveFocus();
    await app.user.click(within(dialog).getByRole('radio', { name: 'Only me' }));
    await app.user.click(within(dialog).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    expect(calls.filter((call) => call.name === 'editAudience')).toMatchObject([
      { method: 'PUT', params: { postId: mine._id }, body: { audience: 'only_me' } },
    ]);
    expect(within(card).getByRole('img', { name: 'Shared with: Only me' })).toBeInTheDocument();
    expect(
      within(card).queryByRole('img', { name: 'Shared with: Members of this server' }),
    ).not.toBeInTheDocument();
    // Grace's card keeps its own.
    const other = screen.getByRole('article', { name: 'Post by Grace Hopper' });
    expect(
      within(other).getByRole('img', { name: 'Shared with: Members of this server' }),
    ).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Post options' })).toHaveFocus();
  });

  it("changed on the post's page, it shows in the feed loaded before, without asking again", async () => {
    const mine = buildPost({ user: ada, audience: 'public' });
    const { calls } = stubServer({
      feed: () => ({ body: [mine] }),
      getPost: byParam('postId', { [mine._id]: () => ({ body: mine }) }),
      editAudience: byParam('postId', { [mine._id]: ({ body }) => ({ body }) }),
    });
    const app = renderApp('/', { user: sessionUser() });
    await screen.findByRole('article', { name: 'Post by Ada Owen' });

    await act(() => app.router.navigate(`/post/${mine._id}`));
    // The post's own page (its heading), not the feed's card on its way out.
    await screen.findByRole('heading', { level: 1, name: 'Post by Ada Owen' });
    const card = screen.getByRole('article', { name: 'Post by Ada Owen' });
    expect(within(card).getByRole('img', { name: 'Shared with: Public' })).toBeInTheDocument();
    const dialog = await openEditAudience(app, card);
    await app.user.click(within(dialog).getByRole('radio', { name: 'Friends' }));
    await app.user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await within(card).findByRole('img', { name: 'Shared with: Friends' });

    await act(() => app.router.navigate('/'));
    const feedCard = await screen.findByRole('article', { name: 'Post by Ada Owen' });
    expect(within(feedCard).getByRole('img', { name: 'Shared with: Friends' })).toBeInTheDocument();
    expect(calls.filter((call) => call.name === 'feed')).toHaveLength(1);
  });

  it('keeps the audience and says why when the server refuses the change', async () => {
    const mine = buildPost({ user: ada, audience: 'friends' });
    stubFeed([mine], {
      editAudience: () => ({
        status: 403,
        body: { message: 'Only the author can change who sees this post.' },
      }),
    });
    const app = renderApp('/', { user: sessionUser() });
    const card = await screen.findByRole('article', { name: 'Post by Ada Owen' });
    const dialog = await openEditAudience(app, card);
    await app.user.click(within(dialog).getByRole('radio', { name: 'Public' }));
    await app.user.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Only the author can change who sees this post.',
    );
    await app.user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(dialog).not.toBeInTheDocument();
    expect(within(card).getByRole('img', { name: 'Shared with: Friends' })).toBeInTheDocument();
  });
});

import { POST_REMOVAL_DELAY_MS } from '@hearth/contract';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { byParam, deferred, stubServer } from '../../test/fake-server';
import { stubFeed } from '../../test/feed';
import { ada, buildPost, grace, reactionSummary, sessionUser } from '../../test/fixtures';
import { afterAnswer, renderApp, takeTheClock } from '../../test/render-app';

async function openMenu(name: string) {
  renderApp('/', { user: sessionUser() });
  const card = await screen.findByRole('article', { name });
  const app = userEvent.setup();
  await app.click(within(card).getByRole('button', { name: 'Post options' }));
  return { app, card, menu: within(card).getByRole('menu', { name: 'Post options' }) };
}

const names = (menu: HTMLElement) =>
  within(menu)
    .getAllByRole('menuitem')
    .map((item) => document.getElementById(item.getAttribute('aria-labelledby')!)?.textContent);

describe('the post options menu', () => {
  it("offers the author the owner's items, with the trash subtitle", async () => {
    stubFeed([buildPost({ user: ada, reactions: reactionSummary({}, { notificationsOn: true }) })]);
    const { menu } = await openMenu('Post by Ada Owen');
    expect(names(menu)).toEqual([
      'Pin Post',
      'Save Post',
      'Edit Post',
      'Edit audience',
      'Turn off notifications for this post',
      'Turn off translation',
      'Edit Date',
      'Refresh share attachment',
      'Move to archive',
      'Move to trash',
    ]);
    expect(
      within(menu).getByRole('menuitem', { name: 'Move to trash' }),
    ).toHaveAccessibleDescription('Items in your trash are deleted after 30days');
    expect(within(menu).getByRole('menuitem', { name: 'Save Post' })).toHaveAccessibleDescription(
      'Add this to your saved items',
    );
  });

  it('offers other members notifications, muting and reporting, and Download and Fullscreen for photos', async () => {
    stubFeed([
      buildPost({
        user: grace,
        images: [{ url: '/media/gracehopper/post_images/1.webp', variants: [] }],
      }),
    ]);
    const { menu } = await openMenu('Post by Grace Hopper');
    expect(names(menu)).toEqual([
      'Save Post',
      'Turn on notifications for this post',
      'Download',
      'Enter Fullscreen',
      'Mute Grace',
      'Report post',
    ]);
    expect(within(menu).getByRole('menuitem', { name: 'Report post' })).toHaveAccessibleDescription(
      "i'm concerned about this post",
    );
    expect(within(menu).getByRole('menuitem', { name: 'Mute Grace' })).toHaveAccessibleDescription(
      'Stop seeing their posts in your feed',
    );
  });

  it('closes on an outside click and on Escape, focus back on its button', async () => {
    stubFeed([buildPost({ user: grace })]);
    const { app, card, menu } = await openMenu('Post by Grace Hopper');
    expect(within(menu).getAllByRole('menuitem')[0]).toHaveFocus();
    await app.keyboard('{ArrowDown}');
    expect(
      within(menu).getByRole('menuitem', { name: 'Turn on notifications for this post' }),
    ).toHaveFocus();
    await app.keyboard('{Escape}');
    expect(menu).not.toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Post options' })).toHaveFocus();

    await app.click(within(card).getByRole('button', { name: 'Post options' }));
    expect(within(card).getByRole('menu', { name: 'Post options' })).toBeInTheDocument();
    await app.click(screen.getByRole('heading', { name: 'Sponsored' }));
    expect(within(card).queryByRole('menu')).not.toBeInTheDocument();
  });

  it('saves at once, before the server answers, then offers Unsave Post', async () => {
    const post = buildPost({ user: grace });
    const held = deferred<void>();
    let saved = false;
    const { calls } = stubFeed([post], {
      savePost: byParam('postId', {
        [post._id]: async () => {
          saved = !saved;
          if (saved) await held.promise;
          return { body: { saved } };
        },
      }),
    });
    const { app, card, menu } = await openMenu('Post by Grace Hopper');
    await app.click(within(menu).getByRole('menuitem', { name: 'Save Post' }));
    expect(calls.at(-1)).toMatchObject({ name: 'savePost', params: { postId: post._id } });

    await app.click(within(card).getByRole('button', { name: 'Post options' }));
    const unsave = within(card).getByRole('menuitem', { name: 'Unsave Post' });
    expect(unsave).toHaveAccessibleDescription('Remove this from your saved items');
    held.resolve();

    await app.click(unsave);
    await app.click(within(card).getByRole('button', { name: 'Post options' }));
    expect(within(card).getByRole('menuitem', { name: 'Save Post' })).toBeInTheDocument();
    const saves = calls.filter(
      (call) => call.name === 'savePost' && call.params.postId === post._id,
    );
    expect(saves).toHaveLength(2);
  });

  it("follows the server's answer on where the toggle landed", async () => {
    const post = buildPost({ user: grace });
    // Saved meanwhile from another tab: this toggle unsaves it.
    stubFeed([post], {
      savePost: byParam('postId', { [post._id]: () => ({ body: { saved: false } }) }),
    });
    const { app, card, menu } = await openMenu('Post by Grace Hopper');
    await app.click(within(menu).getByRole('menuitem', { name: 'Save Post' }));
    await app.click(within(card).getByRole('button', { name: 'Post options' }));
    expect(await within(card).findByRole('menuitem', { name: 'Save Post' })).toBeInTheDocument();
  });

  it('starts from the saved flag the feed carries', async () => {
    stubFeed([buildPost({ user: grace, reactions: reactionSummary({}, { checkSaved: true }) })]);
    const { menu } = await openMenu('Post by Grace Hopper');
    expect(within(menu).getByRole('menuitem', { name: 'Unsave Post' })).toBeInTheDocument();
  });

  it('moves a post to trash: the call, the menu closed, the card gone after 200 ms', async () => {
    const mine = buildPost({ user: ada });
    const { calls } = stubFeed([mine, buildPost({ user: grace })], {
      deletePost: byParam('postId', { [mine._id]: () => ({ body: { status: 'ok' } }) }),
    });
    renderApp('/', { user: sessionUser() });
    const card = await screen.findByRole('article', { name: 'Post by Ada Owen' });
    const person = takeTheClock();
    await person.click(within(card).getByRole('button', { name: 'Post options' }));
    await person.click(within(card).getByRole('menuitem', { name: 'Move to trash' }));
    expect(calls.at(-1)).toMatchObject({ name: 'deletePost', params: { postId: mine._id } });
    // The answer arrives without the clock moving; the menu closes once it has.
    for (let turn = 0; turn < 50 && within(card).queryByRole('menu'); turn += 1) {
      await act(() => vi.advanceTimersByTimeAsync(0));
    }
    expect(within(card).queryByRole('menu')).not.toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(POST_REMOVAL_DELAY_MS - 1));
    expect(card).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(card).not.toBeInTheDocument();
    expect(screen.getByRole('article', { name: 'Post by Grace Hopper' })).toBeInTheDocument();
  });

  it('keeps the post when the server refuses to delete it', async () => {
    const mine = buildPost({ user: ada });
    const { calls } = stubFeed([mine], {
      deletePost: byParam('postId', {
        [mine._id]: () => ({ status: 403, body: { message: 'No.' } }),
      }),
    });
    renderApp('/', { user: sessionUser() });
    const card = await screen.findByRole('article', { name: 'Post by Ada Owen' });
    const person = takeTheClock();
    await person.click(within(card).getByRole('button', { name: 'Post options' }));
    await person.click(within(card).getByRole('menuitem', { name: 'Move to trash' }));
    // The refusal read, and well past the delay after which a deleted post leaves the feed.
    await afterAnswer(
      calls.find((call) => call.name === 'deletePost'),
      POST_REMOVAL_DELAY_MS * 2,
    );
    expect(card).toBeInTheDocument();
    expect(within(card).getByRole('menu', { name: 'Post options' })).toBeInTheDocument();
  });

  it('offers no Edit Post on the author’s profile-picture post', async () => {
    stubFeed([
      buildPost({
        user: ada,
        type: 'profilePicture',
        text: null,
        images: [{ url: '/media/adaowen/profile_pictures/1.webp', variants: [] }],
      }),
    ]);
    const { menu } = await openMenu('Post by Ada Owen');
    expect(names(menu)).toContain('Edit audience');
    expect(names(menu)).not.toContain('Edit Post');
  });
});

describe("a post's notifications switch", () => {
  it('lets the author turn them off, then on again, as the server answers', async () => {
    const mine = buildPost({
      user: ada,
      reactions: reactionSummary({}, { notificationsOn: true }),
    });
    const { calls } = stubFeed([mine], {
      postNotifications: byParam('postId', {
        [mine._id]: ({ body }) => ({ body: { on: (body as { on: boolean }).on } }),
      }),
    });
    const { app, card, menu } = await openMenu('Post by Ada Owen');
    expect(
      within(menu).queryByRole('menuitem', { name: 'Turn on notifications for this post' }),
    ).not.toBeInTheDocument();
    await app.click(
      within(menu).getByRole('menuitem', { name: 'Turn off notifications for this post' }),
    );
    expect(menu).not.toBeInTheDocument();
    await waitFor(() =>
      expect(calls.filter((call) => call.name === 'postNotifications')).toHaveLength(1),
    );

    await app.click(within(card).getByRole('button', { name: 'Post options' }));
    await app.click(
      await within(card).findByRole('menuitem', { name: 'Turn on notifications for this post' }),
    );
    await app.click(within(card).getByRole('button', { name: 'Post options' }));
    expect(
      await within(card).findByRole('menuitem', { name: 'Turn off notifications for this post' }),
    ).toBeInTheDocument();
    expect(calls.filter((call) => call.name === 'postNotifications')).toMatchObject([
      { method: 'PUT', params: { postId: mine._id }, body: { on: false } },
      { method: 'PUT', params: { postId: mine._id }, body: { on: true } },
    ]);
  });

  it("lets another member turn on a post's notifications, the menu then offering to turn them off", async () => {
    const hers = buildPost({ user: grace });
    const { calls } = stubFeed([hers], {
      postNotifications: byParam('postId', { [hers._id]: () => ({ body: { on: true } }) }),
    });
    const { app, card, menu } = await openMenu('Post by Grace Hopper');
    await app.click(
      within(menu).getByRole('menuitem', { name: 'Turn on notifications for this post' }),
    );
    await app.click(within(card).getByRole('button', { name: 'Post options' }));
    const reopened = within(card).getByRole('menu', { name: 'Post options' });
    expect(
      await within(reopened).findByRole('menuitem', {
        name: 'Turn off notifications for this post',
      }),
    ).toBeInTheDocument();
    expect(
      within(reopened).queryByRole('menuitem', { name: 'Turn on notifications for this post' }),
    ).not.toBeInTheDocument();
    expect(calls.filter((call) => call.name === 'postNotifications')).toMatchObject([
      { params: { postId: hers._id }, body: { on: true } },
    ]);
  });

  it('starts from where the feed says the member stands', async () => {
    stubFeed([
      buildPost({ user: grace, reactions: reactionSummary({}, { notificationsOn: true }) }),
    ]);
    const { menu } = await openMenu('Post by Grace Hopper');
    expect(
      within(menu).getByRole('menuitem', { name: 'Turn off notifications for this post' }),
    ).toBeInTheDocument();
  });

  it('keeps the switch where it was and says why when the server refuses', async () => {
    const hers = buildPost({ user: grace });
    stubFeed([hers], {
      postNotifications: () => ({
        status: 404,
        body: { message: 'This post does not exist or was moved to trash.' },
      }),
    });
    const { app, card, menu } = await openMenu('Post by Grace Hopper');
    await app.click(
      within(menu).getByRole('menuitem', { name: 'Turn on notifications for this post' }),
    );
    expect(
      await screen.findByText('This post does not exist or was moved to trash.'),
    ).toBeInTheDocument();
    await app.click(within(card).getByRole('button', { name: 'Post options' }));
    expect(
      within(card).getByRole('menuitem', { name: 'Turn on notifications for this post' }),
    ).toBeInTheDocument();
  });
});

describe("'Mute {first name}' in a post's menu", () => {
  it("takes the author's posts out of the feed at once, reads the feed again and says so", async () => {
    const graceFirst = buildPost({ user: grace, text: 'Compilers, part one' });
    const graceSecond = buildPost({ user: grace, text: 'Compilers, part two' });
    const alan = {
      ...grace,
      _id: '01JALAN',
      username: 'alanturing',
      first_name: 'Alan',
      last_name: 'Turing',
    };
    const alans = buildPost({ user: alan, text: 'On computable numbers' });
    let muted = false;
    const held = deferred<void>();
    const { calls } = stubServer({
      feed: async () => {
        if (!muted) return { body: [graceFirst, alans, graceSecond] };
        // The feed read again answers late: the posts left before it came.
        await held.promise;
        return { body: [alans] };
      },
      mute: byParam('id', {
        [grace._id]: () => {
          muted = true;
          return { body: { status: 'ok' } };
        },
      }),
    });
    renderApp('/', { user: sessionUser() });
    const card = (await screen.findAllByRole('article', { name: 'Post by Grace Hopper' }))[0]!;
    const app = userEvent.setup();
    await app.click(within(card).getByRole('button', { name: 'Post options' }));
    await app.click(within(card).getByRole('menuitem', { name: 'Mute Grace' }));

    await waitFor(() =>
      expect(
        screen.queryByRole('article', { name: 'Post by Grace Hopper' }),
      ).not.toBeInTheDocument(),
    );
    expect(screen.getByRole('article', { name: 'Post by Alan Turing' })).toBeInTheDocument();
    expect(
      screen.getByText("Grace is muted. Their posts won't show in your feed."),
    ).toBeInTheDocument();
    expect(calls.filter((call) => call.name === 'mute')).toMatchObject([
      { method: 'PUT', params: { id: grace._id } },
    ]);
    held.resolve();
    await waitFor(() => expect(calls.filter((call) => call.name === 'feed')).toHaveLength(2));
    expect(screen.getByRole('article', { name: 'Post by Alan Turing' })).toBeInTheDocument();
  });

  it('keeps the posts and says why when the server refuses', async () => {
    stubFeed([buildPost({ user: grace })], {
      mute: () => ({ status: 404, body: { message: 'This member does not exist.' } }),
    });
    const { app, card, menu } = await openMenu('Post by Grace Hopper');
    await app.click(within(menu).getByRole('menuitem', { name: 'Mute Grace' }));
    expect(await screen.findByText('This member does not exist.')).toBeInTheDocument();
    expect(card).toBeInTheDocument();
  });
});

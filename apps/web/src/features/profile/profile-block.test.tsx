import type { Post } from '@hearth/contract';
import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { byParam, deferred, stubServer } from '../../test/fake-server';
import { installFakeSockets } from '../../test/fake-socket';
import {
  ada,
  buildOwnProfile,
  buildPost,
  buildProfile,
  grace,
  sessionUser,
} from '../../test/fixtures';
import { confirmProfileOption, openProfile } from '../../test/profile';
import { renderApp } from '../../test/render-app';

describe("blocking from a member's profile", () => {
  it('asks first: Cancel sends nothing and gives focus back to the options button', async () => {
    const app = await openProfile(buildProfile(), {
      block: () => ({ body: 'ok' }),
    });
    const options = screen.getByRole('button', { name: 'Profile options' });
    await app.user.click(options);
    await app.user.click(screen.getByRole('menuitem', { name: 'Block Grace' }));

    const dialog = screen.getByRole('dialog', { name: 'Block Grace?' });
    expect(dialog).toHaveAccessibleDescription(
      expect.stringContaining(
        "Grace won't be able to see your posts, find your profile, comment on or react to your posts, or add you as a friend.",
      ),
    );
    await app.user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(dialog).not.toBeInTheDocument();
    expect(options).toHaveFocus();
    expect(app.calls.filter((call) => call.name === 'block')).toHaveLength(0);
    expect(screen.getByRole('heading', { level: 1, name: 'Grace Hopper' })).toBeInTheDocument();
  });

  it("is not offered on the member's own profile", async () => {
    await openProfile(buildOwnProfile());
    expect(screen.queryByRole('button', { name: 'Profile options' })).not.toBeInTheDocument();
  });

  it("on Confirm blocks, goes home, and Grace's posts leave the feed before it is read again", async () => {
    const gracePost = buildPost({ user: grace, text: 'From Grace' });
    const adaPost = buildPost({ user: ada, text: 'From Ada' });
    let blocked = false;
    const feedAfterBlock = deferred<{ body: Post[] }>();
    const profileAfterBlock = deferred<{ body: { ok: false } }>();
    const { calls } = stubServer({
      feed: () => (blocked ? feedAfterBlock.promise : { body: [gracePost, adaPost] }),
      getProfile: byParam('username', {
        [grace.username]: () => (blocked ? profileAfterBlock.promise : { body: buildProfile() }),
        [ada.username]: () => ({ body: buildOwnProfile() }),
      }),
      listImages: () => ({ body: { resources: [], total_count: 0 } }),
      block: byParam('id', {
        [grace._id]: () => {
          blocked = true;
          return { body: 'ok' };
        },
      }),
    });
    const app = renderApp('/', { user: sessionUser() });
    await screen.findByRole('article', { name: 'Post by Grace Hopper' });

    await act(() => app.router.navigate(`/profile/${grace.username}`));
    await screen.findByRole('heading', { level: 1, name: 'Grace Hopper' });
    await confirmProfileOption(app, 'Block Grace', 'Block Grace?');

    await waitFor(() => expect(app.pathname()).toBe('/'));
    expect(calls.filter((call) => call.name === 'block')).toMatchObject([
      { method: 'PUT', params: { id: grace._id } },
    ]);
    await screen.findByRole('article', { name: 'Post by Ada Owen' });
    expect(screen.queryByRole('article', { name: 'Post by Grace Hopper' })).not.toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Block Grace?' })).not.toBeInTheDocument();

    // The feed is read again too, and shows what the server now answers.
    await waitFor(() => expect(calls.filter((call) => call.name === 'feed')).toHaveLength(2));
    feedAfterBlock.resolve({ body: [adaPost] });
    await waitFor(() =>
      expect(screen.getAllByRole('article').map((card) => card.getAttribute('aria-label'))).toEqual(
        ['Post by Ada Owen'],
      ),
    );

    // Her profile is asked for again, not shown from before: not found, so Ada's own shows.
    const profileCalls = () =>
      calls.filter((call) => call.name === 'getProfile' && call.params.username === grace.username);
    expect(profileCalls()).toHaveLength(1);
    await act(() => app.router.navigate(`/profile/${grace.username}`));
    await screen.findByRole('status', { name: 'Loading profile' });
    expect(
      screen.queryByRole('heading', { level: 1, name: 'Grace Hopper' }),
    ).not.toBeInTheDocument();
    expect(profileCalls()).toHaveLength(2);
    profileAfterBlock.resolve({ body: { ok: false } });
    await waitFor(() => expect(app.pathname()).toBe('/profile'));
    await screen.findByRole('heading', { level: 1, name: 'Ada Owen' });
  });

  it('goes home, not to her own profile, when the ended friendship reads the profile first', async () => {
    // The block ends the friendship: its live message can come before the block's answer, and
    // reads the profile, still on screen, again: now 'not found'.
    const sockets = installFakeSockets();
    let blocked = false;
    const blockAnswer = deferred<{ body: 'ok' }>();
    const { calls } = stubServer({
      feed: () => ({ body: [] }),
      getProfile: byParam('username', {
        [grace.username]: () => ({
          body: blocked
            ? { ok: false }
            : buildProfile({
                friendship: {
                  friends: true,
                  following: true,
                  requestSent: false,
                  requestReceived: false,
                },
              }),
        }),
      }),
      listImages: () => ({ body: { resources: [], total_count: 0 } }),
      block: () => {
        blocked = true;
        return blockAnswer.promise;
      },
    });
    const app = renderApp(`/profile/${grace.username}`, { user: sessionUser() });
    await screen.findByRole('heading', { level: 1, name: 'Grace Hopper' });
    await waitFor(() => expect(sockets.live()).toHaveLength(1));
    const socket = sockets.live()[0]!;
    socket.accept();
    socket.deliver({ type: 'ready' });

    await confirmProfileOption(app, 'Block Grace', 'Block Grace?');
    await waitFor(() => expect(calls.filter((call) => call.name === 'block')).toHaveLength(1));
    socket.deliver({
      type: 'friendship',
      payload: {
        userId: grace._id,
        friendship: {
          friends: false,
          following: false,
          requestSent: false,
          requestReceived: false,
        },
      },
    });

    await waitFor(() => expect(app.pathname()).toBe('/'));
    blockAnswer.resolve({ body: 'ok' });
    await act(() => blockAnswer.promise);
    expect(app.pathname()).toBe('/');
    expect(
      calls.filter((call) => call.name === 'getProfile' && call.params.username === ada.username),
    ).toHaveLength(0);
  });

  it('stays on the profile and says why when the server refuses the block', async () => {
    const app = await openProfile(buildProfile(), {
      block: () => ({ status: 404, body: { message: 'This member does not exist.' } }),
    });
    const dialog = await confirmProfileOption(app, 'Block Grace', 'Block Grace?');
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'This member does not exist.',
    );
    expect(app.pathname()).toBe(`/profile/${grace.username}`);
  });
});

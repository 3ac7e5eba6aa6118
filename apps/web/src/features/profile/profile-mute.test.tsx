import type { Post } from '@hearth/contract';
import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { byParam, deferred, stubServer } from '../../test/fake-server';
import { ada, buildPost, buildProfile, grace, sessionUser } from '../../test/fixtures';
import { confirmProfileOption, openProfile } from '../../test/profile';
import { renderApp } from '../../test/render-app';

/** Opens the profile's '…' menu and answers the names of its entries. */
async function openOptions(app: Awaited<ReturnType<typeof openProfile>>) {
  await app.user.click(screen.getByRole('button', { name: 'Profile options' }));
  const menu = screen.getByRole('menu', { name: 'Profile options' });
  return within(menu)
    .getAllByRole('menuitem')
    .map((item) => item.textContent);
}

const muteCalls = (app: {
  calls: { name: string | undefined; params: Record<string, string> }[];
}) =>
  app.calls
    .filter((call) => call.name === 'mute' || call.name === 'unmute')
    .map((call) => [call.name, call.params.id]);

describe("muting from a member's profile", () => {
  it('offers Mute before Block, and asks first: Cancel sends nothing', async () => {
    const app = await openProfile(buildProfile(), { mute: () => ({ body: 'ok' }) });
    expect(await openOptions(app)).toEqual(['Mute Grace', 'Block Grace', 'Report Grace']);
    await app.user.click(screen.getByRole('menuitem', { name: 'Mute Grace' }));
    const dialog = screen.getByRole('dialog', { name: 'Mute Grace?' });
    expect(dialog).toHaveAccessibleDescription(
      expect.stringContaining(
        "Grace's posts won't show in your Feed, and what Grace does won't notify you. Grace won't be told.",
      ),
    );
    await app.user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(dialog).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Profile options' })).toHaveFocus();
    expect(muteCalls(app)).toEqual([]);
  });

  it('on Confirm mutes: the call, the dialog gone, and the menu now offers Unmute', async () => {
    const app = await openProfile(buildProfile(), {
      mute: byParam('id', { [grace._id]: () => ({ body: 'ok' }) }),
    });
    await openOptions(app);
    await app.user.click(screen.getByRole('menuitem', { name: 'Mute Grace' }));
    const dialog = screen.getByRole('dialog', { name: 'Mute Grace?' });
    await app.user.click(within(dialog).getByRole('button', { name: 'Confirm' }));

    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    expect(muteCalls(app)).toEqual([['mute', grace._id]]);
    expect(screen.getByText('You muted Grace.')).toBeInTheDocument();
    // The profile stays, with its posts; only the menu's entry changes.
    expect(screen.getByRole('heading', { level: 1, name: 'Grace Hopper' })).toBeInTheDocument();
    expect(await openOptions(app)).toEqual(['Unmute Grace', 'Block Grace', 'Report Grace']);
  });

  it('says why in the dialog when the server refuses the mute', async () => {
    const app = await openProfile(buildProfile(), {
      mute: () => ({ status: 404, body: { message: 'This member does not exist.' } }),
    });
    await openOptions(app);
    await app.user.click(screen.getByRole('menuitem', { name: 'Mute Grace' }));
    const dialog = screen.getByRole('dialog', { name: 'Mute Grace?' });
    await app.user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'This member does not exist.',
    );
    expect(app.pathname()).toBe(`/profile/${grace.username}`);
    await app.user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(await openOptions(app)).toEqual(['Mute Grace', 'Block Grace', 'Report Grace']);
  });

  it('unmutes at once from the menu of a muted member, and then offers Mute again', async () => {
    const app = await openProfile(buildProfile({ muted: true }), {
      unmute: byParam('id', { [grace._id]: () => ({ body: 'ok' }) }),
    });
    expect(await openOptions(app)).toEqual(['Unmute Grace', 'Block Grace', 'Report Grace']);
    await app.user.click(screen.getByRole('menuitem', { name: 'Unmute Grace' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await screen.findByText('You unmuted Grace.');
    expect(muteCalls(app)).toEqual([['unmute', grace._id]]);
    expect(screen.getByRole('button', { name: 'Profile options' })).toHaveFocus();
    expect(await openOptions(app)).toEqual(['Mute Grace', 'Block Grace', 'Report Grace']);
  });

  it('shows why an unmute failed, and Confirm tries again', async () => {
    let refuse = true;
    const app = await openProfile(buildProfile({ muted: true }), {
      unmute: () =>
        refuse ? { status: 500, body: { message: 'Something went wrong.' } } : { body: 'ok' },
    });
    await openOptions(app);
    await app.user.click(screen.getByRole('menuitem', { name: 'Unmute Grace' }));
    const dialog = await screen.findByRole('dialog', { name: 'Unmute Grace?' });
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Something went wrong.');
    refuse = false;
    await app.user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    expect(muteCalls(app)).toEqual([
      ['unmute', grace._id],
      ['unmute', grace._id],
    ]);
    expect(await openOptions(app)).toEqual(['Mute Grace', 'Block Grace', 'Report Grace']);
  });

  it("takes Grace's posts out of the feed at once, before the feed is read again", async () => {
    const gracePost = buildPost({ user: grace, text: 'From Grace' });
    const adaPost = buildPost({ user: ada, text: 'From Ada' });
    let muted = false;
    const feedAfterMute = deferred<{ body: Post[] }>();
    const { calls } = stubServer({
      feed: () => (muted ? feedAfterMute.promise : { body: [gracePost, adaPost] }),
      getProfile: byParam('username', {
        [grace.username]: () => ({ body: buildProfile({ muted, posts: [gracePost] }) }),
      }),
      listImages: () => ({ body: { resources: [], total_count: 0 } }),
      mute: () => {
        muted = true;
        return { body: 'ok' };
      },
    });
    const app = renderApp('/', { user: sessionUser() });
    await screen.findByRole('article', { name: 'Post by Grace Hopper' });

    await act(() => app.router.navigate(`/profile/${grace.username}`));
    await screen.findByRole('heading', { level: 1, name: 'Grace Hopper' });
    const dialog = await confirmProfileOption(app, 'Mute Grace', 'Mute Grace?');
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    // Her posts stay on her profile.
    expect(screen.getByRole('article', { name: 'Post by Grace Hopper' })).toBeInTheDocument();

    await act(() => app.router.navigate('/'));
    await screen.findByRole('article', { name: 'Post by Ada Owen' });
    expect(screen.queryByRole('article', { name: 'Post by Grace Hopper' })).not.toBeInTheDocument();
    await waitFor(() => expect(calls.filter((call) => call.name === 'feed')).toHaveLength(2));
    feedAfterMute.resolve({ body: [adaPost] });
    await waitFor(() =>
      expect(screen.getAllByRole('article').map((card) => card.getAttribute('aria-label'))).toEqual(
        ['Post by Ada Owen'],
      ),
    );
  });
});

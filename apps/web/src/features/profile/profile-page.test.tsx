import {
  PROFILE_FRIENDS_SHOWN,
  PROFILE_HEADER_FRIENDS_SHOWN,
  PROFILE_PHOTOS_SHOWN,
} from '@hearth/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { byParam, deferred, stubServer } from '../../test/fake-server';
import {
  buildFriend,
  buildImages,
  buildOwnProfile,
  buildProfile,
  sessionUser,
} from '../../test/fixtures';
import { openProfile } from '../../test/profile';
import { renderApp } from '../../test/render-app';

describe('the profile page', () => {
  it('shows a skeleton while loading, then the name as the page heading', async () => {
    const answer = deferred<{ body: unknown }>();
    stubServer({
      getProfile: byParam('username', { gracehopper: () => answer.promise }),
      listImages: () => ({ body: buildImages('gracehopper', 0) }),
    });
    renderApp('/profile/gracehopper', { user: sessionUser() });
    expect(await screen.findByRole('status', { name: 'Loading profile' })).toBeInTheDocument();
    answer.resolve({ body: buildProfile() });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Grace Hopper' }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('status', { name: 'Loading profile' })).not.toBeInTheDocument();
  });

  it.each([
    ['200 {ok:false}, as the server answers it', { body: { ok: false } }],
    ['404 {ok:false}, as an older server answered it', { status: 404, body: { ok: false } }],
  ])('sends an unknown profile (%s) to /profile, with no error', async (_, unknown) => {
    stubServer({
      getProfile: byParam('username', {
        nobody: () => unknown,
        adaowen: () => ({ body: buildOwnProfile() }),
      }),
      listImages: () => ({ body: buildImages('adaowen', 0) }),
    });
    const app = renderApp('/profile/nobody', { user: sessionUser() });
    expect(await screen.findByRole('heading', { level: 1, name: 'Ada Owen' })).toBeInTheDocument();
    expect(app.pathname()).toBe('/profile');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows the owner the edit controls and Life Event, and no friendship buttons', async () => {
    await openProfile(buildOwnProfile());
    expect(screen.getByRole('button', { name: 'Edit cover photo' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Update profile picture' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add bio' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Edit details' })).toBeInTheDocument();
    const box = screen.getByRole('region', { name: 'Create a post' });
    expect(within(box).getByRole('button', { name: 'Life Event' })).toBeInTheDocument();
    for (const name of ['Add Friend', 'Follow', 'Following', 'Respond', 'Cancel Request']) {
      expect(screen.queryByRole('button', { name })).not.toBeInTheDocument();
    }
  });

  it('shows a visitor the friendship buttons and none of the edit controls', async () => {
    await openProfile(buildProfile());
    expect(screen.getByRole('button', { name: 'Add Friend' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Follow' })).toBeInTheDocument();
    for (const name of [
      'Edit cover photo',
      'Update profile picture',
      'Add bio',
      'Edit bio',
      'Edit details',
    ]) {
      expect(screen.queryByRole('button', { name })).not.toBeInTheDocument();
    }
    expect(screen.queryByRole('region', { name: 'Create a post' })).not.toBeInTheDocument();
  });

  it('has the header friends, the tabs and the four cards', async () => {
    // The server sends the nine most recent friends and how many there are in all.
    const friends = Array.from({ length: 9 }, (_, i) => buildFriend(i + 1));
    const app = await openProfile(
      buildProfile({
        friends,
        friendsCount: 12,
        details: { bio: 'Compilers.', workplace: 'Navy', currentCity: 'Arlington' },
      }),
      {},
      12,
    );

    const thumbs = screen.getByRole('list', { name: 'Some friends' });
    expect(within(thumbs).getAllByRole('link')).toHaveLength(PROFILE_HEADER_FRIENDS_SHOWN);
    expect(screen.getAllByText('12 friends').length).toBeGreaterThan(0);

    const tabs = screen.getByRole('navigation', { name: 'Profile sections' });
    for (const name of ['Posts', 'About', 'Friends', 'Photos', 'Videos', 'Check-ins', 'More']) {
      expect(within(tabs).getByRole('link', { name })).toHaveAttribute('href', '/');
    }

    const intro = screen.getByRole('region', { name: 'Intro' });
    expect(intro).toHaveTextContent('Compilers.');
    expect(intro).toHaveTextContent('Works at Navy');
    expect(intro).toHaveTextContent('Lives in Arlington');

    const photos = screen.getByRole('region', { name: 'Photos' });
    await waitFor(() =>
      expect(within(photos).getAllByRole('listitem')).toHaveLength(PROFILE_PHOTOS_SHOWN),
    );
    // 'See all photos' opens the member's photos in the card, on the profile.
    const seeAll = within(photos).getByRole('button', { name: 'See all photos' });
    expect(seeAll).toHaveAttribute('aria-expanded', 'false');
    await app.user.click(seeAll);
    expect(within(photos).getAllByRole('listitem')).toHaveLength(12);
    expect(app.pathname()).toBe('/profile/gracehopper');
    const fewer = within(photos).getByRole('button', { name: 'Show fewer photos' });
    expect(fewer).toHaveAttribute('aria-expanded', 'true');
    await app.user.click(fewer);
    expect(within(photos).getAllByRole('listitem')).toHaveLength(PROFILE_PHOTOS_SHOWN);

    const friendsCard = screen.getByRole('region', { name: 'Friends' });
    const links = within(friendsCard)
      .getAllByRole('link')
      .filter((link) => link.getAttribute('href')?.startsWith('/profile/'));
    expect(links).toHaveLength(PROFILE_FRIENDS_SHOWN);
    expect(links[0]).toHaveAttribute('href', '/profile/friend1');
    expect(links[0]).toHaveAccessibleName('Friend Number1');

    const people = screen.getByRole('region', { name: 'People You May Know' });
    const names = within(people)
      .getAllByRole('listitem')
      .map((item) => item.querySelector('span[title]')?.textContent ?? '');
    expect(names.length).toBeGreaterThan(0);
    for (const name of names) expect(name.replace('…', '').length).toBeLessThanOrEqual(11);
    expect(names).toContain('Marisol Qui…');
    expect(within(people).getAllByRole('button').length).toBe(names.length);
  });

  it('asks listImages for the member folder, newest first, at most 30', async () => {
    const { calls } = await openProfile(buildProfile());
    await waitFor(() =>
      expect(calls.find((call) => call.name === 'listImages')?.body).toEqual({
        path: 'gracehopper/*',
        sort: 'desc',
        max: 30,
      }),
    );
  });
});

import { DEFAULT_PRIVACY } from '@hearth/contract';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { byParam, stubServer } from './test/fake-server';
import { buildOwnProfile, buildProfile, sessionUser } from './test/fixtures';
import { renderApp } from './test/render-app';

describe('routes', () => {
  it.each([
    '/',
    '/profile',
    '/profile/adaowen',
    '/friends',
    '/friends/requests',
    '/settings/privacy',
    '/settings/muted',
    '/admin/settings',
  ])('shows the login screen in place at %s without a session', async (path) => {
    const app = renderApp(path);
    expect(await screen.findByRole('button', { name: 'Log In' })).toBeInTheDocument();
    expect(app.pathname()).toBe(path);
  });

  it.each(['/login', '/reset'])('sends a logged-in member from %s to /', async (path) => {
    const app = renderApp(path, { user: sessionUser() });
    expect(await screen.findByRole('heading', { level: 1, name: 'Home' })).toBeInTheDocument();
    expect(app.pathname()).toBe('/');
  });

  it('sends an unknown route to /', async () => {
    const app = renderApp('/no/such/page', { user: sessionUser() });
    expect(await screen.findByRole('heading', { level: 1, name: 'Home' })).toBeInTheDocument();
    expect(app.pathname()).toBe('/');
  });

  it.each([
    ['/profile', 'Ada Owen'],
    ['/profile/gracehopper', 'Grace Hopper'],
    ['/friends', 'Friends'],
    ['/friends/sent', 'Sent Requests'],
    ['/settings/blocking', 'Blocking'],
    ['/settings/muted', 'Muted'],
    ['/settings/privacy', 'Privacy settings'],
    ['/settings/privacy-checkup', 'Privacy checkup'],
  ])('renders %s inside the logged-in layout', async (path, heading) => {
    stubServer({
      getProfile: byParam('username', {
        adaowen: () => ({ body: buildOwnProfile() }),
        gracehopper: () => ({ body: buildProfile() }),
      }),
      listImages: () => ({ body: { resources: [], total_count: 0 } }),
      getFriendsPageInfos: () => ({
        body: { requests: [], sentRequests: [], friends: [] },
      }),
      getBlocked: () => ({ body: [] }),
      getMuted: () => ({ body: [] }),
      getPrivacy: () => ({ body: DEFAULT_PRIVACY }),
    });
    renderApp(path, { user: sessionUser() });
    expect(await screen.findByRole('heading', { name: heading })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Account' })).toBeInTheDocument();
  });

  it('shows the login page with its footer at /login', async () => {
    renderApp('/login');
    expect(await screen.findByRole('link', { name: 'Forgotten password?' })).toHaveAttribute(
      'href',
      '/reset',
    );
    expect(screen.getByRole('link', { name: 'Create a Page' })).toHaveAttribute('href', '/');
    expect(screen.getByText('Hearth © 2022')).toBeInTheDocument();
  });
});

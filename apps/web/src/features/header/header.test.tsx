import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { stubFeed } from '../../test/feed';
import { sessionUser } from '../../test/fixtures';
import { renderApp } from '../../test/render-app';

describe('the header', () => {
  it('has the logo and the search box', async () => {
    stubFeed([]);
    renderApp('/', { user: sessionUser() });
    const header = await screen.findByRole('banner');
    expect(within(header).getByRole('link', { name: 'Hearth home' })).toHaveAttribute('href', '/');
    expect(within(header).getByRole('combobox', { name: 'Search Hearth' })).toBeInTheDocument();
  });

  it('has home, friends and three more icons, those three with a static 9+ badge', async () => {
    stubFeed([]);
    renderApp('/', { user: sessionUser() });
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    const links = within(nav).getAllByRole('link');
    expect(links.map((link) => link.getAttribute('aria-label'))).toEqual([
      'Home',
      'Friends',
      'Watch, 9+ new',
      'Marketplace, 9+ new',
      'Groups, 9+ new',
    ]);
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      '/',
      '/friends',
      '/',
      '/',
      '/',
    ]);
    for (const link of links.slice(2)) expect(link).toHaveTextContent('9+');
    // On the home screen only the home icon is the current page.
    expect(links.filter((link) => link.getAttribute('aria-current') === 'page')).toEqual([
      links[0],
    ]);
  });

  it('highlights the friends icon on every friends page', async () => {
    for (const path of ['/friends', '/friends/requests']) {
      const app = renderApp(path, { user: sessionUser() });
      const friends = await screen.findByRole('link', { name: 'Friends', current: 'page' });
      expect(friends).toHaveAttribute('href', '/friends');
      expect(screen.getByRole('link', { name: 'Home' })).not.toHaveAttribute('aria-current');
      app.unmount();
    }
  });

  it('has the notifications bell beside the two menu buttons', async () => {
    stubFeed([], { unreadCount: () => ({ body: { count: 3 } }) });
    renderApp('/', { user: sessionUser() });
    const header = await screen.findByRole('banner');
    // The bell's badge is the unread count (API.md 'Notifications'), not the spec's static 5.
    const notifications = await within(header).findByRole('button', {
      name: 'Notifications, 3 new',
    });
    expect(notifications).toHaveTextContent('3');
    expect(notifications).toHaveAttribute('aria-haspopup', 'dialog');
    expect(within(header).getByRole('button', { name: 'Menu' })).toHaveAttribute(
      'aria-haspopup',
      'dialog',
    );
    expect(within(header).getByRole('button', { name: 'Account' })).toHaveAttribute(
      'aria-haspopup',
      'dialog',
    );
  });
});

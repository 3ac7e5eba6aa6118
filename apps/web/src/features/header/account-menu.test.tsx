import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { sessionUser } from '../../test/fixtures';
import { renderApp, userCookie } from '../../test/render-app';

describe('header and account menu', () => {
  it("shows the member's picture and first name, linking to /profile", async () => {
    renderApp('/', { user: sessionUser() });
    expect(await screen.findByRole('link', { name: 'Ada' })).toHaveAttribute('href', '/profile');
  });

  it('logs out: the cookie is cleared and the login screen shows', async () => {
    const app = renderApp('/', { user: sessionUser() });
    await app.user.click(await screen.findByRole('button', { name: 'Account' }));
    await app.user.click(screen.getByRole('button', { name: 'Logout' }));
    expect(await screen.findByRole('button', { name: 'Log In' })).toBeInTheDocument();
    expect(userCookie()).toBeNull();
    expect(app.pathname()).toBe('/login');
  });

  it('switches the dark theme on and off from Display and accessibility', async () => {
    const app = renderApp('/', { user: sessionUser() });
    await app.user.click(await screen.findByRole('button', { name: 'Account' }));
    await app.user.click(screen.getByRole('button', { name: 'Display and accessibility' }));
    const darkMode = screen.getByRole('group', { name: 'Dark Mode' });
    const on = screen.getAllByRole('radio', { name: 'On' })[0]!;
    expect(darkMode).toContainElement(on);

    await app.user.click(on);
    expect(document.documentElement).toHaveClass('dark');
    expect(document.cookie).toContain('darkTheme=true');
    await app.user.click(screen.getAllByRole('radio', { name: 'Off' })[0]!);
    expect(document.documentElement).not.toHaveClass('dark');
    expect(document.cookie).toContain('darkTheme=false');
  });

  it('closes on an outside click', async () => {
    const app = renderApp('/', { user: sessionUser() });
    await app.user.click(await screen.findByRole('button', { name: 'Account' }));
    expect(screen.getByRole('region', { name: 'Account menu' })).toBeInTheDocument();
    await app.user.click(screen.getByRole('heading', { name: 'Sponsored' }));
    expect(screen.queryByRole('region', { name: 'Account menu' })).not.toBeInTheDocument();
  });
});

import { ACCOUNT_MESSAGES, DEFAULT_PRIVACY, LANGUAGES, SERVER_MESSAGES } from '@hearth/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Handlers } from '../../test/fake-server';
import { stubFeed } from '../../test/feed';
import { sessionUser } from '../../test/fixtures';
import { renderApp, userCookie } from '../../test/render-app';

async function openAccountMenu(handlers: Handlers = {}) {
  const server = stubFeed([], handlers);
  const app = renderApp('/', { user: sessionUser() });
  await app.user.click(await screen.findByRole('button', { name: 'Account' }));
  return { app, server, menu: screen.getByRole('dialog', { name: 'Account menu' }) };
}

/** The session-ending calls the app sent, with the token each carried. */
const sessionCalls = (server: ReturnType<typeof stubFeed>) =>
  server.calls
    .filter((call) => call.name === 'logout' || call.name === 'logoutAll')
    .map((call) => [call.name, call.headers.get('Authorization')]);

/**
 * The member is logged out on this device after `call` went to the server with her token: the
 * cookie gone, the login screen at /login.
 */
async function expectLoggedOut(
  app: ReturnType<typeof renderApp>,
  server: ReturnType<typeof stubFeed>,
  call: 'logout' | 'logoutAll',
) {
  // The login screen shows in place, then anew at /login once the navigation lands: no
  // reference is held across that swap.
  await waitFor(() => expect(app.pathname()).toBe('/login'));
  await waitFor(() => expect(screen.getByRole('button', { name: 'Log In' })).toBeInTheDocument());
  expect(sessionCalls(server)).toEqual([[call, 'Bearer token-of-ada']]);
  expect(userCookie()).toBeNull();
  expect(app.pathname()).toBe('/login');
}

/** The names of a view's entries, in order. */
const entries = (menu: HTMLElement) =>
  within(menu)
    .getAllByRole('button')
    .map((button) => button.getAttribute('aria-label') ?? button.textContent);

describe('the account menu', () => {
  it("shows the member's picture and first name in the header, linking to /profile", async () => {
    stubFeed([]);
    renderApp('/', { user: sessionUser() });
    expect(await screen.findByRole('link', { name: 'Ada' })).toHaveAttribute('href', '/profile');
  });

  it('opens on the main view: the member with See your profile, then the entries', async () => {
    const { app, menu } = await openAccountMenu();
    const profile = within(menu).getByRole('link', { name: /Ada Owen/ });
    expect(profile).toHaveTextContent('See your profile');
    expect(profile).toHaveAttribute('href', '/profile');
    // The picture is decorative beside the name.
    expect(profile.querySelector('img')).toHaveAttribute('src', sessionUser().picture);
    expect(entries(menu)).toEqual([
      'Give us feedback',
      'Settings & privacy',
      'Help & support',
      'Display and accessibility',
      'Logout',
    ]);
    // Focus moves into the menu, on its first entry.
    expect(profile).toHaveFocus();
    await app.user.click(profile);
    expect(app.pathname()).toBe('/profile');
    expect(screen.queryByRole('dialog', { name: 'Account menu' })).not.toBeInTheDocument();
  });

  it('goes into Settings & privacy and back with the arrow', async () => {
    const { app, menu } = await openAccountMenu();
    await app.user.click(within(menu).getByRole('button', { name: 'Settings & privacy' }));
    expect(within(menu).getByRole('heading', { name: 'Settings & privacy' })).toBeInTheDocument();
    expect(entries(menu)).toEqual([
      'Back',
      'Activity log',
      'News Feed Preferences',
      'Language',
      'Log out of all devices',
    ]);
    // The spec's order, the pages among the inert entries, then Blocking and Muted.
    expect(
      within(menu)
        .getAllByRole('link')
        .map((link) => [link.textContent, link.getAttribute('href')]),
    ).toEqual([
      ['Settings', '/settings'],
      ['Privacy checkup', '/settings/privacy-checkup'],
      ['Privacy Shortcut', '/settings/privacy'],
      ['Blocking', '/settings/blocking'],
      ['Muted', '/settings/muted'],
    ]);
    expect(
      [...menu.querySelectorAll('button, a')]
        .map((entry) => entry.getAttribute('aria-label') ?? entry.textContent)
        .slice(1, 9),
    ).toEqual([
      'Settings',
      'Privacy checkup',
      'Privacy Shortcut',
      'Activity log',
      'News Feed Preferences',
      'Language',
      'Blocking',
      'Muted',
    ]);
    expect(within(menu).getByRole('button', { name: 'Back' })).toHaveFocus();
    // The entries without a page are inert, Language aside: the view stays.
    await app.user.click(within(menu).getByRole('button', { name: 'Activity log' }));
    await app.user.click(within(menu).getByRole('button', { name: 'News Feed Preferences' }));
    expect(within(menu).getByRole('heading', { name: 'Settings & privacy' })).toBeInTheDocument();

    await app.user.click(within(menu).getByRole('button', { name: 'Back' }));
    expect(within(menu).queryByRole('heading', { name: 'Settings & privacy' })).toBeNull();
    expect(within(menu).getByRole('link', { name: /See your profile/ })).toBeInTheDocument();
    // Focus goes back to the entry that led there.
    expect(within(menu).getByRole('button', { name: 'Settings & privacy' })).toHaveFocus();
  });

  it.each([
    ['Settings', '/settings', 'Settings'],
    ['Privacy Shortcut', '/settings/privacy', 'Privacy settings'],
    ['Privacy checkup', '/settings/privacy-checkup', 'Privacy checkup'],
    ['Muted', '/settings/muted', 'Muted'],
  ])('%s in Settings & privacy opens %s and closes the menu', async (entry, path, heading) => {
    const { app, menu } = await openAccountMenu({
      getPrivacy: () => ({ body: DEFAULT_PRIVACY }),
      getMuted: () => ({ body: [] }),
    });
    await app.user.click(within(menu).getByRole('button', { name: 'Settings & privacy' }));
    await app.user.click(within(menu).getByRole('link', { name: entry }));
    expect(app.pathname()).toBe(path);
    expect(screen.queryByRole('dialog', { name: 'Account menu' })).not.toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
  });

  it('goes into Language from Settings & privacy: each language in its own name, English chosen', async () => {
    const { app, menu } = await openAccountMenu();
    await app.user.click(within(menu).getByRole('button', { name: 'Settings & privacy' }));
    await app.user.click(within(menu).getByRole('button', { name: 'Language' }));
    expect(within(menu).getByRole('heading', { name: 'Language' })).toBeInTheDocument();
    expect(within(menu).getByRole('button', { name: 'Back' })).toHaveFocus();
    expect(entries(menu)).toEqual(['Back', ...LANGUAGES.map((language) => language.name)]);
    for (const language of LANGUAGES) {
      const name = within(menu).getByText(language.name);
      expect(name).toHaveAttribute('lang', language.code);
      expect(name).toHaveAttribute('dir', language.dir);
    }
    expect(
      within(menu)
        .getAllByRole('button')
        .filter((button) => button.getAttribute('aria-current') === 'true')
        .map((button) => button.textContent),
    ).toEqual(['English (UK)']);
    // Back to Settings & privacy, on the entry that led there.
    await app.user.click(within(menu).getByRole('button', { name: 'Back' }));
    expect(within(menu).getByRole('heading', { name: 'Settings & privacy' })).toBeInTheDocument();
    expect(within(menu).getByRole('button', { name: 'Language' })).toHaveFocus();
  });

  it('switches to Français: the menu speaks French, and the choice goes to the account', async () => {
    const { app, server, menu } = await openAccountMenu({
      changeLanguage: () => ({
        body: { message: ACCOUNT_MESSAGES.languageChanged, language: 'fr' },
      }),
    });
    await app.user.click(within(menu).getByRole('button', { name: 'Settings & privacy' }));
    await app.user.click(within(menu).getByRole('button', { name: 'Language' }));
    await app.user.click(within(menu).getByRole('button', { name: 'Français (FR)' }));

    expect(await within(menu).findByRole('heading', { name: 'Langue' })).toBeInTheDocument();
    expect(within(menu).getByRole('button', { name: 'Retour' })).toBeInTheDocument();
    expect(within(menu).getByRole('button', { name: 'Français (FR)' })).toHaveAttribute(
      'aria-current',
      'true',
    );
    expect(within(menu).getByRole('button', { name: 'English (UK)' })).not.toHaveAttribute(
      'aria-current',
    );
    expect(document.documentElement).toHaveAttribute('lang', 'fr');
    await waitFor(() =>
      expect(
        server.calls
          .filter((call) => call.name === 'changeLanguage')
          .map((call) => [call.method, call.body, call.headers.get('Authorization')]),
      ).toEqual([['PUT', { language: 'fr' }, 'Bearer token-of-ada']]),
    );
    await waitFor(() => expect(userCookie()).toMatchObject({ language: 'fr' }));

    // The rest of the menu speaks French too.
    await app.user.click(within(menu).getByRole('button', { name: 'Retour' }));
    expect(
      within(menu).getByRole('heading', { name: 'Paramètres et confidentialité' }),
    ).toBeInTheDocument();
    expect(within(menu).getByRole('button', { name: 'Langue' })).toHaveFocus();
    expect(screen.getByRole('dialog', { name: 'Menu du compte' })).toBe(menu);
  });

  it('goes into Help & support and back', async () => {
    const { app, menu } = await openAccountMenu();
    await app.user.click(within(menu).getByRole('button', { name: 'Help & support' }));
    expect(within(menu).getByRole('heading', { name: 'Help & support' })).toBeInTheDocument();
    expect(entries(menu)).toEqual(['Back', 'Help Center', 'Report a problem']);
    expect(within(menu).getByRole('link', { name: 'Support Inbox' })).toHaveAttribute(
      'href',
      '/support',
    );
    await app.user.click(within(menu).getByRole('button', { name: 'Back' }));
    expect(within(menu).getByRole('button', { name: 'Help & support' })).toHaveFocus();
  });

  it('goes into Display & Accessibility: Dark Mode, Compact Mode and Keyboard, and back', async () => {
    const { app, menu } = await openAccountMenu();
    await app.user.click(within(menu).getByRole('button', { name: 'Display and accessibility' }));
    expect(
      within(menu).getByRole('heading', { name: 'Display & Accessibility' }),
    ).toBeInTheDocument();
    const dark = within(menu).getByRole('group', { name: 'Dark Mode' });
    const compact = within(menu).getByRole('group', { name: 'Compact Mode' });
    expect(within(dark).getByRole('radio', { name: 'Off' })).toBeChecked();
    expect(within(compact).getByRole('radio', { name: 'Off' })).toBeChecked();
    expect(within(menu).getByRole('button', { name: 'Keyboard' })).toBeInTheDocument();
    await app.user.click(within(menu).getByRole('button', { name: 'Back' }));
    expect(within(menu).getByRole('button', { name: 'Display and accessibility' })).toHaveFocus();
  });

  it('logs out: the server ends the session, the cookie is cleared and the login screen shows', async () => {
    const { app, server, menu } = await openAccountMenu({
      logout: () => ({ body: { message: SERVER_MESSAGES.loggedOut } }),
    });
    await app.user.click(within(menu).getByRole('button', { name: 'Logout' }));
    await expectLoggedOut(app, server, 'logout');
  });

  it('logs out on this device even when the server cannot end the session', async () => {
    const { app, server, menu } = await openAccountMenu({
      logout: () => ({ status: 500, body: { message: SERVER_MESSAGES.unexpected } }),
    });
    await app.user.click(within(menu).getByRole('button', { name: 'Logout' }));
    await expectLoggedOut(app, server, 'logout');
  });

  it("'Log out of all devices' in Settings & privacy ends every session and logs out here", async () => {
    const { app, server, menu } = await openAccountMenu({
      logoutAll: () => ({ body: { message: SERVER_MESSAGES.loggedOutEverywhere } }),
    });
    await app.user.click(within(menu).getByRole('button', { name: 'Settings & privacy' }));
    await app.user.click(within(menu).getByRole('button', { name: 'Log out of all devices' }));
    await expectLoggedOut(app, server, 'logoutAll');
  });

  it('closes on an outside click, in any view', async () => {
    const { app, menu } = await openAccountMenu();
    await app.user.click(within(menu).getByRole('button', { name: 'Help & support' }));
    await app.user.click(screen.getByRole('heading', { level: 1, name: 'Home' }));
    expect(screen.queryByRole('dialog', { name: 'Account menu' })).not.toBeInTheDocument();
    // It opens again on its main view.
    await app.user.click(screen.getByRole('button', { name: 'Account' }));
    expect(screen.getByRole('button', { name: 'Help & support' })).toBeInTheDocument();
  });

  it('opens from the keyboard, keeps Tab inside, and closes on Escape with focus on its button', async () => {
    stubFeed([]);
    const app = renderApp('/', { user: sessionUser() });
    const button = await screen.findByRole('button', { name: 'Account' });
    button.focus();
    await app.user.keyboard('{Enter}');
    const menu = screen.getByRole('dialog', { name: 'Account menu' });
    expect(button).toHaveAttribute('aria-expanded', 'true');
    const profile = within(menu).getByRole('link', { name: /See your profile/ });
    expect(profile).toHaveFocus();

    await app.user.tab({ shift: true });
    expect(within(menu).getByRole('button', { name: 'Logout' })).toHaveFocus();
    await app.user.tab();
    expect(profile).toHaveFocus();

    await app.user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog', { name: 'Account menu' })).not.toBeInTheDocument();
    expect(button).toHaveFocus();
    expect(button).toHaveAttribute('aria-expanded', 'false');

    await app.user.keyboard(' ');
    expect(screen.getByRole('dialog', { name: 'Account menu' })).toBeInTheDocument();
  });
});

describe('dark mode', () => {
  async function openDisplay() {
    const { app, menu } = await openAccountMenu();
    await app.user.click(within(menu).getByRole('button', { name: 'Display and accessibility' }));
    return { app, dark: within(menu).getByRole('group', { name: 'Dark Mode' }) };
  }

  it('On sets the darkTheme cookie to true and the dark class; Off sets both back', async () => {
    const { app, dark } = await openDisplay();
    await app.user.click(within(dark).getByRole('radio', { name: 'On' }));
    expect(document.documentElement).toHaveClass('dark');
    expect(document.cookie).toContain('darkTheme=true');
    expect(within(dark).getByRole('radio', { name: 'On' })).toBeChecked();

    await app.user.click(within(dark).getByRole('radio', { name: 'Off' }));
    expect(document.documentElement).not.toHaveClass('dark');
    expect(document.cookie).toContain('darkTheme=false');
    expect(within(dark).getByRole('radio', { name: 'Off' })).toBeChecked();
  });

  it('shows On when the cookie says the theme is dark', async () => {
    // biome-ignore lint/suspicious/noDocumentCookie: as a returning member's browser holds it.
    document.cookie = 'darkTheme=true; Path=/';
    const { dark } = await openDisplay();
    expect(within(dark).getByRole('radio', { name: 'On' })).toBeChecked();
  });

  it('can be chosen with the arrow keys', async () => {
    const { app, dark } = await openDisplay();
    within(dark).getByRole('radio', { name: 'Off' }).focus();
    await app.user.keyboard('{ArrowDown}');
    expect(document.cookie).toContain('darkTheme=true');
    expect(document.documentElement).toHaveClass('dark');
  });

  it('leaves the theme alone when Compact Mode is switched (it is inert)', async () => {
    const { app } = await openDisplay();
    const compact = screen.getByRole('group', { name: 'Compact Mode' });
    await app.user.click(within(compact).getByRole('radio', { name: 'On' }));
    expect(document.documentElement).not.toHaveClass('dark');
    expect(document.cookie).not.toContain('darkTheme');
  });
});

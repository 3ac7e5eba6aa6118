import { ROLES } from '@hearth/contract';
import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildAbout } from '../../test/fake-server';
import { stubFeed } from '../../test/feed';
import { sessionUser } from '../../test/fixtures';
import { renderApp } from '../../test/render-app';

describe('the header’s way to the moderation area', () => {
  it.each(ROLES)('shows the Moderation shield to a %s only if staff', async (role) => {
    stubFeed([]);
    renderApp('/', { user: sessionUser({ role }) });
    const header = await screen.findByRole('banner');
    await within(header).findByRole('button', { name: 'Account' });
    const shield = within(header).queryByRole('link', { name: 'Moderation' });
    if (role === 'member') {
      expect(shield).not.toBeInTheDocument();
    } else {
      expect(shield).toHaveAttribute('href', '/admin');
      expect(shield!.querySelector('svg')).toBeInTheDocument();
    }
  });

  it('takes a moderator to the applications', async () => {
    stubFeed([], { applications: () => ({ body: [] }) });
    const app = renderApp('/', { user: sessionUser({ role: 'moderator' }) });
    await app.user.click(await screen.findByRole('link', { name: 'Moderation' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Applications' }),
    ).toBeInTheDocument();
    expect(app.pathname()).toBe('/admin/applications');
    expect(screen.getByRole('link', { name: 'Moderation' })).toHaveAttribute(
      'aria-current',
      'page',
    );
  });
});

describe('Invite friends in the account menu', () => {
  it.each([
    ['invite', true, true],
    ['invite', false, false],
    ['open', true, false],
  ] as const)(
    'sign-up %s, members may invite %s: shown %s',
    async (signupMode, membersMayInvite, shown) => {
      const { calls } = stubFeed([], {
        about: () => ({ body: buildAbout({ signupMode, membersMayInvite }) }),
        invites: () => ({ body: [] }),
      });
      const app = renderApp('/', { user: sessionUser() });
      await app.user.click(await screen.findByRole('button', { name: 'Account' }));
      const menu = screen.getByRole('dialog', { name: 'Account menu' });
      await within(menu).findByRole('button', { name: 'Give us feedback' });
      if (!shown) {
        // The menu reads /about as it opens: look once the app has its answer.
        const about = await waitFor(() => {
          const call = calls.find((entry) => entry.name === 'about');
          expect(call).toBeDefined();
          return call!;
        });
        await act(() => about.read);
        expect(
          within(menu).queryByRole('link', { name: 'Invite friends' }),
        ).not.toBeInTheDocument();
        return;
      }
      await app.user.click(await within(menu).findByRole('link', { name: 'Invite friends' }));
      expect(
        await screen.findByRole('heading', { level: 1, name: 'Invite friends' }),
      ).toBeInTheDocument();
      expect(app.pathname()).toBe('/admin/invites');
    },
  );
});

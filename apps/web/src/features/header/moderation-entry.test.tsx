import { NOTIFICATION_BADGE_MAX, type NotificationType, ROLES } from '@hearth/contract';
import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildAbout } from '../../test/fake-server';
import { installFakeSockets } from '../../test/fake-socket';
import { stubFeed } from '../../test/feed';
import { sessionUser } from '../../test/fixtures';
import { buildNotification } from '../../test/moderation';
import { renderApp } from '../../test/render-app';

describe('the header’s way to the moderation area', () => {
  it.each(ROLES)(
    'shows the Moderation shield to a %s only if staff, no count when none waits',
    async (role) => {
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
    },
  );

  it('takes a moderator to the reports', async () => {
    stubFeed([], { reports: () => ({ body: [] }) });
    const app = renderApp('/', { user: sessionUser({ role: 'moderator' }) });
    await app.user.click(await screen.findByRole('link', { name: 'Moderation' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Reports' })).toBeInTheDocument();
    expect(app.pathname()).toBe('/admin/reports');
    expect(screen.getByRole('link', { name: 'Moderation' })).toHaveAttribute(
      'aria-current',
      'page',
    );
  });
});

describe('the count on the Moderation shield', () => {
  it('adds the open reports and the applications waiting', async () => {
    stubFeed([], { moderationSummary: () => ({ body: { openReports: 3, applications: 2 } }) });
    renderApp('/', { user: sessionUser({ role: 'moderator' }) });
    const shield = await screen.findByRole('link', { name: 'Moderation, 5 waiting' });
    expect(shield).toHaveTextContent('5');
  });

  it(`shows ${NOTIFICATION_BADGE_MAX}+ above ${NOTIFICATION_BADGE_MAX}`, async () => {
    stubFeed([], {
      moderationSummary: () => ({
        body: { openReports: NOTIFICATION_BADGE_MAX, applications: 1 },
      }),
    });
    renderApp('/', { user: sessionUser({ role: 'admin' }) });
    expect(
      await screen.findByRole('link', { name: `Moderation, ${NOTIFICATION_BADGE_MAX}+ waiting` }),
    ).toHaveTextContent(`${NOTIFICATION_BADGE_MAX}+`);
  });

  it('is never asked for a member', async () => {
    const { calls } = stubFeed([]);
    renderApp('/', { user: sessionUser() });
    await screen.findByRole('button', { name: 'Account' });
    expect(calls.some((call) => call.name === 'moderationSummary')).toBe(false);
  });

  it.each(['report', 'application'] as const satisfies readonly NotificationType[])(
    'reads the count again when a %s notification arrives live',
    async (type) => {
      const sockets = installFakeSockets();
      let openReports = 1;
      const { calls } = stubFeed([], {
        moderationSummary: () => ({ body: { openReports, applications: 0 } }),
      });
      renderApp('/', { user: sessionUser({ role: 'moderator' }), fakeTimers: true });
      await screen.findByRole('link', { name: 'Moderation, 1 waiting' });
      await waitFor(() => expect(sockets.live()).toHaveLength(1));
      const socket = sockets.live()[0]!;
      socket.accept();
      socket.deliver({ type: 'ready' });

      openReports = 2;
      const summaries = () => calls.filter((call) => call.name === 'moderationSummary').length;
      const before = summaries();
      socket.deliver({
        type: 'notification',
        payload: { notification: buildNotification({ type }), unreadCount: 1 },
      });
      expect(
        await screen.findByRole('link', { name: 'Moderation, 2 waiting' }),
      ).toBeInTheDocument();
      expect(summaries()).toBe(before + 1);

      // Other notifications leave it be.
      socket.deliver({
        type: 'notification',
        payload: { notification: buildNotification({ type: 'friendRequest' }), unreadCount: 2 },
      });
      await screen.findByRole('button', { name: 'Notifications, 2 new' });
      expect(summaries()).toBe(before + 1);
    },
  );
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

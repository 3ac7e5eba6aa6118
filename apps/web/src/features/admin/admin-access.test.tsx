import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildAbout } from '../../test/fake-server';
import { stubFeed } from '../../test/feed';
import { sessionUser } from '../../test/fixtures';
import { buildModerationSettings } from '../../test/moderation';
import { renderApp } from '../../test/render-app';

/** The server a screen of the area needs, and the home feed for whoever is sent home. */
function stubArea(membersMayInvite = false) {
  return stubFeed([], {
    about: () => ({ body: buildAbout({ signupMode: 'invite', membersMayInvite }) }),
    applications: () => ({ body: [] }),
    reports: () => ({ body: [] }),
    moderationLog: () => ({ body: [] }),
    moderationMembers: () => ({ body: [] }),
    invites: () => ({ body: [] }),
    moderationSettings: () => ({ body: buildModerationSettings() }),
  });
}

const navNames = () =>
  within(screen.getByRole('navigation', { name: 'Moderation' }))
    .getAllByRole('link')
    .map((link) => link.textContent);

describe('who may open the moderation area (/admin)', () => {
  it.each([
    ['member', '/admin'],
    ['member', '/admin/applications'],
    ['member', '/admin/settings'],
    ['member', '/admin/invites'],
    ['member', '/admin/reports'],
    ['member', '/admin/log'],
    ['moderator', '/admin/settings'],
    ['moderator', '/admin/log'],
  ] as const)('sends a %s at %s home, as any unknown address', async (role, path) => {
    const { calls } = stubArea();
    const app = renderApp(path, { user: sessionUser({ role }) });
    expect(await screen.findByRole('heading', { level: 1, name: 'Home' })).toBeInTheDocument();
    expect(app.pathname()).toBe('/');
    // The header's count of what waits is a moderator's; no page of the area was asked for.
    expect(
      calls.some(
        (call) => call.path.startsWith('/moderation/') && call.name !== 'moderationSummary',
      ),
    ).toBe(false);
  });

  it('opens the reports for a moderator, with the pages a moderator may see', async () => {
    stubArea();
    const app = renderApp('/admin', { user: sessionUser({ role: 'moderator' }) });
    expect(await screen.findByRole('heading', { level: 1, name: 'Reports' })).toBeInTheDocument();
    expect(app.pathname()).toBe('/admin/reports');
    expect(navNames()).toEqual(['Reports', 'Applications', 'Members']);
  });

  it('gives an admin every page: reports, applications, members, invites, settings, audit log', async () => {
    stubArea();
    const app = renderApp('/admin/members', { user: sessionUser({ role: 'admin' }) });
    expect(await screen.findByRole('heading', { level: 1, name: 'Members' })).toBeInTheDocument();
    expect(navNames()).toEqual([
      'Reports',
      'Applications',
      'Members',
      'Invites',
      'Settings',
      'Audit log',
    ]);
    await app.user.click(screen.getByRole('link', { name: 'Settings' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Server settings' }),
    ).toBeInTheDocument();
    expect(app.pathname()).toBe('/admin/settings');
  });

  it('lets a member make invites while the admin allows it, without the rest of the area', async () => {
    stubArea(true);
    renderApp('/admin/invites', { user: sessionUser() });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Invite friends' }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Moderation' })).not.toBeInTheDocument();
  });
});

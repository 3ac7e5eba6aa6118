import { SIGNUP_MODE_LABELS } from '@hearth/contract';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildAbout, stubServer } from '../../test/fake-server';
import { stubFeed } from '../../test/feed';
import { sessionUser } from '../../test/fixtures';
import { renderApp } from '../../test/render-app';

const RIVERSIDE = buildAbout({
  name: 'Riverside Commons',
  description: 'A neighbourhood network for the people of Riverside.',
  rules: ['Be kind to each other.', 'No advertising.', 'Keep it local.'],
  privacyPolicy: 'We keep what you post.\nWe never sell it.\n\nAsk us to delete it anytime.',
  signupMode: 'invite',
  membersMayInvite: true,
});

describe('the About page (/about)', () => {
  it('shows a visitor the name, description, who may join, the rules in order and the policy', async () => {
    stubServer({ about: () => ({ body: RIVERSIDE }) });
    renderApp('/about');
    const title = await screen.findByRole('heading', { level: 1, name: 'About Riverside Commons' });
    const page = title.closest('article')!;
    expect(page).toHaveTextContent(RIVERSIDE.description);

    const join = within(page).getByRole('region', { name: 'Who may join' });
    expect(join).toHaveTextContent(SIGNUP_MODE_LABELS.invite.description);
    expect(join).toHaveTextContent('Members can invite their friends.');

    const rules = within(page).getByRole('region', { name: 'Rules' });
    const list = within(rules).getByRole('list');
    expect(list.tagName).toBe('OL');
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(RIVERSIDE.rules);

    const policy = within(page).getByRole('region', { name: 'Privacy policy' });
    // The admin's line breaks are kept as they were written.
    const text = within(policy).getByText(/We keep what you post\./);
    expect(text.textContent).toBe(RIVERSIDE.privacyPolicy);

    // A visitor is offered the way in; no member's header.
    expect(screen.getByRole('link', { name: 'Log In' })).toHaveAttribute('href', '/login');
    expect(screen.queryByRole('button', { name: 'Account' })).not.toBeInTheDocument();
  });

  it('shows a signed-in member the same page inside the app’s layout', async () => {
    stubFeed([], { about: () => ({ body: buildAbout({ signupMode: 'approval' }) }) });
    renderApp('/about', { user: sessionUser() });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'About Hearth' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Who may join' })).toHaveTextContent(
      SIGNUP_MODE_LABELS.approval.description,
    );
    // No rules, no policy written yet: no empty sections.
    expect(screen.queryByRole('region', { name: 'Rules' })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Privacy policy' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Account' })).toBeInTheDocument();
  });
});

import type { MutedList, PublicUser } from '@hearth/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { byParam, type Handlers, stubServer } from '../../test/fake-server';
import { stubFeed } from '../../test/feed';
import { buildProfile, members, sessionUser } from '../../test/fixtures';
import { renderApp } from '../../test/render-app';

/** A member as getMuted lists them, muted `daysAgo` days ago. */
function buildMutedMember(member: PublicUser, daysAgo = 0): MutedList[number] {
  return { ...member, mutedAt: new Date(Date.now() - daysAgo * 24 * 60 * 60_000).toISOString() };
}

/**
 * A server that keeps who Ada muted: getMuted lists them, unmute takes one off (`unmute` in
 * `handlers` answers instead when given).
 */
function stubMuting(muted: MutedList, handlers: Handlers = {}) {
  let list = [...muted];
  const unmute = byParam(
    'id',
    Object.fromEntries(
      muted.map((member) => [
        member._id,
        () => {
          list = list.filter((entry) => entry._id !== member._id);
          return { body: 'ok' };
        },
      ]),
    ),
  );
  return stubServer({ getMuted: () => ({ body: list }), unmute, ...handlers });
}

const mutedList = () => screen.getByRole('list', { name: 'Muted members' });
const rowNames = () =>
  within(mutedList())
    .getAllByRole('listitem')
    .map((row) => within(row).getByRole('link').textContent);

describe('Settings & privacy → Muted', () => {
  it('is reached from the account menu and lists the muted members, most recent first', async () => {
    stubFeed([], {
      getMuted: () => ({
        body: [buildMutedMember(members.alanTuring, 0), buildMutedMember(members.barbaraLiskov, 3)],
      }),
    });
    const app = renderApp('/', { user: sessionUser() });
    await app.user.click(await screen.findByRole('button', { name: 'Account' }));
    const menu = screen.getByRole('dialog', { name: 'Account menu' });
    await app.user.click(within(menu).getByRole('button', { name: 'Settings & privacy' }));
    await app.user.click(within(menu).getByRole('link', { name: 'Muted' }));

    expect(app.pathname()).toBe('/settings/muted');
    expect(await screen.findByRole('heading', { level: 1, name: 'Muted' })).toBeInTheDocument();
    await screen.findByRole('list', { name: 'Muted members' });
    expect(rowNames()).toEqual(['Alan Turing', 'Barbara Liskov']);
    const [alan, barbara] = within(mutedList()).getAllByRole('listitem');
    expect(alan).toHaveTextContent('Muted just now');
    expect(barbara).toHaveTextContent('Muted 3 days ago');
    expect(alan!.querySelector('img')).toHaveAttribute('src', members.alanTuring.picture);
    expect(within(alan!).getByRole('link', { name: 'Alan Turing' })).toHaveAttribute(
      'href',
      `/profile/${members.alanTuring.username}`,
    );
    expect(within(alan!).getByRole('button', { name: 'Unmute Alan Turing' })).toHaveTextContent(
      'Unmute',
    );
  });

  it('unmutes one member at a time: the call, the row gone, focus on the next Unmute', async () => {
    const { calls } = stubMuting([
      buildMutedMember(members.alanTuring, 0),
      buildMutedMember(members.barbaraLiskov, 1),
    ]);
    const app = renderApp('/settings/muted', { user: sessionUser() });
    await screen.findByRole('list', { name: 'Muted members' });

    await app.user.click(screen.getByRole('button', { name: 'Unmute Alan Turing' }));
    await waitFor(() => expect(rowNames()).toEqual(['Barbara Liskov']));
    expect(calls.filter((call) => call.name === 'unmute')).toMatchObject([
      { method: 'PUT', params: { id: members.alanTuring._id } },
    ]);
    expect(screen.getByRole('button', { name: 'Unmute Barbara Liskov' })).toHaveFocus();

    await app.user.click(screen.getByRole('button', { name: 'Unmute Barbara Liskov' }));
    expect(await screen.findByText("You haven't muted anyone.")).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Muted members' })).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Muted' })).toHaveFocus();
    expect(calls.filter((call) => call.name === 'unmute').map((call) => call.params.id)).toEqual([
      members.alanTuring._id,
      members.barbaraLiskov._id,
    ]);
  });

  it('says so when no one is muted', async () => {
    stubMuting([]);
    renderApp('/settings/muted', { user: sessionUser() });
    expect(await screen.findByText("You haven't muted anyone.")).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Unmute/ })).not.toBeInTheDocument();
  });

  it('opens a muted member’s profile from their name', async () => {
    const alan = members.alanTuring;
    stubMuting([buildMutedMember(alan, 0)], {
      getProfile: () => ({ body: buildProfile({ ...alan, muted: true }) }),
      listImages: () => ({ body: { resources: [], total_count: 0 } }),
    });
    const app = renderApp('/settings/muted', { user: sessionUser() });
    await app.user.click(await screen.findByRole('link', { name: 'Alan Turing' }));
    expect(app.pathname()).toBe(`/profile/${alan.username}`);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Alan Turing' }),
    ).toBeInTheDocument();
  });

  it('keeps the row and says why when the server refuses to unmute', async () => {
    stubMuting([buildMutedMember(members.alanTuring, 0)], {
      unmute: () => ({ status: 500, body: { message: 'Something went wrong.' } }),
    });
    const app = renderApp('/settings/muted', { user: sessionUser() });
    await app.user.click(await screen.findByRole('button', { name: 'Unmute Alan Turing' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong.');
    expect(rowNames()).toEqual(['Alan Turing']);
  });
});

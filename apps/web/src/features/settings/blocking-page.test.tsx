import type { BlockedList } from '@hearth/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { byParam, type Handlers, stubServer } from '../../test/fake-server';
import { stubFeed } from '../../test/feed';
import { buildBlockedMember, members, sessionUser } from '../../test/fixtures';
import { renderApp } from '../../test/render-app';

/**
 * A server that keeps who Ada blocked: getBlocked lists them, unblock takes one off (`unblock`
 * in `handlers` answers instead when given).
 */
function stubBlocking(blocked: BlockedList, handlers: Handlers = {}) {
  let list = [...blocked];
  const unblock = byParam(
    'id',
    Object.fromEntries(
      blocked.map((member) => [
        member._id,
        () => {
          list = list.filter((entry) => entry._id !== member._id);
          return { body: 'ok' };
        },
      ]),
    ),
  );
  return stubServer({ getBlocked: () => ({ body: list }), unblock, ...handlers });
}

const rowNames = () =>
  within(screen.getByRole('list', { name: 'Blocked members' }))
    .getAllByRole('listitem')
    .map((row) => row.querySelector('span')?.textContent);

describe('Settings & privacy → Blocking', () => {
  it('is reached from the account menu and lists the blocked members, most recent first', async () => {
    stubFeed([], {
      getBlocked: () => ({
        body: [
          buildBlockedMember(members.alanTuring, 0),
          buildBlockedMember(members.barbaraLiskov, 3),
        ],
      }),
    });
    const app = renderApp('/', { user: sessionUser() });
    await app.user.click(await screen.findByRole('button', { name: 'Account' }));
    const menu = screen.getByRole('dialog', { name: 'Account menu' });
    await app.user.click(within(menu).getByRole('button', { name: 'Settings & privacy' }));
    const entry = within(menu).getByRole('link', { name: 'Blocking' });
    expect(entry).toHaveAttribute('href', '/settings/blocking');
    await app.user.click(entry);

    expect(app.pathname()).toBe('/settings/blocking');
    expect(screen.queryByRole('dialog', { name: 'Account menu' })).not.toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 1, name: 'Blocking' })).toBeInTheDocument();
    await screen.findByRole('list', { name: 'Blocked members' });
    expect(rowNames()).toEqual(['Alan Turing', 'Barbara Liskov']);
    const [alan, barbara] = within(
      screen.getByRole('list', { name: 'Blocked members' }),
    ).getAllByRole('listitem');
    expect(alan).toHaveTextContent('Blocked just now');
    expect(barbara).toHaveTextContent('Blocked 3 days ago');
    expect(alan!.querySelector('img')).toHaveAttribute('src', members.alanTuring.picture);
    expect(within(alan!).getByRole('button', { name: 'Unblock Alan Turing' })).toHaveTextContent(
      'Unblock',
    );
  });

  it('unblocks one member at a time: the call, the row gone, focus on the next Unblock', async () => {
    const { calls } = stubBlocking([
      buildBlockedMember(members.alanTuring, 0),
      buildBlockedMember(members.barbaraLiskov, 1),
    ]);
    const app = renderApp('/settings/blocking', { user: sessionUser() });
    await screen.findByRole('list', { name: 'Blocked members' });

    await app.user.click(screen.getByRole('button', { name: 'Unblock Alan Turing' }));
    await waitFor(() => expect(rowNames()).toEqual(['Barbara Liskov']));
    expect(calls.filter((call) => call.name === 'unblock')).toMatchObject([
      { method: 'PUT', params: { id: members.alanTuring._id } },
    ]);
    expect(screen.getByRole('button', { name: 'Unblock Barbara Liskov' })).toHaveFocus();

    await app.user.click(screen.getByRole('button', { name: 'Unblock Barbara Liskov' }));
    expect(await screen.findByText("You haven't blocked anyone.")).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Blocked members' })).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Blocking' })).toHaveFocus();
    expect(calls.filter((call) => call.name === 'unblock').map((call) => call.params.id)).toEqual([
      members.alanTuring._id,
      members.barbaraLiskov._id,
    ]);
  });

  it('says so when no one is blocked', async () => {
    stubBlocking([]);
    renderApp('/settings/blocking', { user: sessionUser() });
    expect(await screen.findByText("You haven't blocked anyone.")).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Unblock/ })).not.toBeInTheDocument();
  });

  it('keeps the row and says why when the server refuses to unblock', async () => {
    stubBlocking([buildBlockedMember(members.alanTuring, 0)], {
      unblock: () => ({ status: 500, body: { message: 'Something went wrong.' } }),
    });
    const app = renderApp('/settings/blocking', { user: sessionUser() });
    await app.user.click(await screen.findByRole('button', { name: 'Unblock Alan Turing' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong.');
    expect(rowNames()).toEqual(['Alan Turing']);
  });
});

import type { FriendsPage } from '@hearth/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { byParam, deferred, type FakeAnswer, type Handlers } from '../../test/fake-server';
import { buildMember, members } from '../../test/fixtures';
import { afterAnswer, renderAsAda, takeTheClock } from '../../test/render-app';
import { FRIENDS_HOME_CARDS } from './friends-page';

const { graceHopper: grace, alanTuring: alan, linusTorvalds: linus } = members;
const { barbaraLiskov: barbara, edsgerDijkstra: edsger } = members;

function lists(overrides: Partial<FriendsPage> = {}): FriendsPage {
  return { requests: [grace, alan], sentRequests: [linus], friends: [barbara], ...overrides };
}

/** The friends page at `path`, the server answering getFriendsPageInfos with `answers` in turn. */
function renderFriends(path: string, answers: FriendsPage[], handlers: Handlers = {}) {
  let reads = 0;
  const app = renderAsAda(path, {
    getFriendsPageInfos: () => {
      const body = answers[Math.min(reads, answers.length - 1)];
      reads += 1;
      return { body };
    },
    ...handlers,
  });
  return { ...app, pageReads: () => app.callsTo('getFriendsPageInfos').length };
}

const section = (name: string) => screen.getByRole('region', { name });
const cardNames = (name: string) =>
  within(section(name))
    .queryAllByRole('listitem')
    .map((card) => within(card).getByRole('link').textContent);

describe('the friends page', () => {
  it('shows a skeleton while loading, then the three lists', async () => {
    const answer = deferred<FakeAnswer>();
    renderAsAda('/friends', { getFriendsPageInfos: () => answer.promise });
    expect(await screen.findByRole('status', { name: 'Loading friends' })).toBeInTheDocument();
    answer.resolve({ body: lists() });
    await screen.findByRole('region', { name: 'Friend Requests' });
    expect(screen.queryByRole('status', { name: 'Loading friends' })).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Friends' })).toBeInTheDocument();
    expect(cardNames('Friend Requests')).toEqual(['Grace Hopper', 'Alan Turing']);
    expect(cardNames('Sent Requests')).toEqual(['Linus Torvalds']);
    expect(cardNames('All Friends')).toEqual(['Barbara Liskov']);
    expect(within(section('Friend Requests')).getByText('2 requests')).toBeInTheDocument();
    expect(within(section('All Friends')).getByText('1 friend')).toBeInTheDocument();
  });

  it('links each card to the profile, with the picture and name', async () => {
    renderFriends('/friends', [lists()]);
    const link = await screen.findByRole('link', { name: 'Grace Hopper' });
    expect(link).toHaveAttribute('href', '/profile/gracehopper');
    const picture = link.querySelector('img');
    expect(picture).toHaveAttribute('src', grace.picture);
    // The name beside it already says who it is.
    expect(picture).toHaveAttribute('alt', '');
  });

  it("gives each home section a 'See all' link to its own page", async () => {
    renderFriends('/friends', [lists()]);
    await screen.findByRole('region', { name: 'Friend Requests' });
    expect(screen.getByRole('link', { name: 'See all friend requests' })).toHaveAttribute(
      'href',
      '/friends/requests',
    );
    expect(screen.getByRole('link', { name: 'See all sent requests' })).toHaveAttribute(
      'href',
      '/friends/sent',
    );
    expect(screen.getByRole('link', { name: 'See all friends' })).toHaveAttribute(
      'href',
      '/friends/all',
    );
  });

  it(`shows the first ${FRIENDS_HOME_CARDS} cards of a list on the home page, all of them on its own page`, async () => {
    const many = Array.from({ length: FRIENDS_HOME_CARDS + 3 }, (_, i) =>
      buildMember('Friend', `Number${String.fromCharCode(97 + i)}`),
    );
    const app = renderFriends('/friends', [lists({ friends: many })]);
    await screen.findByRole('region', { name: 'All Friends' });
    expect(cardNames('All Friends')).toHaveLength(FRIENDS_HOME_CARDS);
    expect(within(section('All Friends')).getByText(`${many.length} friends`)).toBeInTheDocument();
    await app.user.click(screen.getByRole('link', { name: 'See all friends' }));
    expect(app.pathname()).toBe('/friends/all');
    await waitFor(() => expect(cardNames('All Friends')).toHaveLength(many.length));
  });

  it.each([
    ['/friends/requests', 'Friend Requests'],
    ['/friends/sent', 'Sent Requests'],
    ['/friends/all', 'All Friends'],
  ])('shows only its own list at %s', async (path, title) => {
    renderFriends(path, [lists()]);
    expect(await screen.findByRole('region', { name: title })).toBeInTheDocument();
    expect(screen.getAllByRole('region')).toHaveLength(1);
    expect(screen.queryByRole('link', { name: /^See all/ })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: title })).toHaveAttribute('aria-current', 'page');
  });

  it('sends any other type to /friends', async () => {
    const app = renderFriends('/friends/blocked', [lists()]);
    await screen.findByRole('region', { name: 'Friend Requests' });
    expect(app.pathname()).toBe('/friends');
    const menu = screen.getByRole('navigation', { name: 'Friends' });
    expect(within(menu).getByRole('link', { name: 'Home' })).toHaveAttribute(
      'aria-current',
      'page',
    );
  });

  it('has the menu of the spec, with its inert entries still reachable', async () => {
    renderFriends('/friends', [lists()]);
    const menu = await screen.findByRole('navigation', { name: 'Friends' });
    const links = within(menu)
      .getAllByRole('link')
      .map((link) => [link.textContent, link.getAttribute('href')]);
    expect(links).toEqual([
      ['Home', '/friends'],
      ['Friend Requests', '/friends/requests'],
      ['Sent Requests', '/friends/sent'],
      ['All Friends', '/friends/all'],
    ]);
    for (const name of ['Suggestions', 'Birthdays', 'Custom Lists']) {
      const entry = within(menu).getByRole('button', { name });
      expect(entry).toHaveAttribute('aria-disabled', 'true');
      expect(entry).not.toBeDisabled();
    }
  });

  it("highlights the header's friends icon", async () => {
    renderFriends('/friends/sent', [lists()]);
    await screen.findByRole('region', { name: 'Sent Requests' });
    const main = screen.getByRole('navigation', { name: 'Main' });
    expect(within(main).getByRole('link', { name: 'Friends' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(within(main).getByRole('link', { name: 'Home' })).not.toHaveAttribute('aria-current');
  });

  it('reads well when every list is empty', async () => {
    renderFriends('/friends', [{ requests: [], sentRequests: [], friends: [] }]);
    expect(await screen.findByText('No friend requests')).toBeInTheDocument();
    expect(screen.getByText('No sent requests')).toBeInTheDocument();
    expect(screen.getByText('No friends yet')).toBeInTheDocument();
    for (const name of ['Friend Requests', 'Sent Requests', 'All Friends']) {
      expect(within(section(name)).queryByRole('list')).not.toBeInTheDocument();
    }
    expect(screen.queryByRole('button', { name: /^Confirm/ })).not.toBeInTheDocument();
  });

  it('shows a failure with Try again, which asks again', async () => {
    let fail = true;
    const app = renderFriends('/friends', [], {
      getFriendsPageInfos: () =>
        fail ? { status: 429, body: { message: 'Too many requests.' } } : { body: lists() },
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many requests.');
    fail = false;
    await app.user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('region', { name: 'Friend Requests' })).toBeInTheDocument();
  });
});

describe('answering requests from the friends page', () => {
  it('confirms a request at once, then sends it, then reads the lists again', async () => {
    const accepted = deferred<FakeAnswer>();
    const app = renderFriends(
      '/friends',
      [lists(), lists({ requests: [alan], friends: [grace, barbara] })],
      { acceptRequest: byParam('id', { [grace._id]: () => accepted.promise }) },
    );
    await screen.findByRole('region', { name: 'Friend Requests' });
    await app.user.click(screen.getByRole('button', { name: 'Confirm request from Grace Hopper' }));

    // Before the server answers: the card moved from the requests to the friends.
    expect(cardNames('Friend Requests')).toEqual(['Alan Turing']);
    expect(cardNames('All Friends')).toEqual(['Grace Hopper', 'Barbara Liskov']);
    expect(
      app.calls.some((call) => call.name === 'acceptRequest' && call.params.id === grace._id),
    ).toBe(true);
    expect(app.pageReads()).toBe(1);
    expect(screen.getByRole('status')).toHaveTextContent('You and Grace Hopper are now friends.');
    // Focus goes to the next card's first button, not to the top of the page.
    expect(screen.getByRole('button', { name: 'Confirm request from Alan Turing' })).toHaveFocus();

    accepted.resolve({ body: 'ok' });
    await waitFor(() => expect(app.pageReads()).toBe(2));
    expect(cardNames('All Friends')).toEqual(['Grace Hopper', 'Barbara Liskov']);
  });

  it('deletes a request at once', async () => {
    const deleted = deferred<FakeAnswer>();
    const app = renderFriends('/friends/requests', [lists(), lists({ requests: [alan] })], {
      deleteRequest: byParam('id', { [grace._id]: () => deleted.promise }),
    });
    await screen.findByRole('region', { name: 'Friend Requests' });
    await app.user.click(screen.getByRole('button', { name: 'Delete request from Grace Hopper' }));
    expect(cardNames('Friend Requests')).toEqual(['Alan Turing']);
    deleted.resolve({ body: 'ok' });
    await waitFor(() => expect(app.pageReads()).toBe(2));
    expect(cardNames('Friend Requests')).toEqual(['Alan Turing']);
  });

  it('cancels a sent request at once, then shows the empty list', async () => {
    const cancelled = deferred<FakeAnswer>();
    const app = renderFriends('/friends/sent', [lists(), lists({ sentRequests: [] })], {
      cancelFriendRequest: byParam('id', { [linus._id]: () => cancelled.promise }),
    });
    await screen.findByRole('region', { name: 'Sent Requests' });
    await app.user.click(screen.getByRole('button', { name: 'Cancel Request to Linus Torvalds' }));
    expect(screen.getByText('No sent requests')).toBeInTheDocument();
    // The last card gone, focus rests on the list's heading.
    expect(screen.getByRole('heading', { name: 'Sent Requests' })).toHaveFocus();
    cancelled.resolve({ body: 'ok' });
    await waitFor(() => expect(app.pageReads()).toBe(2));
    expect(screen.getByText('No sent requests')).toBeInTheDocument();
  });

  it('shows the truth again when the server refuses', async () => {
    const app = renderFriends('/friends/requests', [lists(), lists()], {
      acceptRequest: byParam('id', {
        [grace._id]: () => ({ status: 404, body: { message: 'No such member.' } }),
      }),
    });
    await screen.findByRole('region', { name: 'Friend Requests' });
    await app.user.click(screen.getByRole('button', { name: 'Confirm request from Grace Hopper' }));
    await waitFor(() => expect(app.pageReads()).toBe(2));
    await waitFor(() =>
      expect(cardNames('Friend Requests')).toEqual(['Grace Hopper', 'Alan Turing']),
    );
  });

  it('keeps two quick answers applied while both are on their way', async () => {
    const first = deferred<FakeAnswer>();
    const second = deferred<FakeAnswer>();
    const app = renderFriends(
      '/friends/requests',
      [lists({ requests: [grace, alan, edsger] }), lists({ requests: [edsger] })],
      {
        deleteRequest: byParam('id', {
          [grace._id]: () => first.promise,
          [alan._id]: () => second.promise,
        }),
      },
    );
    await screen.findByRole('region', { name: 'Friend Requests' });
    const person = takeTheClock();
    await person.click(screen.getByRole('button', { name: 'Delete request from Grace Hopper' }));
    await person.click(screen.getByRole('button', { name: 'Delete request from Alan Turing' }));
    expect(cardNames('Friend Requests')).toEqual(['Edsger Dijkstra']);
    // The first answer lands while the second is still out: no read that would bring Alan back.
    first.resolve({ body: 'ok' });
    await afterAnswer(
      app.calls.find((call) => call.name === 'deleteRequest' && call.params.id === grace._id),
      1000,
    );
    expect(app.pageReads()).toBe(1);
    expect(cardNames('Friend Requests')).toEqual(['Edsger Dijkstra']);
    second.resolve({ body: 'ok' });
    await waitFor(() => expect(app.pageReads()).toBe(2));
  });
});

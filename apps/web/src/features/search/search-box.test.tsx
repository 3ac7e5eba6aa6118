import type { PublicUser, SearchHistoryEntry } from '@hearth/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  byParam,
  deferred,
  type FakeAnswer,
  type Handler,
  type Handlers,
} from '../../test/fake-server';
import { buildHistoryEntry, buildProfile, members } from '../../test/fixtures';
import { afterAnswer, letTimePass, renderAsAda, takeTheClock } from '../../test/render-app';

const { adaByron, alanTuring, graceHopper, linusTorvalds } = members;

/** The home screen (an empty feed) with the search calls a test answers. */
function renderHome(handlers: Handlers, history: SearchHistoryEntry[] = []) {
  const app = renderAsAda('/', {
    feed: () => ({ body: [] }),
    getSearchHistory: () => ({ body: history }),
    addToSearchHistory: () => ({ body: 'ok' }),
    getProfile: byParam('username', { gracehopper: () => ({ body: buildProfile() }) }),
    listImages: () => ({ body: { resources: [], total_count: 0 } }),
    ...handlers,
  });
  return {
    ...app,
    searchCalls: () => app.callsTo('search'),
    historyReads: () => app.callsTo('getSearchHistory'),
  };
}

const answer = (found: PublicUser[]): FakeAnswer => ({ body: found });
/** The search call answering each term (the path's decoded parameter) its own way. */
const searches = (byTerm: Record<string, Handler>): Handlers => ({
  search: byParam('searchTerm', byTerm),
});
const searchBox = () => screen.getByRole('combobox', { name: 'Search Hearth' });
const results = () => screen.queryByRole('listbox', { name: 'Search results' });
const optionNames = (listbox: HTMLElement) =>
  within(listbox)
    .getAllByRole('option')
    .map((option) => option.textContent);

describe('the header search box', () => {
  it('is a named, focusable combobox that opens the panel with the recent searches', async () => {
    const app = renderHome({}, [buildHistoryEntry(graceHopper, 1), buildHistoryEntry(adaByron, 9)]);
    const box = await screen.findByRole('combobox', { name: 'Search Hearth' });
    expect(box).toHaveAttribute('placeholder', 'Search Hearth');
    expect(screen.queryByRole('heading', { name: 'Recent searches' })).not.toBeInTheDocument();

    await app.user.click(box);
    expect(box).toHaveFocus();
    expect(screen.getByRole('heading', { name: 'Recent searches' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Edit' })).toBeInTheDocument();
    const history = await screen.findByRole('listbox', { name: 'Recent searches' });
    expect(optionNames(history)).toEqual(['Grace Hopper', 'Ada Byron']);
    expect(box).toHaveAttribute('aria-expanded', 'true');
    expect(box).toHaveAttribute('aria-controls', history.id);
    expect(
      screen.getByRole('button', { name: 'Remove Grace Hopper from recent searches' }),
    ).toBeInTheDocument();
  });

  it('reads the history again each time the panel opens', async () => {
    const app = renderHome({}, [buildHistoryEntry(graceHopper)]);
    await app.user.click(await screen.findByRole('combobox', { name: 'Search Hearth' }));
    await screen.findByRole('listbox', { name: 'Recent searches' });
    expect(app.historyReads()).toHaveLength(1);

    await app.user.keyboard('{Escape}');
    expect(screen.queryByRole('heading', { name: 'Recent searches' })).not.toBeInTheDocument();
    await app.user.click(searchBox());
    await waitFor(() => expect(app.historyReads()).toHaveLength(2));
  });

  it('says so when there are no recent searches', async () => {
    const app = renderHome({}, []);
    await app.user.click(await screen.findByRole('combobox', { name: 'Search Hearth' }));
    expect(await screen.findByText('No recent searches')).toBeInTheDocument();
    expect(searchBox()).toHaveAttribute('aria-expanded', 'false');
  });
});

describe('searching', () => {
  it('asks on each key release and aborts the request it replaces: only the last answer shows', async () => {
    const byTerm = {
      a: deferred<FakeAnswer>(),
      ad: deferred<FakeAnswer>(),
      ada: deferred<FakeAnswer>(),
    };
    const app = renderHome(
      searches({
        a: () => byTerm.a.promise,
        ad: () => byTerm.ad.promise,
        ada: () => byTerm.ada.promise,
      }),
    );
    const box = await screen.findByRole('combobox', { name: 'Search Hearth' });
    const person = takeTheClock();
    await person.click(box);
    await person.keyboard('a');
    // No pause needed: the key release itself sends the term.
    expect(app.searchCalls().map((call) => call.params.searchTerm)).toEqual(['a']);
    await person.keyboard('d');
    await person.keyboard('a');
    const sent = app.searchCalls();
    expect(sent.map((call) => call.params.searchTerm)).toEqual(['a', 'ad', 'ada']);
    expect(sent.map((call) => call.method)).toEqual(['POST', 'POST', 'POST']);
    expect(sent.map((call) => call.signal?.aborted)).toEqual([true, true, false]);

    // The replaced requests' answers come anyway, even after the last one: they never show.
    byTerm.ada.resolve(answer([adaByron]));
    byTerm.a.resolve(answer([alanTuring, graceHopper]));
    byTerm.ad.resolve(answer([graceHopper]));
    const listbox = await screen.findByRole('listbox', { name: 'Search results' });
    expect(optionNames(listbox)).toEqual(['Ada Byron']);
    await letTimePass(50);
    expect(optionNames(screen.getByRole('listbox', { name: 'Search results' }))).toEqual([
      'Ada Byron',
    ]);
    // The history gives way to the results.
    expect(screen.queryByRole('heading', { name: 'Recent searches' })).not.toBeInTheDocument();
  });

  it('encodes the term into the path, with outer spaces dropped', async () => {
    const app = renderHome(searches({ 'ada b': () => answer([adaByron]) }));
    await app.user.click(await screen.findByRole('combobox', { name: 'Search Hearth' }));
    await app.user.paste('  ada   b ');
    await screen.findByRole('option', { name: 'Ada Byron' });
    expect(app.searchCalls().map((call) => call.params.searchTerm)).toEqual(['ada b']);
  });

  it('clears the results at once for an empty input and sends nothing for it', async () => {
    const app = renderHome(searches({ al: () => answer([alanTuring]) }), [
      buildHistoryEntry(graceHopper),
    ]);
    await app.user.click(await screen.findByRole('combobox', { name: 'Search Hearth' }));
    await app.user.keyboard('al');
    await screen.findByRole('option', { name: 'Alan Turing' });
    const callsSoFar = app.searchCalls().length;

    await app.user.clear(searchBox());
    expect(results()).not.toBeInTheDocument();
    expect(screen.queryByRole('option', { name: 'Alan Turing' })).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Recent searches' })).toBeInTheDocument();

    // Spaces only are an empty input too: nothing is sent for them, even a second later.
    const person = takeTheClock();
    await person.keyboard('   ');
    await letTimePass(1000);
    expect(results()).not.toBeInTheDocument();
    expect(screen.getByRole('listbox', { name: 'Recent searches' })).toBeInTheDocument();
    expect(app.searchCalls()).toHaveLength(callsSoFar);
  });

  it('drops an answer that arrives after the input was emptied', async () => {
    const late = deferred<FakeAnswer>();
    const app = renderHome(searches({ gr: () => late.promise }));
    await app.user.click(await screen.findByRole('combobox', { name: 'Search Hearth' }));
    await app.user.paste('gr');
    await waitFor(() => expect(app.searchCalls()).toHaveLength(1));
    const person = takeTheClock();
    await person.clear(searchBox());
    late.resolve(answer([graceHopper]));
    await afterAnswer(app.searchCalls()[0], 1000);
    expect(screen.queryByRole('option', { name: 'Grace Hopper' })).not.toBeInTheDocument();
    expect(results()).not.toBeInTheDocument();
  });

  it('never lets an older answer arriving last replace the newer one', async () => {
    const older = deferred<FakeAnswer>();
    const newer = deferred<FakeAnswer>();
    const app = renderHome(
      searches({
        a: () => older.promise,
        al: () => newer.promise,
      }),
    );
    await app.user.click(await screen.findByRole('combobox', { name: 'Search Hearth' }));
    await app.user.keyboard('a');
    await waitFor(() => expect(app.searchCalls()).toHaveLength(1));
    await app.user.keyboard('l');
    await waitFor(() => expect(app.searchCalls()).toHaveLength(2));

    newer.resolve(answer([alanTuring]));
    const listbox = await screen.findByRole('listbox', { name: 'Search results' });
    expect(optionNames(listbox)).toEqual(['Alan Turing']);

    const person = takeTheClock();
    older.resolve(answer([adaByron, alanTuring]));
    await afterAnswer(app.searchCalls()[0], 1000);
    expect(optionNames(screen.getByRole('listbox', { name: 'Search results' }))).toEqual([
      'Alan Turing',
    ]);

    // The request for 'a' was aborted when 'al' replaced it: going back to 'a' asks again.
    expect(app.searchCalls()[0]?.signal?.aborted).toBe(true);
    await person.keyboard('{Backspace}');
    await screen.findByRole('option', { name: 'Ada Byron' });
    expect(app.searchCalls()).toHaveLength(3);
  });

  it('says when nobody matches', async () => {
    const app = renderHome(searches({ zz: () => answer([]) }));
    await app.user.click(await screen.findByRole('combobox', { name: 'Search Hearth' }));
    await app.user.keyboard('zz');
    expect(await screen.findByText('No results for “zz”')).toBeInTheDocument();
  });
});

describe('choosing a member', () => {
  it('records a clicked result and opens their profile, closing the panel', async () => {
    const app = renderHome(searches({ gra: () => answer([graceHopper]) }));
    await app.user.click(await screen.findByRole('combobox', { name: 'Search Hearth' }));
    await app.user.keyboard('gra');
    await app.user.click(await screen.findByRole('option', { name: 'Grace Hopper' }));

    expect(app.pathname()).toBe('/profile/gracehopper');
    const record = app.calls.find((call) => call.name === 'addToSearchHistory');
    expect(record?.method).toBe('PUT');
    expect(record?.body).toEqual({ searchUser: graceHopper._id });
    expect(results()).not.toBeInTheDocument();
    expect(searchBox()).toHaveValue('');
    expect(searchBox()).toHaveAttribute('aria-expanded', 'false');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Grace Hopper' }),
    ).toBeInTheDocument();
  });

  it('records a clicked history entry and opens that profile', async () => {
    const app = renderHome({}, [buildHistoryEntry(adaByron), buildHistoryEntry(graceHopper, 5)]);
    await app.user.click(await screen.findByRole('combobox', { name: 'Search Hearth' }));
    await app.user.click(await screen.findByRole('option', { name: 'Grace Hopper' }));
    expect(app.pathname()).toBe('/profile/gracehopper');
    expect(app.calls.find((call) => call.name === 'addToSearchHistory')?.body).toEqual({
      searchUser: graceHopper._id,
    });
    expect(screen.queryByRole('heading', { name: 'Recent searches' })).not.toBeInTheDocument();
  });

  it('puts the chosen member on top of the history at once', async () => {
    const recorded = deferred<FakeAnswer>();
    const app = renderHome({ addToSearchHistory: () => recorded.promise }, [
      buildHistoryEntry(adaByron),
      buildHistoryEntry(graceHopper, 5),
    ]);
    await app.user.click(await screen.findByRole('combobox', { name: 'Search Hearth' }));
    await app.user.click(await screen.findByRole('option', { name: 'Grace Hopper' }));
    await app.user.click(searchBox());
    expect(optionNames(screen.getByRole('listbox', { name: 'Recent searches' }))).toEqual([
      'Grace Hopper',
      'Ada Byron',
    ]);
    recorded.resolve({ body: 'ok' });
  });
});

describe('removing a recent search', () => {
  it('removes the entry at once, then reads the history again', async () => {
    const removed = deferred<FakeAnswer>();
    let history = [buildHistoryEntry(graceHopper), buildHistoryEntry(adaByron, 3)];
    const app = renderHome({
      getSearchHistory: () => ({ body: history }),
      removeFromSearch: () => removed.promise,
    });
    await app.user.click(await screen.findByRole('combobox', { name: 'Search Hearth' }));
    await screen.findByRole('listbox', { name: 'Recent searches' });
    await app.user.click(
      screen.getByRole('button', { name: 'Remove Grace Hopper from recent searches' }),
    );

    // Gone before the server answers; the panel stays open.
    expect(optionNames(screen.getByRole('listbox', { name: 'Recent searches' }))).toEqual([
      'Ada Byron',
    ]);
    const call = app.calls.find((c) => c.name === 'removeFromSearch');
    expect(call?.method).toBe('PUT');
    expect(call?.body).toEqual({ searchUser: graceHopper._id });
    expect(app.historyReads()).toHaveLength(1);

    history = [buildHistoryEntry(adaByron, 3)];
    removed.resolve({ body: 'ok' });
    await waitFor(() => expect(app.historyReads()).toHaveLength(2));
    // Focus moves to the remove button that took the removed one's place.
    await waitFor(() =>
      expect(
        screen.getByRole('button', { name: 'Remove Ada Byron from recent searches' }),
      ).toHaveFocus(),
    );
  });
});

describe('the keyboard', () => {
  it('moves through the results with the arrows and opens the active one with Enter', async () => {
    const app = renderHome(
      searches({
        a: () => answer([adaByron, alanTuring, graceHopper]),
      }),
    );
    await app.user.click(await screen.findByRole('combobox', { name: 'Search Hearth' }));
    await app.user.keyboard('a');
    const listbox = await screen.findByRole('listbox', { name: 'Search results' });
    const [first, second, third] = within(listbox).getAllByRole('option');
    const box = searchBox();
    expect(box).not.toHaveAttribute('aria-activedescendant');

    await app.user.keyboard('{ArrowDown}');
    expect(box).toHaveAttribute('aria-activedescendant', first?.id);
    expect(first).toHaveAttribute('aria-selected', 'true');
    await app.user.keyboard('{ArrowDown}');
    expect(box).toHaveAttribute('aria-activedescendant', second?.id);
    expect(first).toHaveAttribute('aria-selected', 'false');
    await app.user.keyboard('{ArrowUp}{ArrowUp}');
    // Up from the first wraps to the last.
    expect(box).toHaveAttribute('aria-activedescendant', third?.id);
    expect(box).toHaveFocus();

    await app.user.keyboard('{Enter}');
    expect(app.pathname()).toBe('/profile/gracehopper');
    expect(app.calls.find((call) => call.name === 'addToSearchHistory')?.body).toEqual({
      searchUser: graceHopper._id,
    });
  });

  it('moves through the recent searches when nothing is typed', async () => {
    const app = renderHome({}, [buildHistoryEntry(linusTorvalds), buildHistoryEntry(graceHopper)]);
    await app.user.click(await screen.findByRole('combobox', { name: 'Search Hearth' }));
    const history = await screen.findByRole('listbox', { name: 'Recent searches' });
    await app.user.keyboard('{ArrowDown}{ArrowDown}');
    const active = within(history).getByRole('option', { selected: true });
    expect(active).toHaveTextContent('Grace Hopper');
    expect(searchBox()).toHaveAttribute('aria-activedescendant', active.id);
    await app.user.keyboard('{Enter}');
    expect(app.pathname()).toBe('/profile/gracehopper');
  });

  it('forgets the active option when the term changes', async () => {
    const app = renderHome(
      searches({
        a: () => answer([adaByron, alanTuring]),
        al: () => answer([alanTuring]),
      }),
    );
    await app.user.click(await screen.findByRole('combobox', { name: 'Search Hearth' }));
    await app.user.keyboard('a');
    await screen.findByRole('option', { name: 'Ada Byron' });
    await app.user.keyboard('{ArrowDown}');
    expect(searchBox()).toHaveAttribute('aria-activedescendant');
    await app.user.keyboard('l');
    await waitFor(() => expect(screen.queryByRole('option', { name: 'Ada Byron' })).toBeNull());
    expect(searchBox()).not.toHaveAttribute('aria-activedescendant');
  });
});

describe('closing the panel', () => {
  it('closes on Escape, keeping focus in the search box', async () => {
    const app = renderHome({}, [buildHistoryEntry(graceHopper)]);
    await app.user.click(await screen.findByRole('combobox', { name: 'Search Hearth' }));
    await screen.findByRole('listbox', { name: 'Recent searches' });
    await app.user.keyboard('gr{Escape}');
    expect(screen.queryByRole('heading', { name: 'Recent searches' })).not.toBeInTheDocument();
    expect(results()).not.toBeInTheDocument();
    expect(searchBox()).toHaveFocus();
    expect(searchBox()).toHaveValue('');
    expect(searchBox()).toHaveAttribute('aria-expanded', 'false');
    // Typing again opens it again.
    await app.user.keyboard('x');
    expect(screen.getByRole('button', { name: 'Close search' })).toBeInTheDocument();
  });

  it('closes on Escape from a control inside the panel, giving focus back to the box', async () => {
    const app = renderHome({}, [buildHistoryEntry(graceHopper)]);
    await app.user.click(await screen.findByRole('combobox', { name: 'Search Hearth' }));
    const remove = await screen.findByRole('button', {
      name: 'Remove Grace Hopper from recent searches',
    });
    remove.focus();
    await app.user.keyboard('{Escape}');
    expect(screen.queryByRole('heading', { name: 'Recent searches' })).not.toBeInTheDocument();
    expect(searchBox()).toHaveFocus();
  });

  it('closes with its back button, giving focus back to the search box', async () => {
    const app = renderHome({});
    await app.user.click(await screen.findByRole('combobox', { name: 'Search Hearth' }));
    await app.user.click(screen.getByRole('button', { name: 'Close search' }));
    expect(screen.queryByRole('heading', { name: 'Recent searches' })).not.toBeInTheDocument();
    expect(searchBox()).toHaveFocus();
  });

  it('closes on a click outside it, and stays open on a click inside it', async () => {
    const app = renderHome({});
    await app.user.click(await screen.findByRole('combobox', { name: 'Search Hearth' }));
    await app.user.click(screen.getByRole('heading', { name: 'Recent searches' }));
    expect(screen.getByRole('heading', { name: 'Recent searches' })).toBeInTheDocument();
    await app.user.click(screen.getByRole('heading', { name: 'Sponsored' }));
    expect(screen.queryByRole('heading', { name: 'Recent searches' })).not.toBeInTheDocument();
  });
});

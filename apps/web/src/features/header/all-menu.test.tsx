import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { stubFeed } from '../../test/feed';
import { sessionUser } from '../../test/fixtures';
import { renderApp } from '../../test/render-app';

async function openAllMenu() {
  stubFeed([]);
  const app = renderApp('/', { user: sessionUser() });
  await app.user.click(await screen.findByRole('button', { name: 'Menu' }));
  const menu = screen.getByRole('dialog', { name: 'Menu' });
  // The menu's content loads on first use.
  await within(menu).findByRole('heading', { level: 2, name: 'Menu' });
  return { app, menu };
}

/** Each group's title and the names of its items, in order. */
function groupsOf(menu: HTMLElement) {
  return within(menu)
    .getAllByRole('heading', { level: 3 })
    .filter((heading) => heading.textContent !== 'Create')
    .map((heading) => {
      const list = within(menu)
        .getAllByRole('list')
        .find((l) => l.getAttribute('aria-labelledby') === heading.id)!;
      return {
        title: heading.textContent,
        items: within(list)
          .getAllByRole('button')
          .map((item) => item.getAttribute('aria-labelledby'))
          .map((id) => document.getElementById(id!)?.textContent),
      };
    });
}

const SOCIAL = ['Campus', 'Events', 'Find Friends', 'Groups', 'News Feed', 'Pages'];

describe('the all-menu', () => {
  it("is titled 'Menu' and puts focus in 'Search Menu'", async () => {
    const { menu } = await openAllMenu();
    expect(within(menu).getByRole('searchbox', { name: 'Search Menu' })).toHaveFocus();
    expect(within(menu).getByRole('searchbox', { name: 'Search Menu' })).toHaveAttribute(
      'placeholder',
      'Search Menu',
    );
    expect(screen.getByRole('button', { name: 'Menu' })).toHaveAttribute('aria-expanded', 'true');
  });

  it('lists the groups in order with their items, the Social group again at the end', async () => {
    const { menu } = await openAllMenu();
    expect(groupsOf(menu)).toEqual([
      { title: 'Social', items: SOCIAL },
      { title: 'Entertainment', items: ['Gaming Video', 'Play Games', 'Watch'] },
      { title: 'Shopping', items: ['Pay', 'Marketplace'] },
      { title: 'Personal', items: ['Recent Ad Activity', 'Memories', 'Saved', 'Weather'] },
      { title: 'Professional', items: ['Ads', 'Jobs'] },
      {
        title: 'Community Resources',
        items: [
          'Climate science center',
          'COVID-19 Information Center',
          'Community Help',
          'Fundraisers',
        ],
      },
      { title: 'More from the provider', items: ['Messenger', 'Messenger Kids'] },
      { title: 'Social', items: SOCIAL },
    ]);
  });

  it('gives every item a description and an icon, and the items do nothing', async () => {
    const { app, menu } = await openAllMenu();
    const items = groupsOf(menu).flatMap((group) => group.items);
    expect(items).toHaveLength(29);
    for (const name of new Set(items)) {
      for (const item of within(menu).getAllByRole('button', { name: name! })) {
        expect(item.getAttribute('aria-describedby')).toBeTruthy();
        expect(
          document.getElementById(item.getAttribute('aria-describedby')!)?.textContent?.length,
        ).toBeGreaterThan(10);
        expect(item.querySelector('svg')).not.toBeNull();
      }
    }
    await app.user.click(within(menu).getAllByRole('button', { name: 'Marketplace' })[0]!);
    expect(app.pathname()).toBe('/');
    expect(screen.getByRole('dialog', { name: 'Menu' })).toBeInTheDocument();
  });

  it("has the 'Create' column: Post, Story, Room, Page, Ad, Group, Event, Marketplace Listing, Job", async () => {
    const { app, menu } = await openAllMenu();
    const create = within(menu).getByRole('list', { name: 'Create' });
    const names = within(create)
      .getAllByRole('button')
      .map((item) => item.textContent);
    expect(names).toEqual([
      'Post',
      'Story',
      'Room',
      'Page',
      'Ad',
      'Group',
      'Event',
      'Marketplace Listing',
      'Job',
    ]);
    await app.user.click(within(create).getByRole('button', { name: 'Post' }));
    expect(screen.queryByRole('dialog', { name: 'Create post' })).not.toBeInTheDocument();
    expect(app.pathname()).toBe('/');
  });

  it("'Search Menu' narrows the groups to the items whose name holds the words", async () => {
    const { app, menu } = await openAllMenu();
    const search = within(menu).getByRole('searchbox', { name: 'Search Menu' });
    await app.user.type(search, 'MESS');
    expect(groupsOf(menu)).toEqual([
      { title: 'More from the provider', items: ['Messenger', 'Messenger Kids'] },
    ]);
    expect(within(menu).getByRole('status')).toHaveTextContent('2 items found');

    await app.user.clear(search);
    await app.user.type(search, 'group');
    expect(groupsOf(menu)).toEqual([
      { title: 'Social', items: ['Groups'] },
      { title: 'Social', items: ['Groups'] },
    ]);

    await app.user.clear(search);
    await app.user.type(search, 'zebra');
    expect(groupsOf(menu)).toEqual([]);
    expect(within(menu).getByRole('status')).toHaveTextContent(
      'Nothing in the menu is called “zebra”.',
    );
    // The Create column stays whatever the search.
    expect(within(menu).getByRole('list', { name: 'Create' })).toBeInTheDocument();

    await app.user.clear(search);
    expect(groupsOf(menu)).toHaveLength(8);
  });

  it('closes on an outside click', async () => {
    const { app } = await openAllMenu();
    await app.user.click(screen.getByRole('heading', { level: 1, name: 'Home' }));
    expect(screen.queryByRole('dialog', { name: 'Menu' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Menu' })).toHaveAttribute('aria-expanded', 'false');
  });

  it('closes on Escape, even from the search, with focus back on its button', async () => {
    const { app, menu } = await openAllMenu();
    await app.user.type(within(menu).getByRole('searchbox', { name: 'Search Menu' }), 'pay');
    await app.user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog', { name: 'Menu' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Menu' })).toHaveFocus();
  });

  it('opens from the keyboard and keeps Tab inside', async () => {
    stubFeed([]);
    const app = renderApp('/', { user: sessionUser() });
    const button = await screen.findByRole('button', { name: 'Menu' });
    button.focus();
    await app.user.keyboard(' ');
    const menu = screen.getByRole('dialog', { name: 'Menu' });
    const search = await within(menu).findByRole('searchbox', { name: 'Search Menu' });
    expect(search).toHaveFocus();
    await app.user.tab({ shift: true });
    expect(within(menu).getByRole('button', { name: 'Job' })).toHaveFocus();
    await app.user.tab();
    expect(search).toHaveFocus();
  });

  it('closes the account menu when it opens, and the other way round', async () => {
    const { app } = await openAllMenu();
    await app.user.click(screen.getByRole('button', { name: 'Account' }));
    expect(screen.queryByRole('dialog', { name: 'Menu' })).not.toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Account menu' })).toBeInTheDocument();
    await app.user.click(screen.getByRole('button', { name: 'Menu' }));
    expect(screen.queryByRole('dialog', { name: 'Account menu' })).not.toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Menu' })).toBeInTheDocument();
  });
});

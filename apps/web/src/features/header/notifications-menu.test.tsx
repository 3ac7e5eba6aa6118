import {
  NOTIFICATION_BADGE_MAX,
  NOTIFICATION_PREVIEW_MAX,
  type Notification,
  UI_MESSAGES,
} from '@hearth/contract';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { type Handlers, stubServer } from '../../test/fake-server';
import { stubFeed } from '../../test/feed';
import { buildPost, grace, sessionUser } from '../../test/fixtures';
import { renderApp } from '../../test/render-app';

const actor = {
  _id: grace._id,
  username: grace.username,
  first_name: grace.first_name,
  last_name: grace.last_name,
  picture: grace.picture,
};

let sequence = 0;
function buildNotification(overrides: Partial<Notification> = {}): Notification {
  sequence += 1;
  return {
    _id: `n${sequence}`,
    type: 'friendRequest',
    actor,
    post: null,
    react: null,
    comment: null,
    note: null,
    read: false,
    createdAt: new Date(Date.now() - 5 * 60_000).toISOString(),
    ...overrides,
  };
}

async function openBell(handlers: Handlers, name: string | RegExp = /^Notifications/) {
  const calls = stubFeed([], handlers).calls;
  const app = renderApp('/', { user: sessionUser() });
  const bell = await screen.findByRole('button', { name });
  await app.user.click(bell);
  const panel = await screen.findByRole('dialog', { name: 'Notifications' });
  return { app, calls, bell, panel };
}

describe("the bell's badge", () => {
  it('shows the unread count', async () => {
    stubFeed([], { unreadCount: () => ({ body: { count: 4 } }) });
    renderApp('/', { user: sessionUser() });
    const bell = await screen.findByRole('button', { name: 'Notifications, 4 new' });
    expect(bell).toHaveTextContent('4');
  });

  it(`shows ${NOTIFICATION_BADGE_MAX}+ above ${NOTIFICATION_BADGE_MAX}`, async () => {
    stubFeed([], { unreadCount: () => ({ body: { count: NOTIFICATION_BADGE_MAX + 1 } }) });
    renderApp('/', { user: sessionUser() });
    const bell = await screen.findByRole('button', {
      name: `Notifications, ${NOTIFICATION_BADGE_MAX}+ new`,
    });
    expect(bell).toHaveTextContent(`${NOTIFICATION_BADGE_MAX}+`);
  });

  it('shows nothing when none are unread', async () => {
    const { calls } = stubFeed([], { unreadCount: () => ({ body: { count: 0 } }) });
    renderApp('/', { user: sessionUser() });
    const bell = await screen.findByRole('button', { name: 'Notifications' });
    expect(calls.some((call) => call.name === 'unreadCount')).toBe(true);
    expect(bell).toHaveTextContent('');
  });
});

describe('the notifications panel', () => {
  it('lists each kind of notification as a sentence, unread ones marked', async () => {
    const long = 'x'.repeat(NOTIFICATION_PREVIEW_MAX);
    const { panel } = await openBell({
      unreadCount: () => ({ body: { count: 2 } }),
      notifications: () => ({
        body: [
          buildNotification({
            type: 'react',
            react: 'love',
            post: { _id: 'p1', text: 'My holiday' },
          }),
          buildNotification({
            type: 'comment',
            post: { _id: 'p1', text: 'My holiday' },
            comment: long,
          }),
          buildNotification({ type: 'friendRequest', read: true }),
          buildNotification({ type: 'friendAccepted', read: true }),
        ],
      }),
    });
    const items = await within(panel).findAllByRole('link');
    expect(items).toHaveLength(4);
    expect(items[0]).toHaveTextContent('Grace Hopper reacted to your post: "My holiday"');
    expect(items[1]).toHaveTextContent(`Grace Hopper commented on your post: "${long}…"`);
    expect(items[2]).toHaveTextContent('Grace Hopper sent you a friend request');
    expect(items[3]).toHaveTextContent('Grace Hopper accepted your friend request');
    expect(items.map((item) => within(item).queryByText('Unread') !== null)).toEqual([
      true,
      true,
      false,
      false,
    ]);
    expect(within(items[0]!).getByText('5 minutes ago')).toBeInTheDocument();
    expect(items.map((item) => item.getAttribute('href'))).toEqual([
      '/post/p1',
      '/post/p1',
      `/profile/${grace.username}`,
      `/profile/${grace.username}`,
    ]);
  });

  it('tells a member who follows a post of its new comments, and leads to the post', async () => {
    const { panel } = await openBell({
      unreadCount: () => ({ body: { count: 1 } }),
      notifications: () => ({
        body: [
          buildNotification({
            type: 'followedPostComment',
            post: { _id: 'p7', text: 'Road trip' },
            comment: 'Count me in',
          }),
        ],
      }),
    });
    const [item] = await within(panel).findAllByRole('link');
    expect(item).toHaveTextContent('Grace Hopper commented on a post you follow: "Count me in"');
    expect(item).toHaveAttribute('href', '/post/p7');
  });

  it('tells a moderator of an application, and leads to the applications (an applicant has no profile)', async () => {
    const { panel } = await openBell({
      notifications: () => ({
        body: [buildNotification({ type: 'application', post: null, comment: null })],
      }),
    });
    const [item] = await within(panel).findAllByRole('link');
    expect(item).toHaveTextContent('Grace Hopper asked to join');
    expect(item).toHaveAttribute('href', '/admin/applications');
  });

  it('tells a moderator of a report, and leads to the reports queue', async () => {
    const { panel } = await openBell({
      notifications: () => ({ body: [buildNotification({ type: 'report' })] }),
    });
    const [item] = await within(panel).findAllByRole('link');
    expect(item).toHaveTextContent('Grace Hopper reported something');
    expect(item).toHaveAttribute('href', '/admin/reports');
  });

  it("tells a member of a moderator's action without naming anyone, with the reason, and leads to the Support Inbox", async () => {
    const long = 'y'.repeat(NOTIFICATION_PREVIEW_MAX + 20);
    const { panel } = await openBell({
      notifications: () => ({
        body: [
          buildNotification({ type: 'postRemoved', note: 'Spam links.' }),
          buildNotification({ type: 'commentRemoved', note: 'Rude.' }),
          buildNotification({ type: 'warning', note: 'Be civil.' }),
          buildNotification({ type: 'warning', note: long }),
        ],
      }),
    });
    const items = await within(panel).findAllByRole('link');
    expect(
      items.map((item) => item.querySelector('span:nth-child(2) > span')?.textContent),
    ).toEqual([
      'A moderator removed your post: "Spam links."',
      'A moderator removed your comment: "Rude."',
      'A moderator warned you: "Be civil."',
      `A moderator warned you: "${long.slice(0, NOTIFICATION_PREVIEW_MAX)}…"`,
    ]);
    for (const item of items) {
      expect(item).not.toHaveTextContent('Grace Hopper');
      expect(item.querySelector('img')).not.toBeInTheDocument();
      expect(item).toHaveAttribute('href', '/support');
    }
  });

  it("a moderator's warning leads to the Support Inbox", async () => {
    const { app, panel } = await openBell({
      notifications: () => ({ body: [buildNotification({ type: 'warning', note: 'Be civil.' })] }),
      myReports: () => ({ body: [] }),
    });
    await app.user.click(
      await within(panel).findByRole('link', { name: /A moderator warned you/ }),
    );
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Support Inbox' }),
    ).toBeInTheDocument();
    expect(app.pathname()).toBe('/support');
  });

  it('says so when there are none', async () => {
    const { panel } = await openBell({});
    expect(await within(panel).findByText(UI_MESSAGES.noNotifications)).toBeInTheDocument();
    expect(
      within(panel).queryByRole('button', { name: 'Mark all as read' }),
    ).not.toBeInTheDocument();
  });

  it('a click marks the notification read and opens its post', async () => {
    const post = buildPost({ user: grace, text: 'My holiday' });
    const notification = buildNotification({
      type: 'comment',
      post: { _id: post._id, text: post.text },
      comment: 'Lovely',
    });
    let unread = 2;
    const { app, calls, panel } = await openBell({
      unreadCount: () => ({ body: { count: unread } }),
      notifications: () => ({ body: [notification] }),
      markNotificationsRead: () => {
        unread = 1;
        return { body: { count: unread } };
      },
      getPost: () => ({ body: post }),
    });
    await app.user.click(
      await within(panel).findByRole('link', { name: /commented on your post/ }),
    );

    expect(
      await screen.findByRole('article', { name: 'Post by Grace Hopper' }),
    ).toBeInTheDocument();
    expect(app.pathname()).toBe(`/post/${post._id}`);
    expect(screen.queryByRole('dialog', { name: 'Notifications' })).not.toBeInTheDocument();
    expect(calls.find((call) => call.name === 'markNotificationsRead')?.body).toEqual({
      ids: [notification._id],
    });
    expect(await screen.findByRole('button', { name: 'Notifications, 1 new' })).toBeInTheDocument();
  });

  it('a friend request leads to the sender’s profile', async () => {
    const { app, panel } = await openBell({
      notifications: () => ({ body: [buildNotification({ type: 'friendRequest' })] }),
    });
    await app.user.click(
      await within(panel).findByRole('link', { name: /sent you a friend request/ }),
    );
    expect(app.pathname()).toBe(`/profile/${grace.username}`);
  });

  it('Mark all as read marks every one read and empties the badge', async () => {
    let unread = 3;
    const { app, calls, panel } = await openBell(
      {
        unreadCount: () => ({ body: { count: unread } }),
        notifications: () => ({
          body: [buildNotification(), buildNotification({ type: 'friendAccepted' })],
        }),
        markNotificationsRead: () => {
          unread = 0;
          return { body: { count: 0 } };
        },
      },
      'Notifications, 3 new',
    );
    await within(panel).findAllByText('Unread');
    await app.user.click(within(panel).getByRole('button', { name: 'Mark all as read' }));

    expect(await screen.findByRole('button', { name: 'Notifications' })).toHaveTextContent('');
    expect(within(panel).queryByText('Unread')).not.toBeInTheDocument();
    expect(calls.find((call) => call.name === 'markNotificationsRead')?.body).toEqual({});
  });

  it('See more asks for the next page with the cursor', async () => {
    const first = buildNotification({ type: 'friendAccepted' });
    const older = buildNotification({ type: 'friendRequest', read: true });
    const { app, calls, panel } = await openBell({
      notifications: ({ query }) =>
        query.get('cursor') === 'page-2'
          ? { body: [older] }
          : { body: [first], headers: { 'X-Next-Cursor': 'page-2' } },
    });
    await within(panel).findByRole('link', { name: /accepted your friend request/ });
    await app.user.click(within(panel).getByRole('button', { name: 'See more' }));
    expect(
      await within(panel).findByRole('link', { name: /sent you a friend request/ }),
    ).toBeInTheDocument();
    expect(within(panel).queryByRole('button', { name: 'See more' })).not.toBeInTheDocument();
    const cursors = calls
      .filter((call) => call.name === 'notifications')
      .map((call) => call.query.get('cursor'));
    expect(cursors.at(-1)).toBe('page-2');
    expect(cursors.filter((cursor) => cursor === 'page-2')).toHaveLength(1);
  });
});

// The fake server's defaults keep every other screen's bell quiet.
describe('the fake server', () => {
  it('answers no notifications unless a test says otherwise', async () => {
    const { calls } = stubServer({ feed: () => ({ body: [] }) });
    renderApp('/', { user: sessionUser() });
    expect(await screen.findByRole('button', { name: 'Notifications' })).toBeInTheDocument();
    expect(calls.some((call) => call.name === 'unreadCount')).toBe(true);
  });
});

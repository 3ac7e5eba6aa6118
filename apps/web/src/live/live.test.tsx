import { type LiveReactions, STREAMING_PATH } from '@hearth/contract';
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { notificationKeys } from '../api/notification-keys';
import { createQueryClient } from '../api/query-client';
import { deferred, type FakeAnswer, stubServer } from '../test/fake-server';
import { connectLive, installFakeSockets, showEveryCard } from '../test/fake-socket';
import { stubFeed } from '../test/feed';
import {
  ada,
  buildComment,
  buildImages,
  buildPost,
  buildProfile,
  grace,
  reactionSummary,
  sessionUser,
} from '../test/fixtures';
import { renderApp, userCookie } from '../test/render-app';
import { LIVE_RECONNECT_BASE_MS } from './live-connection';
import { WATCH_DEBOUNCE_MS } from './visible-posts';

const settle = (ms = WATCH_DEBOUNCE_MS) => act(() => vi.advanceTimersByTimeAsync(ms));

function liveReactions(counts: Parameters<typeof reactionSummary>[0]): LiveReactions {
  const { check: _check, checkSaved: _saved, ...rest } = reactionSummary(counts);
  return rest;
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('live updates', () => {
  it('authenticates first, then watches the posts on screen', async () => {
    showEveryCard();
    const sockets = installFakeSockets();
    const posts = [buildPost({ user: grace }), buildPost({ user: ada })];
    stubFeed(posts);
    renderApp('/', { user: sessionUser(), fakeTimers: true });
    await screen.findAllByRole('article');
    const socket = await connectLive(sockets);
    await settle();
    const url = new URL(socket.url);
    expect(url.protocol).toBe('ws:');
    expect(url.host).toBe(window.location.host);
    expect(url.pathname).toBe(`/api/v1${STREAMING_PATH}`);
    expect(socket.sent).toEqual([
      { type: 'auth', token: sessionUser().token },
      { type: 'watch', postIds: posts.map((post) => post._id) },
    ]);
  });

  it('pings every 30 seconds', async () => {
    const sockets = installFakeSockets();
    stubFeed([]);
    renderApp('/', { user: sessionUser(), fakeTimers: true });
    const socket = await connectLive(sockets);
    await settle(30_000);
    expect(socket.sent.filter((message) => message.type === 'ping')).toHaveLength(1);
    socket.deliver({ type: 'pong' });
    await settle(30_000);
    expect(socket.sent.filter((message) => message.type === 'ping')).toHaveLength(2);
  });

  it("shows another member's reactions on the card, keeping the viewer's own", async () => {
    showEveryCard();
    const sockets = installFakeSockets();
    const post = buildPost({
      user: grace,
      reactions: reactionSummary({ like: 1 }, { check: 'like' }),
    });
    stubFeed([post]);
    renderApp('/', { user: sessionUser(), fakeTimers: true });
    const card = await screen.findByRole('article', { name: 'Post by Grace Hopper' });
    const socket = await connectLive(sockets);
    socket.deliver({
      type: 'reactions',
      payload: { postId: post._id, reactions: liveReactions({ like: 1, love: 2 }) },
    });
    await settle(0);
    expect(within(card).getByRole('img', { name: /^3 reactions/ })).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Like' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
  });

  it("shows another member's comment on the card, once, with the new count", async () => {
    showEveryCard();
    const sockets = installFakeSockets();
    const post = buildPost({ user: ada, comments: [buildComment({ comment: 'First!' })] });
    stubFeed([post]);
    renderApp('/', { user: sessionUser(), fakeTimers: true });
    const card = await screen.findByRole('article', { name: 'Post by Ada Owen' });
    const socket = await connectLive(sockets);
    const comment = buildComment({ comment: 'Lovely photo' });
    socket.deliver({ type: 'comment', payload: { postId: post._id, comment, commentCount: 2 } });
    // A message delivered twice (two processes) still shows once.
    socket.deliver({ type: 'comment', payload: { postId: post._id, comment, commentCount: 2 } });
    await settle(0);
    const list = within(card).getByRole('list', { name: 'Comments' });
    expect(within(list).getAllByText('Lovely photo')).toHaveLength(1);
    expect(within(list).getByText('First!')).toBeInTheDocument();
    expect(within(card).getByText('2 comments')).toBeInTheDocument();
  });

  it("counts the member's own comment once when its live echo comes before the answer", async () => {
    showEveryCard();
    const sockets = installFakeSockets();
    const post = buildPost({ user: grace });
    const mine = buildComment({
      comment: 'Mine',
      commentBy: { ...ada },
    });
    const answer = deferred<FakeAnswer>();
    stubFeed([post], { comment: () => answer.promise });
    const app = renderApp('/', { user: sessionUser(), fakeTimers: true });
    const card = await screen.findByRole('article', { name: 'Post by Grace Hopper' });
    const socket = await connectLive(sockets);
    await app.user.type(within(card).getByRole('textbox', { name: 'Write a comment' }), 'Mine');
    await app.user.keyboard('{Enter}');
    socket.deliver({
      type: 'comment',
      payload: { postId: post._id, comment: mine, commentCount: 1 },
    });
    await settle(0);
    answer.resolve({ body: [mine] });
    await waitFor(() => expect(within(card).getByText('1 comment')).toBeInTheDocument());
    await settle(0);
    expect(within(card).getAllByText('Mine')).toHaveLength(1);
    expect(within(card).getByText('1 comment')).toBeInTheDocument();
  });

  it("offers 'New posts' for another member's post; a click shows it at the top", async () => {
    const sockets = installFakeSockets();
    const older = buildPost({ user: grace, text: 'Older news' });
    const fresh = buildPost({ user: grace, text: 'Fresh news' });
    let feed = [older];
    const { calls } = stubFeed([], { feed: () => ({ body: feed }) });
    const scrollTo = vi.fn();
    vi.stubGlobal('scrollTo', scrollTo);
    const app = renderApp('/', { user: sessionUser(), fakeTimers: true });
    await screen.findByText('Older news');
    const socket = await connectLive(sockets);
    expect(screen.queryByRole('button', { name: 'New posts' })).not.toBeInTheDocument();

    feed = [fresh, older];
    socket.deliver({ type: 'post', payload: { postId: fresh._id, authorId: grace._id } });
    await settle(0);
    await app.user.click(screen.getByRole('button', { name: 'New posts' }));
    await screen.findByText('Fresh news');
    const cards = screen.getAllByRole('article');
    expect(cards[0]).toHaveTextContent('Fresh news');
    expect(calls.filter((call) => call.name === 'feed')).toHaveLength(2);
    expect(scrollTo).toHaveBeenCalledWith(expect.objectContaining({ top: 0 }));
    expect(screen.queryByRole('button', { name: 'New posts' })).not.toBeInTheDocument();
  });

  it("offers nothing for the member's own new post", async () => {
    const sockets = installFakeSockets();
    stubFeed([buildPost({ user: grace })]);
    renderApp('/', { user: sessionUser(), fakeTimers: true });
    await screen.findByRole('article');
    const socket = await connectLive(sockets);
    socket.deliver({ type: 'post', payload: { postId: 'p-own', authorId: ada._id } });
    await settle(0);
    expect(screen.queryByRole('button', { name: 'New posts' })).not.toBeInTheDocument();
  });

  it('logs the member out when the socket closes with 4401, as a 401 does', async () => {
    const sockets = installFakeSockets();
    stubFeed([]);
    renderApp('/', { user: sessionUser(), fakeTimers: true });
    const socket = await connectLive(sockets);
    socket.drop(4401);
    expect(await screen.findByRole('button', { name: 'Log In' })).toBeInTheDocument();
    expect(userCookie()).toBeNull();
    // The same token would be refused again: no new socket.
    await settle(60_000);
    expect(sockets.live()).toHaveLength(0);
  });

  it('reconnects a dropped socket with growing waits, then reads the feed again', async () => {
    // The jitter's middle: the waits are exactly 1 s, 2 s, 4 s.
    vi.spyOn(Math, 'random').mockReturnValue(0.5);
    showEveryCard();
    const sockets = installFakeSockets();
    const post = buildPost({ user: grace });
    const { calls } = stubFeed([post]);
    renderApp('/', { user: sessionUser(), fakeTimers: true });
    await screen.findByRole('article');
    const first = await connectLive(sockets);
    await settle();
    expect(calls.filter((call) => call.name === 'feed')).toHaveLength(1);

    first.drop(1006);
    await settle(LIVE_RECONNECT_BASE_MS - 100);
    expect(sockets.live()).toHaveLength(0);
    await settle(100);
    // The server is still away: the next wait is twice as long.
    const second = sockets.live()[0]!;
    second.drop(1006);
    await settle(2 * LIVE_RECONNECT_BASE_MS - 100);
    expect(sockets.live()).toHaveLength(0);
    await settle(100);
    expect(sockets.live()).toHaveLength(1);

    const third = sockets.live()[0]!;
    third.accept();
    third.deliver({ type: 'ready' });
    expect(third.sent).toEqual([
      { type: 'auth', token: sessionUser().token },
      { type: 'watch', postIds: [post._id] },
    ]);
    await waitFor(() => expect(calls.filter((call) => call.name === 'feed')).toHaveLength(2));
  });

  it("changes a profile's buttons when that member sends a friend request, and reads the friends page again", async () => {
    const sockets = installFakeSockets();
    const { calls } = stubServer({
      getProfile: () => ({ body: buildProfile() }),
      listImages: () => ({ body: buildImages('gracehopper', 0) }),
      getFriendsPageInfos: () => ({ body: { friends: [], requests: [], sentRequests: [] } }),
    });
    renderApp('/profile/gracehopper', { user: sessionUser(), fakeTimers: true });
    await screen.findByRole('button', { name: 'Add Friend' });
    const socket = await connectLive(sockets);
    socket.deliver({
      type: 'friendship',
      payload: {
        userId: grace._id,
        friendship: { friends: false, following: false, requestSent: false, requestReceived: true },
      },
    });
    await settle(0);
    expect(screen.getByRole('button', { name: 'Respond' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add Friend' })).not.toBeInTheDocument();
    // Not on screen: the friends page is read again when it next shows.
    expect(calls.filter((call) => call.name === 'getFriendsPageInfos')).toHaveLength(0);
  });

  it('reads the feed again when the server says events were lost', async () => {
    const sockets = installFakeSockets();
    const { calls } = stubFeed([buildPost({ user: grace })]);
    renderApp('/', { user: sessionUser(), fakeTimers: true });
    await screen.findByRole('article');
    const socket = await connectLive(sockets);
    expect(calls.filter((call) => call.name === 'feed')).toHaveLength(1);
    socket.deliver({ type: 'stale' });
    await waitFor(() => expect(calls.filter((call) => call.name === 'feed')).toHaveLength(2));
  });

  it('sets the unread count when a notification arrives', async () => {
    const sockets = installFakeSockets();
    stubFeed([]);
    const queryClient = createQueryClient();
    renderApp('/', { user: sessionUser(), fakeTimers: true, queryClient });
    const socket = await connectLive(sockets);
    socket.deliver({
      type: 'notification',
      payload: {
        notification: {
          _id: 'n1',
          type: 'comment',
          actor: { ...grace },
          post: { _id: 'p1', text: 'Hello' },
          react: null,
          comment: 'Nice',
          note: null,
          read: false,
          createdAt: new Date().toISOString(),
        },
        unreadCount: 4,
      },
    });
    expect(queryClient.getQueryData(notificationKeys.unreadCount())).toEqual({ count: 4 });
    socket.deliver({ type: 'notificationsRead', payload: { unreadCount: 0 } });
    expect(queryClient.getQueryData(notificationKeys.unreadCount())).toEqual({ count: 0 });
  });
});

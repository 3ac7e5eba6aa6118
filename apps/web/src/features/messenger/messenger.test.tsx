import { CONVERSATION_MEMBERS_MAX, REPORT_REASON_LABELS, TYPING_SHOWN_MS } from '@hearth/contract';
import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { deferred, stubServer } from '../../test/fake-server';
import { connectLive, installFakeSockets } from '../../test/fake-socket';
import { stubFeed } from '../../test/feed';
import { buildProfile, grace, sessionUser } from '../../test/fixtures';
import { scrollableView } from '../../test/in-view';
import {
  adaMember,
  buildChatMessage,
  buildConversation,
  conversationHandlers,
  graceMember,
  linusMember,
  page,
} from '../../test/messenger';
import { buildMyReport } from '../../test/moderation';
import { openProfile } from '../../test/profile';
import { renderApp } from '../../test/render-app';
import { TYPING_SIGNAL_INTERVAL_MS } from './message-composer';

const UNREAD_NONE = { count: 0, requests: 0 };

/** Ada at /messages/c1, her conversation with Grace open. */
async function openConversation(
  conversation = buildConversation(),
  messages = [buildChatMessage()],
  extra: Parameters<typeof stubServer>[0] = {},
) {
  const server = stubServer({ ...conversationHandlers(conversation, messages), ...extra });
  const app = renderApp(`/messages/${conversation._id}`, { user: sessionUser() });
  await screen.findByRole('heading', { level: 2, name: 'Grace Hopper' });
  const list = await screen.findByRole('list', { name: 'Messages' });
  const callsTo = (name: string) => server.calls.filter((call) => call.name === name);
  return { ...app, ...server, list, callsTo };
}

describe("the header's Messenger button", () => {
  it('counts the conversations holding unread messages, and follows live messages', async () => {
    const sockets = installFakeSockets();
    stubFeed([], { messagesUnreadCount: () => ({ body: { count: 3, requests: 0 } }) });
    renderApp('/', { user: sessionUser() });
    const button = await screen.findByRole('button', { name: 'Messenger, 3 unread' });
    expect(button).toHaveTextContent('3');
    const socket = await connectLive(sockets);
    socket.deliver({
      type: 'message',
      payload: { message: buildChatMessage(), unread: { count: 4, requests: 0 } },
    });
    expect(await screen.findByRole('button', { name: 'Messenger, 4 unread' })).toBeVisible();
    socket.deliver({
      type: 'messageRead',
      payload: {
        conversationId: 'c1',
        userId: adaMember._id,
        messageId: 'm1',
        unread: UNREAD_NONE,
      },
    });
    const read = await screen.findByRole('button', { name: 'Messenger' });
    expect(read).toHaveTextContent('');
  });

  it('opens the recent conversations, unread ones marked, and leads to Messenger', async () => {
    const last = buildChatMessage({ text: 'Lunch tomorrow?' });
    stubFeed([], {
      messagesUnreadCount: () => ({ body: { count: 1, requests: 2 } }),
      conversations: () => ({
        body: [
          buildConversation({ lastMessage: last, unreadCount: 1 }),
          buildConversation({
            _id: 'c2',
            name: 'Book club',
            isGroup: true,
            lastMessage: buildChatMessage({
              conversationId: 'c2',
              sender: adaMember,
              text: 'See you',
            }),
          }),
        ],
      }),
    });
    const app = renderApp('/', { user: sessionUser() });
    await app.user.click(await screen.findByRole('button', { name: 'Messenger, 1 unread' }));
    const panel = await screen.findByRole('dialog', { name: 'Messenger' });
    const list = await within(panel).findByRole('list', { name: 'Chats' });
    const items = within(list).getAllByRole('link');
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent('Grace Hopper');
    expect(items[0]).toHaveTextContent('Lunch tomorrow?');
    expect(items[0]).toHaveTextContent('5 minutes ago');
    expect(within(items[0]!).getByText('Unread')).toBeInTheDocument();
    expect(items[0]).toHaveAttribute('href', '/messages/c1');
    expect(items[1]).toHaveTextContent('Book club');
    expect(items[1]).toHaveTextContent('You: See you');
    expect(within(items[1]!).queryByText('Unread')).toBeNull();
    expect(within(panel).getByRole('link', { name: 'Message requests (2)' })).toHaveAttribute(
      'href',
      '/messages?folder=requests',
    );
    const seeAll = within(panel).getByRole('link', { name: 'See all in Messenger' });
    expect(seeAll).toHaveAttribute('href', '/messages');
    await app.user.click(seeAll);
    expect(await screen.findByText('Choose a conversation, or start a new one.')).toBeVisible();
  });
});

describe('a conversation', () => {
  it('shows the messages as bubbles, oldest first, and marks the conversation read', async () => {
    const first = buildChatMessage({ text: 'Hello Ada' });
    const reply = buildChatMessage({ sender: adaMember, text: 'Hi Grace' });
    const { list, callsTo } = await openConversation(
      buildConversation({ lastMessage: reply, unreadCount: 1 }),
      [reply, first],
    );
    const texts = within(list)
      .getAllByText(/Hello Ada|Hi Grace/)
      .map((node) => node.textContent);
    expect(texts).toEqual(['Hello Ada', 'Hi Grace']);
    // Only the member's own messages can be unsent.
    expect(within(list).getAllByRole('button', { name: 'Unsend' })).toHaveLength(1);
    await waitFor(() => expect(callsTo('markConversationRead')).toHaveLength(1));
    expect(callsTo('markConversationRead')[0]?.params).toEqual({ conversationId: 'c1' });
  });

  it('sends a message with Enter and shows it at the bottom', async () => {
    const { user, list, callsTo } = await openConversation();
    const box = screen.getByRole('textbox', { name: 'Write a message' });
    expect(screen.getByRole('button', { name: 'Send message' })).toBeDisabled();
    await user.type(box, 'See you at noon{Enter}');
    await waitFor(() => expect(callsTo('sendMessage')).toHaveLength(1));
    expect(callsTo('sendMessage')[0]?.body).toEqual({ text: 'See you at noon' });
    const bubbles = within(list).getAllByText(/Message \d+|See you at noon/);
    expect(bubbles.at(-1)).toHaveTextContent('See you at noon');
    await waitFor(() => expect(box).toHaveValue(''));
  });

  it('sends a photo: uploaded to the message folder first, then sent with the message', async () => {
    const { user, callsTo } = await openConversation(buildConversation(), [buildChatMessage()], {
      uploadImages: () => ({
        body: [{ url: '/media/adaowen/message_images/a.webp', variants: [] }],
      }),
    });
    const input = screen.getByLabelText('Attach a photo');
    await user.upload(input, new File(['x'], 'cat.png', { type: 'image/png' }));
    expect(await screen.findByRole('img', { name: 'The photo to send' })).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Send message' }));
    await waitFor(() => expect(callsTo('sendMessage')).toHaveLength(1));
    const form = callsTo('uploadImages')[0]?.body as FormData;
    expect(form.get('path')).toBe('adaowen/message_images');
    expect(callsTo('sendMessage')[0]?.body).toEqual({
      text: '',
      image: '/media/adaowen/message_images/a.webp',
    });
  });

  it('shows a live message from the other member at once, and reads it', async () => {
    const sockets = installFakeSockets();
    const { list, callsTo } = await openConversation();
    const socket = await connectLive(sockets);
    socket.deliver({
      type: 'message',
      payload: {
        message: buildChatMessage({ text: 'Are you there?' }),
        unread: { count: 1, requests: 0 },
      },
    });
    expect(await within(list).findByText('Are you there?')).toBeVisible();
    await waitFor(() => expect(callsTo('markConversationRead')).toHaveLength(1));
  });

  it("tells the others while the member types (at most every 3 s), and shows another's typing", async () => {
    const sockets = installFakeSockets();
    const conversation = buildConversation();
    stubServer(conversationHandlers(conversation, [buildChatMessage()]));
    const app = renderApp('/messages/c1', { user: sessionUser(), fakeTimers: true });
    const box = await screen.findByRole('textbox', { name: 'Write a message' });
    const socket = await connectLive(sockets);
    await app.user.type(box, 'Hel');
    const typingSent = () => socket.sent.filter((message) => message.type === 'typing');
    expect(typingSent()).toEqual([{ type: 'typing', conversationId: 'c1' }]);
    await act(() => vi.advanceTimersByTimeAsync(TYPING_SIGNAL_INTERVAL_MS));
    await app.user.type(box, 'lo');
    expect(typingSent()).toHaveLength(2);

    socket.deliver({ type: 'typing', payload: { conversationId: 'c1', userId: grace._id } });
    await waitFor(() => expect(screen.getByTestId('typing')).toHaveTextContent('Grace is typing…'));
    await act(() => vi.advanceTimersByTimeAsync(TYPING_SHOWN_MS - 1_000));
    expect(screen.getByTestId('typing')).toHaveTextContent('Grace is typing…');
    await act(() => vi.advanceTimersByTimeAsync(1_010));
    await waitFor(() => expect(screen.getByTestId('typing')).toHaveTextContent(''));
  });

  it("shows 'Seen' under the last own message the other member read, live too", async () => {
    const sockets = installFakeSockets();
    const mine = buildChatMessage({ sender: adaMember, text: 'Did you get it?' });
    const later = buildChatMessage({ sender: adaMember, text: 'The file' });
    const { list } = await openConversation(
      buildConversation({
        lastMessage: later,
        readMarks: [{ userId: graceMember._id, messageId: mine._id }],
      }),
      [later, mine],
    );
    // Grace read up to the earlier message: not the last one yet.
    expect(within(list).queryByText('Seen')).toBeNull();
    const socket = await connectLive(sockets);
    socket.deliver({
      type: 'messageRead',
      payload: {
        conversationId: 'c1',
        userId: graceMember._id,
        messageId: later._id,
        unread: UNREAD_NONE,
      },
    });
    const seen = await within(list).findByText('Seen');
    const lastGroup = within(list).getAllByRole('listitem').at(-1)!;
    expect(lastGroup).toContainElement(seen);
    expect(lastGroup).toHaveTextContent('The file');
  });

  it("unsends the member's own message: 'Message removed', as another's unsent one shows live", async () => {
    const sockets = installFakeSockets();
    const theirs = buildChatMessage({ text: 'Oops, wrong chat' });
    const mine = buildChatMessage({ sender: adaMember, text: 'A typo' });
    const { user, list, callsTo } = await openConversation(buildConversation(), [mine, theirs]);
    await user.click(within(list).getByRole('button', { name: 'Unsend' }));
    await waitFor(() => expect(callsTo('unsendMessage')).toHaveLength(1));
    expect(callsTo('unsendMessage')[0]?.params).toEqual({ messageId: mine._id });
    expect(await within(list).findByText('Message removed')).toBeVisible();
    expect(within(list).queryByText('A typo')).toBeNull();
    const socket = await connectLive(sockets);
    socket.deliver({
      type: 'messageRemoved',
      payload: { conversationId: 'c1', messageId: theirs._id },
    });
    await waitFor(() => expect(within(list).getAllByText('Message removed')).toHaveLength(2));
    expect(within(list).queryByText('Oops, wrong chat')).toBeNull();
  });

  it("reports another member's message: 'Report' opens the report dialog, which sends the message target", async () => {
    const theirs = buildChatMessage({ text: 'You again?' });
    const mine = buildChatMessage({ sender: adaMember, text: 'Hi' });
    const { user, list, callsTo } = await openConversation(buildConversation(), [mine, theirs], {
      report: () => ({
        status: 201,
        body: buildMyReport({
          target: { type: 'message', _id: theirs._id, preview: 'You again?' },
          reason: 'harassment',
        }),
      }),
    });
    // One's own message offers Unsend, another's Report.
    const reportButtons = within(list).getAllByRole('button', { name: /^Report message from/ });
    expect(reportButtons).toHaveLength(1);
    expect(reportButtons[0]).toHaveAccessibleName('Report message from Grace Hopper');
    expect(reportButtons[0]).toHaveTextContent('Report');
    await user.click(reportButtons[0]!);
    const dialog = await screen.findByRole('dialog', { name: 'Report message' });
    await user.click(within(dialog).getByRole('radio', { name: REPORT_REASON_LABELS.harassment }));
    await user.click(within(dialog).getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(callsTo('report')).toHaveLength(1));
    expect(callsTo('report')[0]?.body).toEqual({
      target: { messageId: theirs._id },
      reason: 'harassment',
    });
    expect(await within(dialog).findByRole('status')).toBeVisible();
  });

  it('loads older messages when the member scrolls up, each once, in order', async () => {
    const view = scrollableView();
    const newer = [buildChatMessage({ text: 'Third' }), buildChatMessage({ text: 'Fourth' })];
    const older = [buildChatMessage({ text: 'First' }), buildChatMessage({ text: 'Second' })];
    const { list, callsTo } = await openConversation(buildConversation(), [], {
      // Newest first, as the server pages them; the second page repeats one message.
      conversationMessages: ({ query }) =>
        query.get('cursor') === 'older'
          ? page([newer[0], older[1], older[0]])
          : page([newer[1], newer[0]], 'older'),
    });
    await within(list).findByText('Fourth');
    // No older page is asked for before the member scrolls up.
    expect(callsTo('conversationMessages').some((call) => call.query.has('cursor'))).toBe(false);
    view.show(screen.getByTestId('older-messages'));
    await within(list).findByText('First');
    const cursors = callsTo('conversationMessages').map((call) => call.query.get('cursor'));
    expect(cursors.filter((cursor) => cursor === 'older')).toHaveLength(1);
    const texts = within(list)
      .getAllByText(/^(First|Second|Third|Fourth)$/)
      .map((node) => node.textContent);
    expect(texts).toEqual(['First', 'Second', 'Third', 'Fourth']);
  });

  it('mutes and unmutes from the options', async () => {
    const { user, callsTo } = await openConversation(buildConversation(), [buildChatMessage()], {
      muteConversation: ({ body }) => ({ body }),
    });
    await user.click(screen.getByRole('button', { name: 'Conversation options' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Mute conversation' }));
    await waitFor(() => expect(callsTo('muteConversation')).toHaveLength(1));
    expect(callsTo('muteConversation')[0]?.body).toEqual({ muted: true });
    await user.click(screen.getByRole('button', { name: 'Conversation options' }));
    expect(await screen.findByRole('menuitem', { name: 'Unmute conversation' })).toBeVisible();
  });

  it('leaves after confirming, back to the list', async () => {
    const { user, router, callsTo } = await openConversation(
      buildConversation(),
      [buildChatMessage()],
      { leaveConversation: () => ({ body: 'ok' }) },
    );
    await user.click(screen.getByRole('button', { name: 'Conversation options' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Leave conversation' }));
    const dialog = await screen.findByRole('dialog', { name: 'Leave this conversation?' });
    await user.click(within(dialog).getByRole('button', { name: 'Leave' }));
    await waitFor(() => expect(router.pathname()).toBe('/messages'));
    expect(callsTo('leaveConversation')).toHaveLength(1);
  });
});

describe('a group', () => {
  const linus = linusMember;

  it("shows who read the last own message, each sender's name, and adds people", async () => {
    const mine = buildChatMessage({ conversationId: 'g1', sender: adaMember, text: 'Lunch?' });
    const group = buildConversation({
      _id: 'g1',
      name: 'Lab',
      isGroup: true,
      members: [adaMember, graceMember],
      lastMessage: mine,
      readMarks: [{ userId: graceMember._id, messageId: mine._id }],
    });
    const server = stubServer({
      ...conversationHandlers(group, [
        mine,
        buildChatMessage({ conversationId: 'g1', text: 'Hi all' }),
      ]),
      search: () => ({ body: [graceMember, linus] }),
      addConversationMembers: () => ({
        body: { ...group, members: [...group.members, linus] },
      }),
    });
    const app = renderApp('/messages/g1', { user: sessionUser() });
    await screen.findByRole('heading', { level: 2, name: 'Lab' });
    const list = await screen.findByRole('list', { name: 'Messages' });
    expect(await within(list).findByText('Seen by Grace')).toBeVisible();
    expect(within(list).getByText('Grace')).toBeVisible();
    await app.user.click(screen.getByRole('button', { name: 'Conversation options' }));
    await app.user.click(await screen.findByRole('menuitem', { name: 'Add people' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add people' });
    await app.user.type(within(dialog).getByRole('searchbox', { name: 'Search for people' }), 'l');
    // Grace is in it already: only Linus is offered.
    const results = await within(dialog).findByRole('list', { name: 'Search for people' });
    expect(
      within(results)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Linus Pauling']);
    await app.user.click(within(results).getByRole('button', { name: 'Linus Pauling' }));
    await app.user.click(within(dialog).getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add people' })).toBeNull());
    const add = server.calls.find((call) => call.name === 'addConversationMembers');
    expect(add?.body).toEqual({ add: [linus._id] });
  });
});

describe('a full group', () => {
  it(`offers no one more once it has ${CONVERSATION_MEMBERS_MAX} members`, async () => {
    const others = Array.from({ length: CONVERSATION_MEMBERS_MAX - 1 }, (_, index) => ({
      ...graceMember,
      _id: `member-${index}`,
      username: `member${index}`,
    }));
    const group = buildConversation({
      _id: 'g1',
      name: 'Everyone',
      isGroup: true,
      members: [adaMember, ...others],
    });
    stubServer(conversationHandlers(group, []));
    const app = renderApp('/messages/g1', { user: sessionUser() });
    await screen.findByRole('heading', { level: 2, name: 'Everyone' });
    await app.user.click(screen.getByRole('button', { name: 'Conversation options' }));
    await app.user.click(await screen.findByRole('menuitem', { name: 'Add people' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add people' });
    expect(within(dialog).getByRole('status')).toHaveTextContent(
      `A conversation can have at most ${CONVERSATION_MEMBERS_MAX} members.`,
    );
    expect(within(dialog).getByRole('searchbox', { name: 'Search for people' })).toBeDisabled();
  });
});

describe('message requests', () => {
  it("lists a stranger's request under its tab, and Accept moves it to the chats", async () => {
    const request = buildConversation({
      request: true,
      lastMessage: buildChatMessage({ text: 'Hi, we met at the meetup' }),
      unreadCount: 1,
    });
    const answer = deferred<{ body: unknown }>();
    const server = stubServer({
      ...conversationHandlers(request, [request.lastMessage!]),
      messagesUnreadCount: () => ({ body: { count: 0, requests: 1 } }),
      conversations: ({ query }) => ({
        body: query.get('folder') === 'requests' ? [request] : [],
      }),
      acceptConversation: () => answer.promise,
    });
    const app = renderApp('/messages', { user: sessionUser() });
    expect(await screen.findByText('No conversations yet.')).toBeVisible();
    await app.user.click(await screen.findByRole('tab', { name: 'Message requests (1)' }));
    const requests = await screen.findByRole('list', { name: 'Message requests' });
    await app.user.click(within(requests).getByRole('link', { name: /Grace Hopper/ }));
    expect(
      await screen.findByText(/Grace is not your friend and wants to message you/),
    ).toBeVisible();
    const callsTo = (name: string) => server.calls.filter((call) => call.name === name);
    // Its sender sees no 'Seen' before the member accepts.
    await waitFor(() => expect(callsTo('conversationMessages').length).toBeGreaterThan(0));
    expect(callsTo('markConversationRead')).toHaveLength(0);
    await app.user.click(screen.getByRole('button', { name: 'Accept' }));
    answer.resolve({ body: { ...request, request: false } });
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Accept' })).toBeNull());
    expect(callsTo('acceptConversation')).toHaveLength(1);
    await waitFor(() => expect(callsTo('markConversationRead')).toHaveLength(1));
  });
});

describe('starting a conversation', () => {
  it("from a member's profile: 'Message' opens the pair's conversation", async () => {
    const conversation = buildConversation({ _id: 'c9' });
    const app = await openProfile(buildProfile(), {
      ...conversationHandlers(conversation, []),
      createConversation: () => ({ status: 201, body: conversation }),
    });
    await app.user.click(screen.getByRole('button', { name: 'Message' }));
    await waitFor(() => expect(app.router.pathname()).toBe('/messages/c9'));
    const create = app.calls.find((call) => call.name === 'createConversation');
    expect(create?.body).toEqual({ memberIds: [grace._id] });
    expect(await screen.findByRole('heading', { level: 2, name: 'Grace Hopper' })).toBeVisible();
    const messages = await screen.findByRole('list', { name: 'Messages' });
    expect(messages.parentElement).toHaveTextContent('No messages yet. Say hello!');
  });

  it("with 'New message': people found through the search, a group with its name", async () => {
    const linus = linusMember;
    const group = buildConversation({
      _id: 'g1',
      name: 'Lab',
      isGroup: true,
      members: [adaMember, graceMember, linus],
    });
    const server = stubServer({
      ...conversationHandlers(group, []),
      search: ({ params }) => ({
        body: [graceMember, linus].filter((member) =>
          member.first_name.toLowerCase().startsWith(params.searchTerm!.toLowerCase()),
        ),
      }),
      createConversation: () => ({ status: 201, body: group }),
    });
    const app = renderApp('/messages', { user: sessionUser() });
    await app.user.click(await screen.findByRole('button', { name: 'New message' }));
    const dialog = await screen.findByRole('dialog', { name: 'New message' });
    const search = within(dialog).getByRole('searchbox', { name: 'Search for people' });
    await app.user.type(search, 'gr');
    await app.user.click(await within(dialog).findByRole('button', { name: 'Grace Hopper' }));
    await app.user.type(search, 'li');
    await app.user.click(await within(dialog).findByRole('button', { name: 'Linus Pauling' }));
    const chosen = within(dialog).getByRole('list', { name: 'Chosen people' });
    expect(within(chosen).getAllByRole('listitem')).toHaveLength(2);
    await app.user.type(
      within(dialog).getByRole('textbox', { name: 'Group name (optional)' }),
      'Lab',
    );
    await app.user.click(within(dialog).getByRole('button', { name: 'Chat' }));
    await waitFor(() => expect(app.router.pathname()).toBe('/messages/g1'));
    const create = server.calls.find((call) => call.name === 'createConversation');
    expect(create?.body).toEqual({ memberIds: [graceMember._id, linus._id], name: 'Lab' });
    expect(await screen.findByRole('heading', { level: 2, name: 'Lab' })).toBeVisible();
  });
});

import {
  ACCOUNT_DELETION_GRACE_MS,
  CONVERSATION_MEMBERS_MAX,
  type Conversation,
  MESSAGE_TEXT_MAX,
  MESSENGER_MESSAGES,
  ROUTES,
  SERVER_MESSAGES,
} from '@hearth/contract';
import type { LightMyRequestResponse } from 'fastify';
import { v7 as uuidv7 } from 'uuid';
import { describe, expect, it } from 'vitest';
import {
  type BuiltUser,
  buildMembers,
  buildUser,
  sessionFor,
} from '../../test-support/factories.js';
import { jpeg } from '../../test-support/images.js';
import {
  conversationAs,
  conversationsOf,
  insertMessages,
  markRead,
  messagePhoto,
  messagesPageOf,
  messagesRequest,
  sendMessage,
  sendRequest,
  startConversation,
  unreadOf,
} from '../../test-support/messages-api.js';
import { callEndpoint, type TestContext, useTestApp } from '../../test-support/test-app.js';
import { uploadedUrl } from '../../test-support/uploads.js';
import { befriend } from '../../test-support/users-api.js';

function answer(res: LightMyRequestResponse) {
  return { status: res.statusCode, body: res.json() as unknown };
}

function block(ctx: TestContext, who: BuiltUser, target: BuiltUser) {
  return callEndpoint(ctx.app, ROUTES.block, { params: { id: target.user.id }, token: who.token });
}

/** Every call on a conversation, as `who` makes it: each answer's status and body. */
async function conversationCalls(ctx: TestContext, who: BuiltUser, conversationId: string) {
  const params = { conversationId };
  const token = who.token;
  const calls = [
    callEndpoint(ctx.app, ROUTES.getConversation, { params, token }),
    callEndpoint(ctx.app, ROUTES.conversationMessages, { params, token }),
    callEndpoint(ctx.app, ROUTES.sendMessage, { params, body: { text: 'hi' }, token }),
    callEndpoint(ctx.app, ROUTES.markConversationRead, { params, token }),
    callEndpoint(ctx.app, ROUTES.acceptConversation, { params, token }),
    callEndpoint(ctx.app, ROUTES.addConversationMembers, {
      params,
      body: { add: [who.user.id] },
      token,
    }),
    callEndpoint(ctx.app, ROUTES.muteConversation, { params, body: { muted: true }, token }),
    callEndpoint(ctx.app, ROUTES.leaveConversation, { params, token }),
  ];
  return (await Promise.all(calls)).map(answer);
}

const MISSING = { status: 404, body: { message: MESSENGER_MESSAGES.conversationNotFound } };

describe('conversations between members (API.md, Messages)', () => {
  const ctx = useTestApp();

  it('two members have one conversation; an outsider gets for every call what a random id gets, and unsend is 403 for another member, 404 for an outsider', async () => {
    const ada = await buildUser(ctx);
    const bob = await buildUser(ctx);
    const eve = await buildUser(ctx);
    await befriend(ctx.app, ada, bob);
    const started = await callEndpoint(ctx.app, ROUTES.createConversation, {
      body: { memberIds: [bob.user.id] },
      token: ada.token,
    });
    expect(started.statusCode).toBe(201);
    const conversation = started.json() as Conversation;
    expect(conversation).toMatchObject({
      isGroup: false,
      name: null,
      lastMessage: null,
      unreadCount: 0,
      request: false,
      muted: false,
      readMarks: [],
    });
    expect(conversation.members.map((m) => m.username)).toEqual([
      ada.user.username,
      bob.user.username,
    ]);
    // The pair's conversation, whoever asks.
    const again = await callEndpoint(ctx.app, ROUTES.createConversation, {
      body: { memberIds: [ada.user.id] },
      token: bob.token,
    });
    expect(again.statusCode).toBe(200);
    expect(again.json()._id).toBe(conversation._id);

    const hello = await sendMessage(ctx.app, ada, conversation._id, '  Hello Bob 👋 ');
    expect(hello).toMatchObject({
      conversationId: conversation._id,
      sender: { _id: ada.user.id, username: ada.user.username },
      text: 'Hello Bob 👋',
      image: null,
      removed: false,
    });
    expect((await messagesPageOf(ctx.app, bob, conversation._id)).messages).toEqual([hello]);

    const random = await conversationCalls(ctx, eve, uuidv7());
    expect(random.every((a) => a.status === 404)).toBe(true);
    expect(random[0]).toEqual(MISSING);
    expect(await conversationCalls(ctx, eve, conversation._id)).toEqual(random);
    expect(await conversationsOf(ctx.app, eve)).toEqual([]);

    const unsendBy = (who: BuiltUser, messageId: string) =>
      callEndpoint(ctx.app, ROUTES.unsendMessage, { params: { messageId }, token: who.token });
    const randomMessage = answer(await unsendBy(eve, uuidv7()));
    expect(randomMessage).toEqual({
      status: 404,
      body: { message: MESSENGER_MESSAGES.messageNotFound },
    });
    expect(answer(await unsendBy(eve, hello._id))).toEqual(randomMessage);
    expect(answer(await unsendBy(bob, hello._id))).toEqual({
      status: 403,
      body: { message: MESSENGER_MESSAGES.notSender },
    });
    expect((await messagesPageOf(ctx.app, bob, conversation._id)).messages[0]?.removed).toBe(false);
  });

  it("a stranger's first message is a request for the recipient until they reply; a friend's goes to the inbox", async () => {
    const ada = await buildUser(ctx);
    const bob = await buildUser(ctx);
    const cleo = await buildUser(ctx);
    await befriend(ctx.app, ada, cleo);
    const withBob = await startConversation(ctx.app, ada, [bob]);
    // Nothing sent yet: listed to its starter only.
    expect((await conversationsOf(ctx.app, ada)).map((c) => c._id)).toEqual([withBob._id]);
    expect(await conversationsOf(ctx.app, bob, 'requests')).toEqual([]);
    await sendMessage(ctx.app, ada, withBob._id, 'Hi, we met at the market');
    const withCleo = await startConversation(ctx.app, ada, [cleo]);
    await sendMessage(ctx.app, ada, withCleo._id, 'Dinner?');

    expect(await conversationsOf(ctx.app, bob)).toEqual([]);
    const requests = await conversationsOf(ctx.app, bob, 'requests');
    expect(requests.map((c) => [c._id, c.request, c.unreadCount])).toEqual([
      [withBob._id, true, 1],
    ]);
    expect(await unreadOf(ctx.app, bob)).toEqual({ count: 0, requests: 1 });
    expect((await conversationsOf(ctx.app, cleo)).map((c) => c.request)).toEqual([false]);
    expect(await unreadOf(ctx.app, cleo)).toEqual({ count: 1, requests: 0 });
    // The starter's own list: latest activity first.
    expect((await conversationsOf(ctx.app, ada)).map((c) => c._id)).toEqual([
      withCleo._id,
      withBob._id,
    ]);

    await sendMessage(ctx.app, bob, withBob._id, 'Oh hi!');
    expect(await conversationsOf(ctx.app, bob, 'requests')).toEqual([]);
    const inbox = await conversationsOf(ctx.app, bob);
    expect(inbox.map((c) => [c._id, c.request, c.lastMessage?.text])).toEqual([
      [withBob._id, false, 'Oh hi!'],
    ]);
    // Replying read what came before.
    expect(await unreadOf(ctx.app, bob)).toEqual({ count: 0, requests: 0 });
  });

  it('accepting moves a request to the inbox', async () => {
    const ada = await buildUser(ctx);
    const bob = await buildUser(ctx);
    const conversation = await startConversation(ctx.app, ada, [bob]);
    await sendMessage(ctx.app, ada, conversation._id, 'Hello');
    const accepted = await callEndpoint(ctx.app, ROUTES.acceptConversation, {
      params: { conversationId: conversation._id },
      token: bob.token,
    });
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json()).toMatchObject({ _id: conversation._id, request: false });
    expect((await conversationsOf(ctx.app, bob)).map((c) => c._id)).toEqual([conversation._id]);
    expect(await unreadOf(ctx.app, bob)).toEqual({ count: 1, requests: 0 });
  });

  it("read marks: the reader's figures drop and the others see 'Seen'; a muted conversation does not count", async () => {
    const ada = await buildUser(ctx);
    const bob = await buildUser(ctx);
    await befriend(ctx.app, ada, bob);
    const { _id: id } = await startConversation(ctx.app, ada, [bob]);
    await sendMessage(ctx.app, ada, id, 'one');
    const two = await sendMessage(ctx.app, ada, id, 'two');
    expect((await conversationAs(ctx.app, bob, id)).unreadCount).toBe(2);
    // One's own messages are never unread.
    expect((await conversationAs(ctx.app, ada, id)).unreadCount).toBe(0);
    expect(await unreadOf(ctx.app, bob)).toEqual({ count: 1, requests: 0 });

    expect(await markRead(ctx.app, bob, id)).toEqual({ count: 0, requests: 0 });
    expect((await conversationAs(ctx.app, bob, id)).unreadCount).toBe(0);
    expect((await conversationAs(ctx.app, ada, id)).readMarks).toEqual([
      { userId: bob.user.id, messageId: two._id },
    ]);

    const muted = await callEndpoint(ctx.app, ROUTES.muteConversation, {
      params: { conversationId: id },
      body: { muted: true },
      token: bob.token,
    });
    expect(muted.json()).toEqual({ muted: true });
    await sendMessage(ctx.app, ada, id, 'three');
    const seen = await conversationAs(ctx.app, bob, id);
    expect([seen.muted, seen.unreadCount]).toEqual([true, 1]);
    expect(await unreadOf(ctx.app, bob)).toEqual({ count: 0, requests: 0 });
  });

  it('a block either way hides a conversation of two from both and refuses starting one', async () => {
    const ada = await buildUser(ctx);
    const bob = await buildUser(ctx);
    await befriend(ctx.app, ada, bob);
    const { _id: id } = await startConversation(ctx.app, ada, [bob]);
    await sendMessage(ctx.app, ada, id, 'before');
    expect((await block(ctx, bob, ada)).statusCode).toBe(200);

    for (const who of [ada, bob]) {
      const calls = await conversationCalls(ctx, who, id);
      expect(calls.slice(0, 4)).toEqual(Array(4).fill(MISSING));
      expect(await conversationsOf(ctx.app, who)).toEqual([]);
      expect(await unreadOf(ctx.app, who)).toEqual({ count: 0, requests: 0 });
    }
    const randomMember = answer(
      await callEndpoint(ctx.app, ROUTES.createConversation, {
        body: { memberIds: [uuidv7()] },
        token: ada.token,
      }),
    );
    expect(randomMember).toEqual({
      status: 404,
      body: { message: MESSENGER_MESSAGES.memberNotFound },
    });
    for (const [who, other] of [
      [ada, bob],
      [bob, ada],
    ] as const) {
      const res = await callEndpoint(ctx.app, ROUTES.createConversation, {
        body: { memberIds: [other.user.id] },
        token: who.token,
      });
      expect(answer(res)).toEqual(randomMember);
    }
  });

  it('in a group, the messages of a member blocked either way are left out for the other, and a blocked member cannot be added', async () => {
    const [ada, bob, cleo, dan] = [
      await buildUser(ctx),
      await buildUser(ctx),
      await buildUser(ctx),
      await buildUser(ctx),
    ] as [BuiltUser, BuiltUser, BuiltUser, BuiltUser];
    const group = await startConversation(ctx.app, ada, [bob, cleo], 'Book club');
    expect(group).toMatchObject({ isGroup: true, name: 'Book club' });
    const fromAda = await sendMessage(ctx.app, ada, group._id, 'from Ada');
    const fromCleo = await sendMessage(ctx.app, cleo, group._id, 'from Cleo');
    expect((await block(ctx, cleo, ada)).statusCode).toBe(200);
    expect((await block(ctx, dan, bob)).statusCode).toBe(200);

    const textsOf = async (who: BuiltUser) =>
      (await messagesPageOf(ctx.app, who, group._id)).messages.map((m) => m._id);
    expect(await textsOf(bob)).toEqual([fromCleo._id, fromAda._id]);
    expect(await textsOf(cleo)).toEqual([fromCleo._id]);
    expect(await textsOf(ada)).toEqual([fromAda._id]);
    // Cleo's message does not count as unread for Ada, nor is it her last message.
    const asAda = await conversationAs(ctx.app, ada, group._id);
    expect([asAda.unreadCount, asAda.lastMessage?._id]).toEqual([0, fromAda._id]);
    expect((await conversationAs(ctx.app, cleo, group._id)).lastMessage?._id).toBe(fromCleo._id);

    const addDan = await callEndpoint(ctx.app, ROUTES.addConversationMembers, {
      params: { conversationId: group._id },
      body: { add: [dan.user.id] },
      token: bob.token,
    });
    expect(answer(addDan)).toEqual({
      status: 404,
      body: { message: MESSENGER_MESSAGES.memberNotFound },
    });
  });

  it("a suspended member's messages are hidden from everyone until the suspension ends", async () => {
    const ada = await buildUser(ctx);
    const bob = await buildUser(ctx);
    const { _id: id } = await startConversation(ctx.app, ada, [bob]);
    const sent = await sendMessage(ctx.app, ada, id, 'from Ada');
    await ctx.db
      .insertInto('suspensions')
      .values({
        user_id: ada.user.id,
        reason: 'spam',
        by_id: null,
        by_name: 'host',
        created_at: ctx.clock.now().toISOString(),
      })
      .execute();
    expect((await messagesPageOf(ctx.app, bob, id)).messages).toEqual([]);
    const seen = await conversationAs(ctx.app, bob, id);
    expect([seen.lastMessage, seen.unreadCount]).toEqual([null, 0]);
    expect(await unreadOf(ctx.app, bob)).toEqual({ count: 0, requests: 0 });
    await ctx.db.deleteFrom('suspensions').where('user_id', '=', ada.user.id).execute();
    expect((await messagesPageOf(ctx.app, bob, id)).messages).toEqual([sent]);
  });

  it('members added later read from their joining on; a group holds at most 50; a pair takes no one; a member who leaves loses it', async () => {
    const ada = await buildUser(ctx);
    const bob = await buildUser(ctx);
    const cleo = await buildUser(ctx);
    const dan = await buildUser(ctx);
    const group = await startConversation(ctx.app, ada, [bob, cleo]);
    await sendMessage(ctx.app, ada, group._id, 'before Dan');
    const added = await callEndpoint(ctx.app, ROUTES.addConversationMembers, {
      params: { conversationId: group._id },
      body: { add: [dan.user.id, bob.user.id] },
      token: bob.token,
    });
    expect(added.statusCode).toBe(200);
    expect((added.json() as Conversation).members.map((m) => m._id)).toEqual(
      [ada, bob, cleo, dan].map((m) => m.user.id),
    );
    const after = await sendMessage(ctx.app, cleo, group._id, 'welcome Dan');
    expect((await messagesPageOf(ctx.app, dan, group._id)).messages.map((m) => m._id)).toEqual([
      after._id,
    ]);

    const crowd = await buildMembers(
      ctx,
      Array.from({ length: CONVERSATION_MEMBERS_MAX - 3 }, (_, i) => ({
        first_name: `Crowd${i}`,
        last_name: 'Member',
      })),
    );
    const tooMany = await callEndpoint(ctx.app, ROUTES.addConversationMembers, {
      params: { conversationId: group._id },
      body: { add: crowd.map((m) => m.id) },
      token: ada.token,
    });
    expect(answer(tooMany)).toEqual({
      status: 400,
      body: { message: MESSENGER_MESSAGES.tooManyMembers },
    });

    const pair = await startConversation(ctx.app, ada, [bob]);
    const toPair = await callEndpoint(ctx.app, ROUTES.addConversationMembers, {
      params: { conversationId: pair._id },
      body: { add: [cleo.user.id] },
      token: ada.token,
    });
    expect(answer(toPair)).toEqual({ status: 400, body: { message: MESSENGER_MESSAGES.notGroup } });

    const left = await callEndpoint(ctx.app, ROUTES.leaveConversation, {
      params: { conversationId: group._id },
      token: dan.token,
    });
    expect(answer(left)).toEqual({ status: 200, body: 'ok' });
    expect(answer(await messagesRequest(ctx.app, dan, group._id))).toEqual(MISSING);
    expect((await conversationAs(ctx.app, ada, group._id)).members).toHaveLength(3);
  });

  it('unsending erases text and image for everyone; the photo’s addresses, signed or not, answer as a missing file', async () => {
    const ada = await buildUser(ctx);
    const bob = await buildUser(ctx);
    const { _id: id } = await startConversation(ctx.app, ada, [bob]);
    const photo = await messagePhoto(ctx.app, ada);
    const sent = await sendMessage(ctx.app, ada, id, 'oops', photo);
    const url = sent.image?.url as string;
    expect((await ctx.app.inject({ url })).statusCode).toBe(200);
    const res = await callEndpoint(ctx.app, ROUTES.unsendMessage, {
      params: { messageId: sent._id },
      token: ada.token,
    });
    expect(answer(res)).toEqual({ status: 200, body: 'ok' });
    for (const who of [ada, bob]) {
      expect((await messagesPageOf(ctx.app, who, id)).messages).toEqual([
        { ...sent, text: '', image: null, removed: true },
      ]);
    }
    const row = await ctx.db
      .selectFrom('messages')
      .select(['text', 'removed'])
      .where('id', '=', sent._id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ text: '', removed: 1 });
    // Its file is hidden from everyone, the sender included, with the address handed out before
    // or without its signature: the answer of a file that does not exist.
    const missing = answer(
      await ctx.app.inject({ url: `/media/${ada.user.username}/message_images/${uuidv7()}.jpg` }),
    );
    for (const address of [url, url.split('?')[0] as string, sent.image?.variants[0]?.url]) {
      expect(answer(await ctx.app.inject({ url: address as string }))).toEqual(missing);
    }
    expect(missing.status).toBe(404);
  });

  it("a message's photo must be the sender's own upload to message_images; its address is signed, served to members and refused to anyone else", async () => {
    const ada = await buildUser(ctx);
    const bob = await buildUser(ctx);
    const eve = await buildUser(ctx);
    const { _id: id } = await startConversation(ctx.app, ada, [bob]);
    const photo = await messagePhoto(ctx.app, ada);
    const postPhoto = await uploadedUrl(
      ctx.app,
      ada.token,
      `${ada.user.username}/post_images`,
      await jpeg(),
    );
    const bobsPhoto = await messagePhoto(ctx.app, bob);
    const notYours = { status: 400, body: { message: MESSENGER_MESSAGES.imageNotYours } };
    for (const image of [postPhoto, bobsPhoto, 'https://elsewhere.example/x.jpg']) {
      expect(answer(await sendRequest(ctx.app, ada, id, 'look', image))).toEqual(notYours);
    }

    const sent = await sendMessage(ctx.app, ada, id, '', photo);
    const url = sent.image?.url as string;
    expect(url).toMatch(/\?exp=\d+&sig=/);
    expect(sent.image?.variants.every((v) => v.url.includes('sig='))).toBe(true);
    const read = (await messagesPageOf(ctx.app, bob, id)).messages[0];
    expect(read?.image?.url).toBe(url);
    expect((await ctx.app.inject({ url })).statusCode).toBe(200);

    const missing = await ctx.app.inject({
      url: `/media/${ada.user.username}/message_images/${uuidv7()}.jpg`,
    });
    const unsigned = await ctx.app.inject({ url: url.split('?')[0] as string });
    expect(answer(unsigned)).toEqual(answer(missing));
    expect(unsigned.statusCode).toBe(404);
    // Not listed to anyone but its owner.
    const listing = async (who: BuiltUser) => {
      const res = await callEndpoint(ctx.app, ROUTES.listImages, {
        body: { path: `${ada.user.username}/*`, sort: 'desc', max: 30 },
        token: who.token,
      });
      return (res.json() as { resources: Array<{ secure_url: string }> }).resources.map(
        (r) => r.secure_url.split('?')[0],
      );
    };
    expect(await listing(eve)).not.toContain(url.split('?')[0]);
    expect(await listing(bob)).toContain(url.split('?')[0]);
  });

  it('pages through 500 messages newest first without gaps or repeats', async () => {
    const ada = await buildUser(ctx);
    const bob = await buildUser(ctx);
    const { _id: id } = await startConversation(ctx.app, ada, [bob]);
    const ids = await insertMessages(ctx.db, id, ada, 500, ctx.clock.now());
    const seen: string[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const page = await messagesPageOf(
        ctx.app,
        bob,
        id,
        `limit=50${cursor ? `&cursor=${cursor}` : ''}`,
      );
      seen.push(...page.messages.map((m) => m._id));
      cursor = page.next;
      pages += 1;
    } while (cursor);
    expect(pages).toBe(10);
    expect(seen).toEqual([...ids].reverse());
    expect((await conversationAs(ctx.app, bob, id)).unreadCount).toBe(500);
  });

  it('bad input gets a 400 with its message', async () => {
    const ada = await buildUser(ctx);
    const bob = await buildUser(ctx);
    const { _id: id } = await startConversation(ctx.app, ada, [bob]);
    const cases: Array<[Promise<LightMyRequestResponse>, string]> = [
      [sendRequest(ctx.app, ada, id, '   '), MESSENGER_MESSAGES.empty],
      [sendRequest(ctx.app, ada, id, 'x'.repeat(MESSAGE_TEXT_MAX + 1)), MESSENGER_MESSAGES.textMax],
      [
        callEndpoint(ctx.app, ROUTES.createConversation, {
          body: { memberIds: [ada.user.id] },
          token: ada.token,
        }),
        MESSENGER_MESSAGES.self,
      ],
      [
        callEndpoint(ctx.app, ROUTES.createConversation, {
          body: { memberIds: [] },
          token: ada.token,
        }),
        MESSENGER_MESSAGES.members,
      ],
      [
        callEndpoint(ctx.app, ROUTES.createConversation, {
          rawBody: { memberIds: [bob.user.id, ada.user.id], name: 'n'.repeat(101) },
          token: ada.token,
        }),
        MESSENGER_MESSAGES.nameMax,
      ],
      [
        callEndpoint(ctx.app, ROUTES.conversations, {
          rawQuery: 'cursor=nonsense',
          token: ada.token,
        }),
        SERVER_MESSAGES.invalidInput,
      ],
    ];
    for (const [res, message] of cases)
      expect(answer(await res)).toEqual({ status: 400, body: { message } });
  });

  it("a deleted account's messages stay for the others, without a sender or their photo; its membership goes", async () => {
    const ada = await buildUser(ctx);
    const bob = await buildUser(ctx);
    const { _id: id } = await startConversation(ctx.app, ada, [bob]);
    const photo = await messagePhoto(ctx.app, ada);
    const withPhoto = await sendMessage(ctx.app, ada, id, 'look', photo);
    const sent = await sendMessage(ctx.app, ada, id, 'goodbye');
    const res = await callEndpoint(ctx.app, ROUTES.deleteAccount, {
      rawBody: { currentPassword: ada.password },
      token: ada.token,
    });
    expect(res.statusCode).toBe(200);
    ctx.clock.advance(ACCOUNT_DELETION_GRACE_MS + 60_000);
    expect(await ctx.app.purges.runOnce()).toMatchObject({ accounts: 1 });
    // Bob's session ran out over those weeks: he signs in again.
    bob.token = await sessionFor(ctx, bob.user);
    expect((await messagesPageOf(ctx.app, bob, id)).messages).toEqual([
      { ...sent, sender: null },
      { ...withPhoto, sender: null, image: null },
    ]);
    const seen = await conversationAs(ctx.app, bob, id);
    expect(seen.members.map((m) => m._id)).toEqual([bob.user.id]);
    expect(seen.unreadCount).toBe(2);
  });
});

describe('messaging writes are limited per member', () => {
  const ctx = useTestApp({
    config: {
      limits: {
        messageWritesPerAccount: { max: 4, windowMs: 60_000 },
        conversationsPerAccount: { max: 1, windowMs: 3_600_000 },
      },
    },
  });

  it('a member who sends too fast, or starts too many conversations, waits (429)', async () => {
    const ada = await buildUser(ctx);
    const bob = await buildUser(ctx);
    const cleo = await buildUser(ctx);
    const { _id: id } = await startConversation(ctx.app, ada, [bob]);
    const second = await callEndpoint(ctx.app, ROUTES.createConversation, {
      body: { memberIds: [cleo.user.id] },
      token: ada.token,
    });
    expect(second.statusCode).toBe(429);
    // Both starts spent one write of four each, the refused one too.
    await sendMessage(ctx.app, ada, id, 'one');
    await sendMessage(ctx.app, ada, id, 'two');
    const third = await sendRequest(ctx.app, ada, id, 'three');
    expect(third.statusCode).toBe(429);
    expect(third.json()).toEqual({ message: expect.any(String) });
    // Bob's own count is his.
    expect((await sendRequest(ctx.app, bob, id, 'hi')).statusCode).toBe(201);
  });
});

import { ROUTES } from '@hearth/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { type BuiltUser, buildUser } from '../../test-support/factories.js';
import { LiveClient, listenForLive } from '../../test-support/live-client.js';
import { markRead, sendMessage, startConversation } from '../../test-support/messages-api.js';
import { callEndpoint, useTestApp } from '../../test-support/test-app.js';
import { befriend } from '../../test-support/users-api.js';

// Messages over the live socket on one process (API.md, Messages); across processes:
// messages-across-processes.postgres.test.ts.
describe('messages delivered live', () => {
  const ctx = useTestApp();
  const clients: LiveClient[] = [];
  afterEach(() => {
    for (const client of clients.splice(0)) client.close();
  });

  async function socketOf(member: BuiltUser): Promise<LiveClient> {
    const client = await LiveClient.ready(await listenForLive(ctx.app), member.token);
    clients.push(client);
    return client;
  }

  /** The socket's message was handled (a pong follows it) and every event routed. */
  async function settled(socket: LiveClient): Promise<void> {
    socket.send({ type: 'ping' });
    await socket.next('pong');
    await ctx.app.live.idle();
  }

  it("reaches every socket of every member with each one's figures; 'Seen', unsend and typing follow; a non-member's typing is dropped", async () => {
    const ada = await buildUser(ctx);
    const bob = await buildUser(ctx);
    const eve = await buildUser(ctx);
    await befriend(ctx.app, ada, bob);
    const { _id: id } = await startConversation(ctx.app, ada, [bob]);
    const [adaSocket, bobPhone, bobLaptop, eveSocket] = (await Promise.all(
      [ada, bob, bob, eve].map(socketOf),
    )) as [LiveClient, LiveClient, LiveClient, LiveClient];

    const sent = await sendMessage(ctx.app, ada, id, 'Are you in?');
    for (const socket of [bobPhone, bobLaptop]) {
      expect((await socket.next('message')).payload).toEqual({
        message: sent,
        unread: { count: 1, requests: 0 },
      });
    }
    expect((await adaSocket.next('message')).payload.unread).toEqual({ count: 0, requests: 0 });

    bobPhone.send({ type: 'typing', conversationId: id });
    expect((await adaSocket.next('typing')).payload).toEqual({
      conversationId: id,
      userId: bob.user.id,
    });
    eveSocket.send({ type: 'typing', conversationId: id });
    await settled(eveSocket);
    await markRead(ctx.app, bob, id);
    const seen = await adaSocket.next('messageRead');
    expect(seen.payload).toEqual({
      conversationId: id,
      userId: bob.user.id,
      messageId: sent._id,
      unread: { count: 0, requests: 0 },
    });
    // Bob's other device hears his figures drop.
    expect((await bobLaptop.next('messageRead')).payload.unread).toEqual({ count: 0, requests: 0 });

    const unsent = await callEndpoint(ctx.app, ROUTES.unsendMessage, {
      params: { messageId: sent._id },
      token: ada.token,
    });
    expect(unsent.statusCode).toBe(200);
    expect((await bobPhone.next('messageRemoved')).payload).toEqual({
      conversationId: id,
      messageId: sent._id,
    });
    await settled(adaSocket);
    // The typer hears no echo; the outsider's typing went nowhere, and they heard nothing.
    expect(adaSocket.messages.filter((m) => m.type === 'typing')).toEqual([]);
    expect(bobPhone.messages.filter((m) => m.type === 'typing')).toEqual([]);
    expect(eveSocket.messages.filter((m) => m.type !== 'pong')).toEqual([]);
  });

  it("in a group, a blocked member's messages do not reach the member blocked either way", async () => {
    const ada = await buildUser(ctx);
    const bob = await buildUser(ctx);
    const cleo = await buildUser(ctx);
    const group = await startConversation(ctx.app, ada, [bob, cleo]);
    const blocked = await callEndpoint(ctx.app, ROUTES.block, {
      params: { id: ada.user.id },
      token: cleo.token,
    });
    expect(blocked.statusCode).toBe(200);
    const [bobSocket, cleoSocket] = (await Promise.all([bob, cleo].map(socketOf))) as [
      LiveClient,
      LiveClient,
    ];
    await sendMessage(ctx.app, ada, group._id, 'hello all');
    expect((await bobSocket.next('message')).payload.message.text).toBe('hello all');
    await settled(cleoSocket);
    expect(cleoSocket.messages.filter((m) => m.type === 'message')).toEqual([]);
    // Cleo's own messages still reach Bob, and not Ada.
    const fromCleo = await sendMessage(ctx.app, cleo, group._id, 'hi Bob');
    expect((await bobSocket.next('message')).payload.message._id).toBe(fromCleo._id);
  });
});

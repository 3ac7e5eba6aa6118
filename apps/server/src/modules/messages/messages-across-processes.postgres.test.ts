import { afterEach, describe, expect, it } from 'vitest';
import type { App } from '../../app.js';
import { RedisBus } from '../../infra/bus/redis-bus.js';
import { buildUser } from '../../test-support/factories.js';
import { LiveClient, listenForLive } from '../../test-support/live-client.js';
import { sendMessage, startConversation, unreadOf } from '../../test-support/messages-api.js';
import { useSecondServer } from '../../test-support/second-server.js';
import { useTestApp } from '../../test-support/test-app.js';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

// Two servers sharing one PostgreSQL database and one Redis (API.md, Messages): a message sent
// through one reaches the recipient's sockets on both within a second.
describe('messages across two server processes', () => {
  const ctx = useTestApp({ config: { redisUrl: REDIS_URL } });
  const serverB = useSecondServer(ctx);
  const clients: LiveClient[] = [];
  afterEach(() => {
    for (const client of clients.splice(0)) client.close();
  });

  async function socketOn(app: App, token: string): Promise<LiveClient> {
    const client = await LiveClient.ready(await listenForLive(app), token);
    clients.push(client);
    return client;
  }

  it("a message sent through B arrives within a second on the recipient's sockets on A and B, with the unread figures either process answers", async () => {
    const b = await serverB();
    for (const app of [ctx.app, b]) {
      expect(app.bus).toBeInstanceOf(RedisBus);
      await (app.bus as RedisBus).ready();
    }
    const ada = await buildUser(ctx);
    const bob = await buildUser(ctx);
    // Not friends: a message request for Bob.
    const { _id: id } = await startConversation(b, ada, [bob]);
    const [onA, onB] = [await socketOn(ctx.app, bob.token), await socketOn(b, bob.token)];

    const sent = await sendMessage(b, ada, id, 'Hello from the other process');
    const expected = { message: sent, unread: { count: 0, requests: 1 } };
    expect((await onA.next('message', 1000)).payload).toEqual(expected);
    expect((await onB.next('message', 1000)).payload).toEqual(expected);
    expect(await unreadOf(ctx.app, bob)).toEqual(expected.unread);
    expect(await unreadOf(b, bob)).toEqual(expected.unread);

    // Bob replies through A: Ada's socket on B hears it, and Bob's request became his inbox.
    const adaOnB = await socketOn(b, ada.token);
    const reply = await sendMessage(ctx.app, bob, id, 'Hi!');
    const heard = await adaOnB.next('message', 1000);
    expect(heard.payload).toEqual({ message: reply, unread: { count: 1, requests: 0 } });
    expect(await unreadOf(b, ada)).toEqual({ count: 1, requests: 0 });
    expect(await unreadOf(ctx.app, ada)).toEqual({ count: 1, requests: 0 });
  });
});

import { EventEmitter, once } from 'node:events';
import { connect, type Socket } from 'node:net';
import { setTimeout as delay } from 'node:timers/promises';
import { API_PREFIX, callPath, ROUTES } from '@hearth/contract';
import { describe, expect, it } from 'vitest';
import type { ConnectionLimits } from '../config.js';
import { buildUser } from '../test-support/factories.js';
import { jpeg } from '../test-support/images.js';
import { type TestContext, useTestApp } from '../test-support/test-app.js';
import { multipartBody } from '../test-support/uploads.js';
import { ConnectionCap } from './connection-limits.js';

const HEALTH = `${API_PREFIX}/health`;

function limits(overrides: Partial<ConnectionLimits>): ConnectionLimits {
  return {
    headersTimeoutMs: 10_000,
    idleTimeoutMs: 10_000,
    maxPerAddress: 256,
    uncappedAddresses: ['127.0.0.0/8', '::1/128'],
    ...overrides,
  };
}

async function listening(ctx: TestContext): Promise<number> {
  await ctx.app.listen({ host: '127.0.0.1', port: 0 });
  const address = ctx.app.server.address();
  if (address === null || typeof address === 'string') throw new Error('not listening on TCP');
  return address.port;
}

/** A raw TCP connection to the server that keeps what it receives. */
class Client {
  received = '';
  readonly closed: Promise<void>;

  private constructor(readonly socket: Socket) {
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => {
      this.received += chunk;
    });
    // A connection the server drops may end in a reset; what counts is that it ended.
    socket.on('error', () => {});
    this.closed = once(socket, 'close').then(() => undefined);
  }

  static async open(port: number): Promise<Client> {
    const socket = connect({ host: '127.0.0.1', port });
    await once(socket, 'connect');
    return new Client(socket);
  }

  /** Sends a whole GET and waits for its answer's status line and body. */
  async get(path: string): Promise<number> {
    const before = this.received.length;
    this.socket.write(`GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`);
    while (!/\r\n\r\n[\s\S]*\}/.test(this.received.slice(before))) {
      await Promise.race([once(this.socket, 'data'), this.closed]);
      if (this.socket.destroyed) break;
    }
    return statusOf(this.received.slice(before));
  }

  /** Resolves once the server has answered a whole (JSON) reply or closed. */
  async answer(): Promise<number> {
    while (!/\r\n\r\n[\s\S]*\}/.test(this.received) && !this.socket.destroyed) {
      await Promise.race([once(this.socket, 'data'), this.closed]);
    }
    return statusOf(this.received);
  }
}

function statusOf(text: string): number {
  return Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1] ?? 0);
}

async function closedAfter(client: Client): Promise<number> {
  const started = performance.now();
  await client.closed;
  return performance.now() - started;
}

describe('a client that sends its headers too slowly', () => {
  const ctx = useTestApp({ config: { connections: limits({ headersTimeoutMs: 300 }) } });

  it('is cut off once the header timeout has passed', async () => {
    const client = await Client.open(await listening(ctx));
    const started = performance.now();
    client.socket.write(`GET ${HEALTH} HTTP/1.1\r\nHost: 127.0.0.1\r\n`);
    await client.closed;
    const elapsed = performance.now() - started;
    expect(elapsed).toBeGreaterThanOrEqual(290);
    expect(elapsed).toBeLessThan(5000);
    // Node answers 408 when it can; either way no request reached the app.
    expect([0, 408]).toContain(statusOf(client.received));
  });
});

describe('a connection that goes quiet', () => {
  const ctx = useTestApp({ config: { connections: limits({ idleTimeoutMs: 400 }) } });

  it('is closed after the inactivity timeout between requests', async () => {
    const client = await Client.open(await listening(ctx));
    expect(await client.get(HEALTH)).toBe(200);
    const quiet = await closedAfter(client);
    expect(quiet).toBeGreaterThanOrEqual(390);
    // Node adds a second of its own to keep-alive, against races with the client's reuse.
    expect(quiet).toBeLessThan(5000);
  });

  it('is closed after the inactivity timeout in the middle of a body', async () => {
    const client = await Client.open(await listening(ctx));
    client.socket.write(
      `POST ${API_PREFIX}/auth/login HTTP/1.1\r\nHost: 127.0.0.1\r\n` +
        'Content-Type: application/json\r\nContent-Length: 100\r\n\r\n{"email":',
    );
    const quiet = await closedAfter(client);
    expect(quiet).toBeGreaterThanOrEqual(390);
    expect(quiet).toBeLessThan(5000);
  });

  it('a slow upload that keeps sending finishes though it lasts longer than the timeout', async () => {
    const port = await listening(ctx);
    const ada = await buildUser(ctx);
    const { payload, contentType } = multipartBody([
      { name: 'path', value: `${ada.user.username}/post_images` },
      { name: 'file', filename: 'slow.jpg', bytes: await jpeg(), contentType: 'image/jpeg' },
    ]);
    const client = await Client.open(port);
    client.socket.write(
      `POST ${API_PREFIX}${callPath(ROUTES.uploadImages, {})} HTTP/1.1\r\nHost: 127.0.0.1\r\n` +
        `Authorization: Bearer ${ada.token}\r\nContent-Type: ${contentType}\r\n` +
        `Content-Length: ${payload.length}\r\n\r\n`,
    );
    // 12 pieces, 150 ms apart: 1.65 s in all, four times the timeout, each gap well under it.
    const pieces = 12;
    const size = Math.ceil(payload.length / pieces);
    const started = performance.now();
    for (let i = 0; i < pieces; i++) {
      // The pacing is the point of the test: a client that sends a little, then waits.
      if (i > 0) await delay(150);
      expect(client.socket.destroyed).toBe(false);
      client.socket.write(payload.subarray(i * size, (i + 1) * size));
    }
    expect(performance.now() - started).toBeGreaterThan(4 * 400);
    expect(await client.answer()).toBe(200);
    expect(client.received).toContain('/media/');
    client.socket.destroy();
  });
});

/** A socket as the cap sees it: an address, and a close the test fires. */
class FakeSocket extends EventEmitter {
  destroyed = false;
  constructor(readonly remoteAddress: string | undefined) {
    super();
  }
  destroy(): this {
    this.destroyed = true;
    return this;
  }
}

describe('the per-address connection cap', () => {
  it('refuses connections beyond the cap from one address, and takes one again once one closes', () => {
    const cap = new ConnectionCap(2, ['127.0.0.0/8', '::1/128']);
    const first = new FakeSocket('203.0.113.7');
    const second = new FakeSocket('203.0.113.7');
    const third = new FakeSocket('203.0.113.7');
    expect(cap.admit(first)).toBe(true);
    expect(cap.admit(second)).toBe(true);
    expect(cap.admit(third)).toBe(false);
    expect(third.destroyed).toBe(true);
    // Another address has its own count.
    expect(cap.admit(new FakeSocket('2001:db8::1'))).toBe(true);
    expect(cap.admit(new FakeSocket('198.51.100.1'))).toBe(true);

    first.emit('close');
    expect(cap.openFrom('203.0.113.7')).toBe(1);
    const fourth = new FakeSocket('203.0.113.7');
    expect(cap.admit(fourth)).toBe(true);
    expect(fourth.destroyed).toBe(false);
  });

  it('never counts loopback, in any spelling, nor the addresses it is told to leave alone', () => {
    const cap = new ConnectionCap(1, ['127.0.0.0/8', '::1/128', '10.1.2.3', 'fd00::/8']);
    for (const address of [
      '127.0.0.1',
      '127.9.8.7',
      '::1',
      '::ffff:127.0.0.1',
      '10.1.2.3',
      'fd00::5',
    ]) {
      for (let i = 0; i < 5; i++) expect(cap.admit(new FakeSocket(address)), address).toBe(true);
      expect(cap.openFrom(address)).toBe(0);
    }
    expect(cap.admit(new FakeSocket('10.1.2.4'))).toBe(true);
    expect(cap.admit(new FakeSocket('10.1.2.4'))).toBe(false);
    // The same address written as IPv4-mapped IPv6 is its own peer to Node, capped as well.
    expect(cap.admit(new FakeSocket('::ffff:10.1.2.5'))).toBe(true);
    expect(cap.admit(new FakeSocket('::ffff:10.1.2.5'))).toBe(false);
  });

  it('refuses a range that is not one', () => {
    expect(() => new ConnectionCap(1, ['localhost'])).toThrow(/localhost/);
  });
});

describe('the connection cap on a listening server', () => {
  describe('with loopback counted like any address', () => {
    const ctx = useTestApp({
      config: { connections: limits({ maxPerAddress: 2, uncappedAddresses: [] }) },
    });

    it('a third connection from the address is closed unanswered, and admitted once one ends', async () => {
      const port = await listening(ctx);
      const serverSide: Socket[] = [];
      ctx.app.server.on('connection', (socket: Socket) => serverSide.push(socket));
      const first = await Client.open(port);
      expect(await first.get(HEALTH)).toBe(200);
      const second = await Client.open(port);
      expect(await second.get(HEALTH)).toBe(200);

      const third = await Client.open(port);
      third.socket.write(`GET ${HEALTH} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`);
      await third.closed;
      expect(third.received).toBe('');

      // The first ends; once the server has seen it close, the address has room again.
      first.socket.destroy();
      await once(serverSide[0] as Socket, 'close');
      const fourth = await Client.open(port);
      expect(await fourth.get(HEALTH)).toBe(200);
      expect(await second.get(HEALTH)).toBe(200);
      second.socket.destroy();
      fourth.socket.destroy();
    });
  });

  describe('with the default exemptions', () => {
    const ctx = useTestApp({ config: { connections: limits({ maxPerAddress: 2 }) } });

    it('loopback (the benchmark, a reverse proxy on this machine) is never capped', async () => {
      const port = await listening(ctx);
      const clients = await Promise.all(Array.from({ length: 6 }, () => Client.open(port)));
      const statuses = await Promise.all(clients.map((client) => client.get(HEALTH)));
      expect(statuses).toEqual([200, 200, 200, 200, 200, 200]);
      for (const client of clients) client.socket.destroy();
    });
  });
});

import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import WebSocket, { WebSocketServer } from 'ws';
import { type RoundRobinProxy, startRoundRobinProxy } from './round-robin-proxy.js';

// The proxy of several-processes.postgres.test.ts, checked against plain backends that echo what
// reached them: the test there relies on its turns, its X-Forwarded-For and its skipping.

interface Echo {
  backend: number;
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

interface Backend {
  url: string;
  stop(): Promise<void>;
}

async function echoBackend(index: number): Promise<Backend> {
  const server = http.createServer((request, reply) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const echo: Echo = {
        backend: index,
        method: request.method ?? '',
        url: request.url ?? '',
        headers: request.headers,
        body: Buffer.concat(chunks).toString(),
      };
      reply.setHeader('set-cookie', ['a=1', 'b=2']);
      // Streamed in two parts (chunked): the proxy passes them on as they come.
      reply.writeHead(200, { 'content-type': 'application/json' });
      const text = JSON.stringify(echo);
      reply.write(text.slice(0, 10));
      setImmediate(() => reply.end(text.slice(10)));
    });
  });
  const sockets = new WebSocketServer({ server });
  sockets.on('connection', (ws, request) => {
    ws.on('message', (data) =>
      ws.send(JSON.stringify({ backend: index, said: String(data), url: request.url })),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    async stop() {
      for (const client of sockets.clients) client.terminate();
      sockets.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

async function send(
  proxy: RoundRobinProxy,
  body: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; echo: Echo; cookies: string[] }> {
  const res = await fetch(`${proxy.url}/api/v1/some/path?x=1`, {
    method: 'PUT',
    headers: { 'content-type': 'text/plain', ...headers },
    body,
  });
  return {
    status: res.status,
    echo: (await res.json()) as Echo,
    cookies: res.headers.getSetCookie(),
  };
}

describe('the round-robin proxy', () => {
  const closing: Array<() => Promise<void>> = [];
  afterEach(async () => {
    for (const close of closing.splice(0).reverse()) await close();
  });

  async function setUp(count: number): Promise<{ proxy: RoundRobinProxy; backends: Backend[] }> {
    const backends = await Promise.all(Array.from({ length: count }, (_, i) => echoBackend(i)));
    for (const backend of backends) closing.push(() => backend.stop());
    const proxy = await startRoundRobinProxy();
    closing.push(() => proxy.close());
    proxy.setBackends(backends.map((b) => b.url));
    return { proxy, backends };
  }

  it('sends each request to the next backend in turn, whole, with the client in X-Forwarded-For', async () => {
    const { proxy } = await setUp(3);
    const answers = [];
    for (let n = 0; n < 6; n++) answers.push(await send(proxy, `body ${n}`));
    expect(answers.map((a) => a.echo.backend)).toEqual([0, 1, 2, 0, 1, 2]);
    expect(proxy.counts).toEqual([2, 2, 2]);
    const [first] = answers;
    expect(first?.status).toBe(200);
    expect(first?.echo).toMatchObject({
      method: 'PUT',
      url: '/api/v1/some/path?x=1',
      body: 'body 0',
      headers: {
        host: new URL(proxy.url).host,
        'content-type': 'text/plain',
        'x-forwarded-for': '127.0.0.1',
        'x-forwarded-proto': 'http',
      },
    });
    expect(first?.cookies).toEqual(['a=1', 'b=2']);
    // An address the client's own proxy named comes first; the one the proxy saw is appended.
    const behind = await send(proxy, '', { 'x-forwarded-for': '203.0.113.9' });
    expect(behind.echo.headers['x-forwarded-for']).toBe('203.0.113.9, 127.0.0.1');
  });

  it('skips a backend that refuses the connection: no request fails; 502 only when none is left', async () => {
    const { proxy, backends } = await setUp(3);
    await backends[1]?.stop();
    const answers = [];
    for (let n = 0; n < 6; n++) answers.push(await send(proxy, `after ${n}`));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200, 200]);
    expect(answers.map((a) => a.echo.body)).toEqual(answers.map((_, n) => `after ${n}`));
    expect(new Set(answers.map((a) => a.echo.backend))).toEqual(new Set([0, 2]));
    expect(proxy.counts[1]).toBe(0);
    expect(proxy.skipped).toBe(2);
    await backends[0]?.stop();
    await backends[2]?.stop();
    const res = await fetch(proxy.url);
    expect(res.status).toBe(502);
  });

  it('pipes WebSocket upgrades to the next backend in turn, and closes them when it goes', async () => {
    const { proxy, backends } = await setUp(2);
    const open = async () => {
      const ws = new WebSocket(`${proxy.url.replace('http:', 'ws:')}/api/v1/streaming`);
      const closed = new Promise<void>((resolve) => ws.once('close', () => resolve()));
      await new Promise<void>((resolve, reject) => {
        ws.once('open', () => resolve());
        ws.once('error', reject);
      });
      const reply = new Promise<{ backend: number; said: string; url: string }>((resolve) =>
        ws.once('message', (data) => resolve(JSON.parse(String(data)))),
      );
      ws.send('hello');
      return { ws, closed, reply: await reply };
    };
    const a = await open();
    const b = await open();
    closing.push(async () => {
      a.ws.terminate();
      b.ws.terminate();
    });
    expect([a.reply.backend, b.reply.backend]).toEqual([0, 1]);
    expect(a.reply).toMatchObject({ said: 'hello', url: '/api/v1/streaming' });
    expect(proxy.upgrades).toEqual([0, 1]);
    await backends[1]?.stop();
    await b.closed;
    expect(a.ws.readyState).toBe(WebSocket.OPEN);
    // The next upgrade skips the stopped backend.
    const c = await open();
    closing.push(async () => c.ws.terminate());
    expect(c.reply.backend).toBe(0);
  });
});

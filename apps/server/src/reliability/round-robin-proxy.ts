import http, { type IncomingHttpHeaders, type IncomingMessage } from 'node:http';
import net, { type AddressInfo, type Socket } from 'node:net';

/**
 * A load balancer in front of several server processes, as small as a test needs (node:http
 * only): each request goes to the next backend in turn, with its method, path, headers (and an
 * `X-Forwarded-For` naming the client) and body; the answer is streamed back. WebSocket upgrades
 * go to the next backend too, both sockets piped together. A backend that refuses the connection
 * (ECONNREFUSED: a stopped or killed process) is skipped and the request tried on the next one,
 * which is safe since nothing reached it; only when every backend refuses does the client get a
 * 502. A request body is read whole before the first try, so it can be sent again.
 */
export interface RoundRobinProxy {
  /** `http://127.0.0.1:{port}`: PUBLIC_URL of the processes behind it. */
  readonly url: string;
  /** Requests (upgrades included) each backend answered, by its index in `setBackends`. */
  readonly counts: number[];
  /** The backend index of each WebSocket upgrade, in the order they were made. */
  readonly upgrades: number[];
  /** Connections refused by a backend and tried on the next one. */
  readonly skipped: number;
  /** The backends' base URLs (`http://127.0.0.1:{port}`), set once they are listening. */
  setBackends(urls: string[]): void;
  close(): Promise<void>;
}

/** Headers of one hop only (RFC 9110, 7.6.1): never forwarded. */
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-authenticate',
  'proxy-authorization',
  'proxy-connection',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
]);

interface Backend {
  host: string;
  port: number;
}

function refused(error: unknown): boolean {
  return (error as NodeJS.ErrnoException).code === 'ECONNREFUSED';
}

/** The client's `X-Forwarded-For` with the address the proxy saw it from appended. */
function forwardedFor(request: IncomingMessage): string {
  const seen = request.socket.remoteAddress ?? '';
  const before = request.headers['x-forwarded-for'];
  const earlier = Array.isArray(before) ? before.join(', ') : before;
  return earlier ? `${earlier}, ${seen}` : seen;
}

function forwardedHeaders(request: IncomingMessage): IncomingHttpHeaders {
  const headers: IncomingHttpHeaders = {};
  for (const [name, value] of Object.entries(request.headers)) {
    if (!HOP_BY_HOP.has(name) && value !== undefined) headers[name] = value;
  }
  headers['x-forwarded-for'] = forwardedFor(request);
  headers['x-forwarded-proto'] = 'http';
  if (request.headers.host) headers['x-forwarded-host'] = request.headers.host;
  return headers;
}

export async function startRoundRobinProxy(): Promise<RoundRobinProxy> {
  let backends: Backend[] = [];
  const counts: number[] = [];
  const upgrades: number[] = [];
  let skipped = 0;
  let next = 0;
  const open = new Set<Socket>();
  // No connection is kept between requests: a pooled one to a killed process would fail with a
  // reset (after the request was sent) rather than a refusal.
  const agent = new http.Agent({ keepAlive: false });

  /** The backends to try for one request: every one, starting with the next in turn. */
  function turn(): number[] {
    const first = next;
    next = (next + 1) % Math.max(backends.length, 1);
    return backends.map((_, offset) => (first + offset) % backends.length);
  }

  function forward(request: IncomingMessage, reply: http.ServerResponse, body: Buffer): void {
    const order = turn();
    const headers = forwardedHeaders(request);
    if (body.length > 0 || request.headers['content-length'] !== undefined) {
      headers['content-length'] = String(body.length);
    }
    const attempt = (at: number): void => {
      const index = order[at];
      const backend = index === undefined ? undefined : backends[index];
      if (index === undefined || !backend) {
        reply.writeHead(502, { 'content-type': 'text/plain' }).end('no backend answered');
        return;
      }
      const upstream = http.request({
        host: backend.host,
        port: backend.port,
        method: request.method,
        path: request.url,
        headers,
        agent,
      });
      upstream.on('response', (answer) => {
        counts[index] = (counts[index] ?? 0) + 1;
        const answerHeaders: IncomingHttpHeaders = {};
        for (const [name, value] of Object.entries(answer.headers)) {
          if (!HOP_BY_HOP.has(name) && value !== undefined) answerHeaders[name] = value;
        }
        reply.writeHead(answer.statusCode ?? 502, answerHeaders);
        answer.pipe(reply);
        answer.on('error', () => reply.destroy());
      });
      upstream.on('error', (error) => {
        if (refused(error)) {
          skipped += 1;
          attempt(at + 1);
        } else if (!reply.headersSent) {
          reply.writeHead(502, { 'content-type': 'text/plain' }).end(String(error));
        } else {
          reply.destroy();
        }
      });
      upstream.end(body);
    };
    attempt(0);
  }

  function upgrade(request: IncomingMessage, client: Socket, head: Buffer): void {
    const order = turn();
    client.on('error', () => {});
    const headers = forwardedHeaders(request);
    // The upgrade's own hop-by-hop headers are what the backend must see.
    headers.connection = 'Upgrade';
    headers.upgrade = request.headers.upgrade ?? 'websocket';
    const lines = [`${request.method} ${request.url} HTTP/1.1`];
    for (const [name, value] of Object.entries(headers)) {
      for (const one of Array.isArray(value) ? value : [value]) lines.push(`${name}: ${one}`);
    }
    const requestHead = `${lines.join('\r\n')}\r\n\r\n`;
    const attempt = (at: number): void => {
      const index = order[at];
      const backend = index === undefined ? undefined : backends[index];
      if (index === undefined || !backend) {
        client.end('HTTP/1.1 502 Bad Gateway\r\nconnection: close\r\ncontent-length: 0\r\n\r\n');
        return;
      }
      const upstream = net.connect(backend.port, backend.host);
      let connected = false;
      upstream.once('connect', () => {
        connected = true;
        counts[index] = (counts[index] ?? 0) + 1;
        upgrades.push(index);
        open.add(upstream);
        upstream.once('close', () => open.delete(upstream));
        upstream.write(requestHead);
        if (head.length > 0) upstream.write(head);
        upstream.pipe(client);
        client.pipe(upstream);
        // Either side going away ends the other: a killed backend closes the member's socket.
        upstream.once('close', () => client.destroy());
        client.once('close', () => upstream.destroy());
      });
      upstream.on('error', (error) => {
        if (!connected && refused(error)) {
          skipped += 1;
          attempt(at + 1);
        } else {
          client.destroy();
        }
      });
    };
    attempt(0);
  }

  const server = http.createServer((request, reply) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => forward(request, reply, Buffer.concat(chunks)));
    request.on('error', () => reply.destroy());
  });
  server.on('upgrade', upgrade);
  server.on('connection', (socket) => {
    open.add(socket);
    socket.once('close', () => open.delete(socket));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    counts,
    upgrades,
    get skipped() {
      return skipped;
    },
    setBackends(urls) {
      backends = urls.map((url) => {
        const parsed = new URL(url);
        return { host: parsed.hostname, port: Number(parsed.port) };
      });
      counts.splice(0, counts.length, ...urls.map(() => 0));
      next = 0;
    },
    async close() {
      for (const socket of open) socket.destroy();
      agent.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

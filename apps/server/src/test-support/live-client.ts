import { API_PREFIX, type LiveServerMessage, STREAMING_PATH } from '@hearth/contract';
import WebSocket from 'ws';
import type { App } from '../app.js';

/** How long a test waits for a message or a close before failing. */
export const LIVE_DEADLINE_MS = 1000;

/**
 * A client of the live-updates socket, as the web app would be: it records every message the
 * server sends and how the socket closed, and waits for either with a deadline.
 */
export class LiveClient {
  readonly messages: LiveServerMessage[] = [];
  closeCode: number | undefined;
  private readonly waiters = new Set<() => void>();

  private constructor(readonly ws: WebSocket) {
    ws.on('message', (data) => {
      this.messages.push(JSON.parse(String(data)) as LiveServerMessage);
      this.wake();
    });
    ws.on('close', (code) => {
      this.closeCode = code;
      this.wake();
    });
    // An error (a refused upgrade) is followed by a close; recorded there.
    ws.on('error', () => {});
  }

  /** Opens a socket to the app's streaming path; resolves once open. */
  static async open(url: string): Promise<LiveClient> {
    const ws = new WebSocket(url);
    const client = new LiveClient(ws);
    await new Promise<void>((resolve, reject) => {
      ws.once('open', () => resolve());
      ws.once('error', reject);
    });
    return client;
  }

  /** Opens a socket and authenticates with the token; resolves once `ready` arrived. */
  static async ready(url: string, token: string): Promise<LiveClient> {
    const client = await LiveClient.open(url);
    client.send({ type: 'auth', token });
    await client.next('ready');
    return client;
  }

  send(message: unknown): void {
    this.ws.send(typeof message === 'string' ? message : JSON.stringify(message));
  }

  /** The first message of that type not yet taken, waiting for it up to the deadline. */
  async next<Type extends LiveServerMessage['type']>(
    type: Type,
    deadlineMs = LIVE_DEADLINE_MS,
  ): Promise<Extract<LiveServerMessage, { type: Type }>> {
    let found: LiveServerMessage | undefined;
    await this.until(
      () => {
        const index = this.messages.findIndex((message) => message.type === type);
        if (index < 0) return false;
        [found] = this.messages.splice(index, 1);
        return true;
      },
      `a ${type} message (got ${JSON.stringify(this.messages.map((m) => m.type))}, closed ${this.closeCode})`,
      deadlineMs,
    );
    return found as Extract<LiveServerMessage, { type: Type }>;
  }

  /** The close code, once the server closed the socket. */
  async closed(deadlineMs = LIVE_DEADLINE_MS): Promise<number> {
    await this.until(() => this.closeCode !== undefined, 'the socket to close', deadlineMs);
    return this.closeCode as number;
  }

  close(): void {
    if (this.ws.readyState === WebSocket.OPEN || this.ws.readyState === WebSocket.CONNECTING) {
      this.ws.terminate();
    }
  }

  private until(check: () => boolean, what: string, deadlineMs: number): Promise<void> {
    if (check()) return Promise.resolve();
    return new Promise((resolve, reject) => {
      const waiter = () => {
        if (!check()) return;
        clearTimeout(timer);
        this.waiters.delete(waiter);
        resolve();
      };
      const timer = setTimeout(() => {
        this.waiters.delete(waiter);
        reject(new Error(`timed out after ${deadlineMs} ms waiting for ${what}`));
      }, deadlineMs);
      this.waiters.add(waiter);
    });
  }

  private wake(): void {
    for (const waiter of [...this.waiters]) waiter();
  }
}

/** Makes the app listen on a free loopback port (once); answers its streaming socket's address. */
export async function listenForLive(app: App): Promise<string> {
  if (!app.server.listening) await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  if (address === null || typeof address === 'string') throw new Error('not listening on TCP');
  return `ws://127.0.0.1:${address.port}${API_PREFIX}${STREAMING_PATH}`;
}

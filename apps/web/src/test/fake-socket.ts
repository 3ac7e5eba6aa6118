import type { LiveClientMessage, LiveServerMessage } from '@hearth/contract';
import { act, waitFor } from '@testing-library/react';
import { expect, vi } from 'vitest';
import { everythingInView } from './in-view';

/**
 * The browser's WebSocket, played by the test: it opens when the test says so, records what
 * the app sends, and delivers what the test's server says. Only the browser API is faked; the
 * real socket is the browser tests' business.
 */
export class FakeSocket {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSING = 2;
  static readonly CLOSED = 3;

  readyState = FakeSocket.CONNECTING;
  readonly sent: LiveClientMessage[] = [];
  /** The code the app closed with, when it did. */
  closedByApp: number | undefined;
  onopen: ((event: Event) => void) | null = null;
  onmessage: ((event: MessageEvent) => void) | null = null;
  onclose: ((event: CloseEvent) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;

  constructor(readonly url: string) {}

  send(data: string) {
    if (this.readyState !== FakeSocket.OPEN) throw new Error('The socket is not open.');
    this.sent.push(JSON.parse(data) as LiveClientMessage);
  }

  close(code = 1000) {
    if (this.readyState === FakeSocket.CLOSED) return;
    this.closedByApp = code;
    this.readyState = FakeSocket.CLOSED;
  }

  // ---- the server's side ----

  accept() {
    this.readyState = FakeSocket.OPEN;
    act(() => this.onopen?.(new Event('open')));
  }

  deliver(message: LiveServerMessage) {
    act(() => this.onmessage?.(new MessageEvent('message', { data: JSON.stringify(message) })));
  }

  /** The server or the network ends the socket with `code`. */
  drop(code = 1006) {
    this.readyState = FakeSocket.CLOSED;
    act(() => this.onclose?.(new CloseEvent('close', { code })));
  }
}

/** Installs FakeSocket as the browser's WebSocket; `sockets` lists each one the app opened. */
export function installFakeSockets() {
  const sockets: FakeSocket[] = [];
  vi.stubGlobal(
    'WebSocket',
    class extends FakeSocket {
      constructor(url: string) {
        super(url);
        sockets.push(this);
      }
    },
  );
  return {
    sockets,
    /** The sockets still open or opening (StrictMode opens and closes one at mount). */
    live: () => sockets.filter((socket) => socket.readyState !== FakeSocket.CLOSED),
  };
}

/** The app's socket (StrictMode opened and closed another at mount), accepted and ready. */
export async function connectLive(
  sockets: ReturnType<typeof installFakeSockets>,
): Promise<FakeSocket> {
  await waitFor(() => expect(sockets.live()).toHaveLength(1));
  const socket = sockets.live()[0]!;
  socket.accept();
  socket.deliver({ type: 'ready' });
  return socket;
}

/**
 * The post cards on screen, as the test says: every card the app observes is reported as
 * intersecting at once (a tall screen).
 */
export function showEveryCard() {
  everythingInView();
}

import {
  API_PREFIX,
  LIVE_CLOSE_CODES,
  LIVE_WATCHED_POSTS_MAX,
  type LiveClientMessage,
  type LiveServerMessage,
  STREAMING_PATH,
} from '@hearth/contract';

/** A ping keeps proxies from closing an idle socket and shows a dead one. */
export const LIVE_PING_INTERVAL_MS = 30_000;
/** No answer to a ping this long after it: the socket is dead, open another. */
export const LIVE_PONG_TIMEOUT_MS = 10_000;
/** The first wait before reconnecting; it doubles on each failure up to the cap. */
export const LIVE_RECONNECT_BASE_MS = 1_000;
export const LIVE_RECONNECT_MAX_MS = 30_000;
/** A socket ready this long was stable: the next drop starts again from the first wait. */
export const LIVE_STABLE_MS = 10_000;

/** The wait before the `attempt`-th reconnect (0 first): doubling, capped, ×0.5–1.5 jitter. */
export function reconnectDelay(attempt: number, random: () => number = Math.random): number {
  const base = Math.min(LIVE_RECONNECT_MAX_MS, LIVE_RECONNECT_BASE_MS * 2 ** attempt);
  return Math.round(base * (0.5 + random()));
}

/** `ws(s)://<this host>/api/v1/streaming`. */
export function streamingUrl(location: Pick<Location, 'protocol' | 'host'> = window.location) {
  const scheme = location.protocol === 'https:' ? 'wss' : 'ws';
  return `${scheme}://${location.host}${API_PREFIX}${STREAMING_PATH}`;
}

export interface LiveConnectionOptions {
  token: string;
  url?: string;
  /** Every server message but `ready` and `pong`. */
  onMessage: (message: LiveServerMessage) => void;
  /** Ready again after a drop (not the first time): what happened meanwhile was missed. */
  onReconnected: () => void;
  /** Closed with 4401: the session is over. */
  onUnauthorized: () => void;
}

/**
 * The browser's one socket to the server's live updates: auth first, the watched posts after
 * each `ready`, pings, and reconnects with back-off until `stop`.
 */
export class LiveConnection {
  private socket: WebSocket | null = null;
  private stopped = false;
  private attempt = 0;
  private everReady = false;
  private readyAt: number | null = null;
  private watched: string[] = [];
  private reconnectTimer: ReturnType<typeof setTimeout> | undefined;
  private pingTimer: ReturnType<typeof setInterval> | undefined;
  private pongTimer: ReturnType<typeof setTimeout> | undefined;
  private readonly url: string;

  constructor(private readonly options: LiveConnectionOptions) {
    this.url = options.url ?? streamingUrl();
  }

  start() {
    this.stopped = false;
    window.addEventListener('online', this.onOnline);
    this.open();
  }

  stop() {
    this.stopped = true;
    window.removeEventListener('online', this.onOnline);
    clearTimeout(this.reconnectTimer);
    this.drop(this.socket);
  }

  /** The posts on screen (the whole set); sent now when ready, and again after each reconnect. */
  watch(postIds: readonly string[]) {
    const next = postIds.slice(0, LIVE_WATCHED_POSTS_MAX);
    if (next.length === this.watched.length && next.every((id, i) => id === this.watched[i])) {
      return;
    }
    this.watched = next;
    if (this.readyAt !== null) this.send({ type: 'watch', postIds: this.watched });
  }

  /** The member is writing in that conversation (a signal lost while not ready is not kept). */
  typing(conversationId: string) {
    if (this.readyAt !== null) this.send({ type: 'typing', conversationId });
  }

  private open() {
    if (this.stopped || typeof WebSocket === 'undefined') return;
    let socket: WebSocket;
    try {
      socket = new WebSocket(this.url);
    } catch {
      this.scheduleReconnect();
      return;
    }
    this.socket = socket;
    socket.onopen = () => this.send({ type: 'auth', token: this.options.token });
    socket.onmessage = (event) => this.receive(event.data);
    socket.onclose = (event) => this.closed(socket, event.code);
    // An error is followed by a close, which reconnects.
    socket.onerror = () => undefined;
  }

  private receive(data: unknown) {
    if (typeof data !== 'string') return;
    let message: LiveServerMessage;
    try {
      message = JSON.parse(data) as LiveServerMessage;
    } catch {
      return;
    }
    if (!message || typeof message !== 'object' || typeof message.type !== 'string') return;
    // Any message shows the socket alive.
    clearTimeout(this.pongTimer);
    switch (message.type) {
      case 'ready':
        this.ready();
        return;
      case 'pong':
        return;
      default:
        this.options.onMessage(message);
    }
  }

  private ready() {
    this.readyAt = Date.now();
    if (this.watched.length > 0) this.send({ type: 'watch', postIds: this.watched });
    clearInterval(this.pingTimer);
    this.pingTimer = setInterval(() => this.ping(), LIVE_PING_INTERVAL_MS);
    if (this.everReady) this.options.onReconnected();
    this.everReady = true;
  }

  private ping() {
    this.send({ type: 'ping' });
    clearTimeout(this.pongTimer);
    const socket = this.socket;
    this.pongTimer = setTimeout(() => {
      if (!socket || socket !== this.socket) return;
      this.closed(socket, 1006);
      this.drop(socket);
    }, LIVE_PONG_TIMEOUT_MS);
  }

  private closed(socket: WebSocket, code: number) {
    if (socket !== this.socket) return;
    const stable = this.readyAt !== null && Date.now() - this.readyAt >= LIVE_STABLE_MS;
    this.socket = null;
    this.readyAt = null;
    clearInterval(this.pingTimer);
    clearTimeout(this.pongTimer);
    if (this.stopped) return;
    if (code === LIVE_CLOSE_CODES.unauthorized) {
      // The same token would be refused again.
      this.stop();
      this.options.onUnauthorized();
      return;
    }
    if (stable) this.attempt = 0;
    this.scheduleReconnect();
  }

  private scheduleReconnect() {
    clearTimeout(this.reconnectTimer);
    const delay = reconnectDelay(this.attempt);
    this.attempt += 1;
    this.reconnectTimer = setTimeout(() => this.open(), delay);
  }

  /** Back online while waiting to reconnect: try now rather than at the end of the wait. */
  private readonly onOnline = () => {
    if (this.stopped || this.socket) return;
    clearTimeout(this.reconnectTimer);
    this.open();
  };

  /** Closes a socket without the handlers that would reconnect it. */
  private drop(socket: WebSocket | null) {
    clearInterval(this.pingTimer);
    clearTimeout(this.pongTimer);
    if (!socket) return;
    if (socket === this.socket) {
      this.socket = null;
      this.readyAt = null;
    }
    socket.onopen = null;
    socket.onmessage = null;
    socket.onclose = null;
    socket.onerror = null;
    if (socket.readyState === WebSocket.CONNECTING || socket.readyState === WebSocket.OPEN) {
      socket.close(1000);
    }
  }

  private send(message: LiveClientMessage) {
    if (this.socket?.readyState === WebSocket.OPEN) this.socket.send(JSON.stringify(message));
  }
}

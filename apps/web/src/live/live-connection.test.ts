import { afterEach, describe, expect, it, vi } from 'vitest';
import { installFakeSockets } from '../test/fake-socket';
import {
  LIVE_PONG_TIMEOUT_MS,
  LIVE_RECONNECT_MAX_MS,
  LIVE_STABLE_MS,
  LiveConnection,
  reconnectDelay,
} from './live-connection';

afterEach(() => {
  vi.restoreAllMocks();
});

function started() {
  vi.useFakeTimers();
  vi.spyOn(Math, 'random').mockReturnValue(0.5);
  const sockets = installFakeSockets();
  const events = { messages: 0, reconnected: 0, unauthorized: 0 };
  const connection = new LiveConnection({
    token: 't',
    url: 'ws://test/api/v1/streaming',
    onMessage: () => (events.messages += 1),
    onReconnected: () => (events.reconnected += 1),
    onUnauthorized: () => (events.unauthorized += 1),
  });
  connection.start();
  return { sockets, events, connection, latest: () => sockets.sockets.at(-1)! };
}

describe('the live connection', () => {
  it('waits 1, 2, 4 … seconds between attempts, at most 30, each ×0.5 to ×1.5', () => {
    const middle = () => 0.5;
    expect([0, 1, 2, 3, 4, 5, 6, 10].map((n) => reconnectDelay(n, middle))).toEqual([
      1_000, 2_000, 4_000, 8_000, 16_000, 30_000, 30_000, 30_000,
    ]);
    expect(reconnectDelay(0, () => 0)).toBe(500);
    expect(reconnectDelay(20, () => 0.999_999)).toBeLessThanOrEqual(LIVE_RECONNECT_MAX_MS * 1.5);
  });

  it('starts again from the first wait after a connection that stayed up', () => {
    const { sockets, latest, events } = started();
    for (const wait of [1_000, 2_000, 4_000]) {
      latest().drop();
      vi.advanceTimersByTime(wait - 1);
      expect(sockets.live()).toHaveLength(0);
      vi.advanceTimersByTime(1);
      expect(sockets.live()).toHaveLength(1);
    }
    latest().accept();
    latest().deliver({ type: 'ready' });
    expect(events.reconnected).toBe(0);
    vi.advanceTimersByTime(LIVE_STABLE_MS);
    latest().deliver({ type: 'pong' });
    latest().drop(1001);
    vi.advanceTimersByTime(1_000);
    expect(sockets.live()).toHaveLength(1);
    latest().accept();
    latest().deliver({ type: 'ready' });
    expect(events.reconnected).toBe(1);
  });

  it('gives up a socket that leaves a ping unanswered, and opens another', () => {
    const { sockets, latest } = started();
    const first = latest();
    first.accept();
    first.deliver({ type: 'ready' });
    vi.advanceTimersByTime(30_000);
    expect(first.sent.at(-1)).toEqual({ type: 'ping' });
    vi.advanceTimersByTime(LIVE_PONG_TIMEOUT_MS);
    expect(first.closedByApp).toBeDefined();
    vi.advanceTimersByTime(LIVE_RECONNECT_MAX_MS);
    expect(sockets.live()).toHaveLength(1);
    expect(latest()).not.toBe(first);
  });

  it('stops for good on 4401, and after stop', () => {
    const { sockets, latest, events, connection } = started();
    latest().accept();
    latest().drop(4401);
    vi.advanceTimersByTime(60_000);
    expect(events.unauthorized).toBe(1);
    expect(sockets.sockets).toHaveLength(1);

    const again = started();
    again.connection.stop();
    expect(again.latest().closedByApp).toBe(1000);
    vi.advanceTimersByTime(60_000);
    expect(again.sockets.sockets).toHaveLength(1);
    connection.stop();
  });
});

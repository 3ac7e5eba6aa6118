import { API_PREFIX, STREAMING_PATH } from '@hearth/contract';
import autocannon from 'autocannon';
import type { LoadOptions } from './load.js';
import type { Failures, Scenario } from './scenarios.js';
import type { RunningServer } from './server-process.js';

export interface IdleSocketsSide {
  requests: number;
  rps: number;
  p99: number;
  errors: number;
}

/** The feed with and without `count` idle authenticated live sockets held open. */
export interface IdleSocketsCost {
  scenario: string;
  /** Sockets opened and authenticated (`ready`) for each round with sockets. */
  sockets: number;
  rounds: number;
  roundSeconds: number;
  /** The server's resident memory before the first sockets opened and once they were ready. */
  rssBeforeMb: number;
  rssWithMb: number;
  /** (rssWith − rssBefore) / sockets, in KB. */
  kbPerSocket: number;
  without: IdleSocketsSide;
  with: IdleSocketsSide;
  /** (without − with) / without, in %: how much of the feed's throughput the sockets cost. */
  dropPercent: number;
}

const OPEN_AT_ONCE = 50;
const READY_TIMEOUT_MS = 30_000;

/** Opens one socket per token (the first `count`), each authenticated; resolves when all are ready. */
async function openSockets(baseUrl: string, tokens: readonly string[]): Promise<WebSocket[]> {
  const url = `${baseUrl.replace(/^http/, 'ws')}${API_PREFIX}${STREAMING_PATH}`;
  const open: WebSocket[] = [];
  const one = (token: string) =>
    new Promise<WebSocket>((resolve, reject) => {
      const socket = new WebSocket(url);
      const timer = setTimeout(() => {
        socket.close();
        reject(new Error('a live socket was not ready within 30 s'));
      }, READY_TIMEOUT_MS);
      socket.addEventListener('open', () => socket.send(JSON.stringify({ type: 'auth', token })));
      socket.addEventListener('message', (event) => {
        const message = JSON.parse(String(event.data)) as { type: string };
        if (message.type === 'ready') {
          clearTimeout(timer);
          resolve(socket);
        }
      });
      socket.addEventListener('close', (event) => {
        clearTimeout(timer);
        reject(new Error(`a live socket closed before it was ready (${event.code})`));
      });
      socket.addEventListener('error', () => {
        clearTimeout(timer);
        reject(new Error('a live socket failed to open'));
      });
    });
  try {
    for (let i = 0; i < tokens.length; i += OPEN_AT_ONCE) {
      open.push(...(await Promise.all(tokens.slice(i, i + OPEN_AT_ONCE).map(one))));
    }
  } catch (error) {
    closeSockets(open);
    throw error;
  }
  return open;
}

function closeSockets(sockets: readonly WebSocket[]): void {
  for (const socket of sockets) socket.close(1000);
}

/**
 * The feed's throughput with no live socket and with `tokens.length` idle authenticated sockets
 * open, on one server process: `rounds` rounds of each, interleaved (without with, with
 * without, …) so the machine's drift falls on both; the sockets are opened afresh each round.
 */
export async function idleSocketsCost(
  server: RunningServer,
  feed: Scenario,
  tokens: readonly string[],
  failures: Failures,
  options: LoadOptions & { rounds: number },
): Promise<IdleSocketsCost> {
  const fire = () =>
    autocannon({
      url: server.baseUrl,
      connections: options.connections,
      duration: options.seconds,
      requests: feed.requests(),
      timeout: 10,
    });
  if (options.warmupSeconds > 0) {
    await autocannon({
      url: server.baseUrl,
      connections: options.connections,
      duration: options.warmupSeconds,
      requests: feed.requests(),
      timeout: 10,
    });
  }
  const sides = {
    without: { requests: 0, seconds: 0, errors: 0, p99: [] as number[] },
    with: { requests: 0, seconds: 0, errors: 0, p99: [] as number[] },
  };
  let rssBeforeMb = 0;
  let rssWithMb = 0;
  for (let round = 0; round < options.rounds; round++) {
    const order: Array<'without' | 'with'> =
      round % 2 === 0 ? ['without', 'with'] : ['with', 'without'];
    for (const mode of order) {
      failures.examples.length = 0;
      let sockets: WebSocket[] = [];
      if (mode === 'with') {
        const before = (await server.stats.memory()).rssMb;
        sockets = await openSockets(server.baseUrl, tokens);
        if (round === 0) {
          rssBeforeMb = before;
          rssWithMb = (await server.stats.memory()).rssMb;
        }
      }
      try {
        const started = performance.now();
        const result = await fire();
        const side = sides[mode];
        side.seconds += (performance.now() - started) / 1000;
        side.requests += result.requests.total;
        side.errors += result.non2xx + result.errors + result.timeouts;
        side.p99.push(result.latency.p99);
        // Every socket must have stayed open through the round: a closed one is an error.
        if (mode === 'with') side.errors += sockets.filter((s) => s.readyState !== 1).length;
      } finally {
        closeSockets(sockets);
      }
    }
  }
  const summary = (side: typeof sides.without): IdleSocketsSide => ({
    requests: side.requests,
    rps: side.seconds > 0 ? side.requests / side.seconds : 0,
    p99: Math.max(0, ...side.p99),
    errors: side.errors,
  });
  const without = summary(sides.without);
  const withSockets = summary(sides.with);
  return {
    scenario: feed.name,
    sockets: tokens.length,
    rounds: options.rounds,
    roundSeconds: options.seconds,
    rssBeforeMb,
    rssWithMb,
    kbPerSocket: tokens.length > 0 ? ((rssWithMb - rssBeforeMb) * 1024) / tokens.length : 0,
    without,
    with: withSockets,
    dropPercent: without.rps > 0 ? ((without.rps - withSockets.rps) / without.rps) * 100 : 0,
  };
}

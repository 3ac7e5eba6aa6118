import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll } from 'vitest';
import { LiveClient } from '../test-support/live-client.js';
import {
  deleteRedisKeys,
  streamingUrl,
  TEST_REDIS_URL,
  waitForBusSubscribers,
} from './http-calls.js';
import { prepareServerGround, type ServerGround } from './server-ground.js';
import { type ServerProcess, startServerProcess } from './server-process.js';

/** Two built servers on one database and one Redis, and the sockets a test opened on them. */
export interface TwoProcesses {
  /** Both processes; fails the test when `beforeAll` did not start them. */
  servers(): [ServerProcess, ServerProcess];
  /** The database and data folder both processes stand on. */
  ground(): ServerGround;
  /** A socket on `server` signed in with `token` and answered `ready`; closed after all tests. */
  socketOn(server: ServerProcess, token: string): Promise<LiveClient>;
  /** A socket on `server` that has sent nothing yet; closed after all tests. */
  openSocket(server: ServerProcess): Promise<LiveClient>;
}

/**
 * Starts two built servers (`dist/main.js`) before the calling `describe`'s tests, on one fresh
 * PostgreSQL schema and one Redis under a key prefix of the run's own (other runs and
 * deployments on that Redis go unheard), with `settings` on top of the ground's; stops them
 * after all its tests, whatever failed. A `beforeAll` the caller registers after this one runs
 * once both processes listen to the bus.
 */
export function twoProcesses(name: string, settings: Record<string, string> = {}): TwoProcesses {
  const keyPrefix = `hearth-test:${randomBytes(6).toString('hex')}:`;
  let ground: ServerGround | undefined;
  let a: ServerProcess | undefined;
  let b: ServerProcess | undefined;
  const sockets: LiveClient[] = [];

  beforeAll(async () => {
    ground = await prepareServerGround(name, {
      REDIS_URL: TEST_REDIS_URL,
      REDIS_KEY_PREFIX: keyPrefix,
      ...settings,
    });
    const { env } = ground;
    // Each started process is kept at once, so afterAll stops it even if the other one fails.
    await Promise.all([
      startServerProcess(env).then((server) => {
        a = server;
      }),
      startServerProcess(env).then((server) => {
        b = server;
      }),
    ]);
    if (!a || !b) throw new Error('the servers did not start');
    // Health answers before each bus has subscribed: wait until Redis counts both subscribers.
    await waitForBusSubscribers(TEST_REDIS_URL, keyPrefix, 2);
  });

  afterAll(async () => {
    for (const socket of sockets.splice(0)) socket.close();
    await Promise.allSettled([a?.stop(), b?.stop()]);
    await ground?.dispose();
    // The rate limits' keys, if any were written under this run's prefix.
    await deleteRedisKeys(TEST_REDIS_URL, keyPrefix);
  });

  return {
    servers() {
      if (!a || !b) throw new Error('the servers did not start');
      return [a, b];
    },
    ground() {
      if (!ground) throw new Error('the servers did not start');
      return ground;
    },
    async socketOn(server, token) {
      const socket = await LiveClient.ready(streamingUrl(server), token);
      sockets.push(socket);
      return socket;
    },
    async openSocket(server) {
      const socket = await LiveClient.open(streamingUrl(server));
      sockets.push(socket);
      return socket;
    },
  };
}

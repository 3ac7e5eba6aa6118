import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterEach, describe, expect, it } from 'vitest';
import type { DomainEvent } from './events.js';
import { RedisBus } from './redis-bus.js';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/** Resolves when `check` holds, polling; fails the test past the deadline. */
async function eventually(check: () => boolean, what: string, deadlineMs = 2000): Promise<void> {
  const start = Date.now();
  while (!check()) {
    if (Date.now() - start > deadlineMs) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe('RedisBus', () => {
  const opened: Array<RedisBus | Redis> = [];
  afterEach(async () => {
    for (const item of opened.splice(0)) {
      if (item instanceof RedisBus) await item.close();
      else item.disconnect();
    }
  });

  function busPair(): [RedisBus, RedisBus] {
    const keyPrefix = `hearth-test:${randomBytes(6).toString('hex')}:`;
    const a = new RedisBus({ url: REDIS_URL, keyPrefix });
    const b = new RedisBus({ url: REDIS_URL, keyPrefix });
    opened.push(a, b);
    return [a, b];
  }

  it('delivers each event once to every process, the publishing one included', async () => {
    const [a, b] = busPair();
    await Promise.all([a.ready(), b.ready()]);
    const seenByA: DomainEvent[] = [];
    const seenByB: DomainEvent[] = [];
    a.subscribe((event) => seenByA.push(event));
    b.subscribe((event) => seenByB.push(event));

    const fromA: DomainEvent = { type: 'post.created', postId: 'p1', authorId: 'u1' };
    const fromB: DomainEvent = { type: 'session.ended', userId: 'u2', sessionId: null };
    await a.publish(fromA);
    await b.publish(fromB);
    // A marker published last: once both have it, anything duplicated would have arrived too.
    const marker: DomainEvent = { type: 'notifications.read', userId: 'marker' };
    await a.publish(marker);
    await eventually(() => seenByA.length >= 3 && seenByB.length >= 3, 'both buses');

    expect(seenByA).toEqual([fromA, fromB, marker]);
    expect(seenByB).toEqual([fromA, fromB, marker]);
  });

  it('keeps deployments with different prefixes apart', async () => {
    const [a] = busPair();
    const [other] = busPair();
    await Promise.all([a.ready(), other.ready()]);
    const seenByOther: DomainEvent[] = [];
    other.subscribe((event) => seenByOther.push(event));
    const seenByA: DomainEvent[] = [];
    a.subscribe((event) => seenByA.push(event));

    await a.publish({ type: 'profile.changed', userId: 'u1' });
    const marker: DomainEvent = { type: 'profile.changed', userId: 'marker' };
    await other.publish(marker);
    await eventually(() => seenByA.length === 1 && seenByOther.length === 1, 'both buses');
    expect(seenByOther).toEqual([marker]);
  });

  it('tells its stale listeners after the subscriber reconnects, not on the first connect', async () => {
    const [a, b] = busPair();
    await Promise.all([a.ready(), b.ready()]);
    let staleA = 0;
    let staleB = 0;
    a.onStale(() => staleA++);
    b.onStale(() => staleB++);
    const seenByA: DomainEvent[] = [];
    a.subscribe((event) => seenByA.push(event));

    const admin = new Redis(REDIS_URL);
    opened.push(admin);
    const clients = String(await admin.client('LIST'));
    const line = clients.split('\n').find((l) => l.includes(`name=${a.channel}:subscriber `));
    const id = line?.match(/\bid=(\d+)/)?.[1];
    expect(id).toBeDefined();
    await admin.client('KILL', 'ID', id as string);

    await eventually(() => staleA === 1, 'the stale call');
    expect(staleB).toBe(0);
    // Subscribed again: events flow once more.
    const after: DomainEvent = { type: 'profile.changed', userId: 'u3' };
    await b.publish(after);
    await eventually(() => seenByA.length === 1, 'an event after the reconnect');
    expect(seenByA).toEqual([after]);
    expect(staleA).toBe(1);
  });

  it('closes both of its connections', async () => {
    const keyPrefix = `hearth-test:${randomBytes(6).toString('hex')}:`;
    const bus = new RedisBus({ url: REDIS_URL, keyPrefix });
    await bus.ready();
    await bus.publish({ type: 'profile.changed', userId: 'u1' });
    const admin = new Redis(REDIS_URL);
    opened.push(admin);
    const busClients = async () =>
      String(await admin.client('LIST'))
        .split('\n')
        .filter((line) => line.includes(`name=${bus.channel}:`)).length;
    expect(await busClients()).toBe(2);
    await bus.close();
    expect(await busClients()).toBe(0);
  });

  it('reports a payload it cannot read and goes on', async () => {
    const keyPrefix = `hearth-test:${randomBytes(6).toString('hex')}:`;
    const errors: unknown[] = [];
    const bus = new RedisBus({ url: REDIS_URL, keyPrefix, onError: (error) => errors.push(error) });
    opened.push(bus);
    await bus.ready();
    const seen: DomainEvent[] = [];
    bus.subscribe((event) => seen.push(event));
    const raw = new Redis(REDIS_URL);
    opened.push(raw);
    await raw.publish(bus.channel, '{not json');
    const good: DomainEvent = { type: 'profile.changed', userId: 'u1' };
    await bus.publish(good);
    await eventually(() => seen.length === 1, 'the good event');
    expect(seen).toEqual([good]);
    expect(errors).toHaveLength(1);
  });
});

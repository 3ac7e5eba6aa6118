import { describe, expect, it } from 'vitest';
import type { DomainEvent } from './events.js';
import { InProcessBus } from './in-process-bus.js';

describe('InProcessBus', () => {
  it('delivers a copy of each event to every listener', async () => {
    const bus = new InProcessBus();
    const first: DomainEvent[] = [];
    const second: DomainEvent[] = [];
    bus.subscribe((event) => first.push(event));
    const unsubscribe = bus.subscribe((event) => second.push(event));
    const event: DomainEvent = { type: 'post.created', postId: 'p1', authorId: 'u1' };
    await bus.publish(event);
    await Promise.resolve();
    expect(first).toEqual([event]);
    expect(second).toEqual([event]);
    expect(first[0]).not.toBe(event);

    unsubscribe();
    await bus.publish({ type: 'profile.changed', userId: 'u1' });
    await Promise.resolve();
    expect(first).toHaveLength(2);
    expect(second).toHaveLength(1);
  });

  it('keeps calling the other listeners when one throws, and reports it', async () => {
    const errors: unknown[] = [];
    const bus = new InProcessBus((error) => errors.push(error));
    const seen: DomainEvent[] = [];
    bus.subscribe(() => {
      throw new Error('listener failed');
    });
    bus.subscribe((event) => seen.push(event));
    await bus.publish({ type: 'profile.changed', userId: 'u1' });
    await Promise.resolve();
    expect(seen).toHaveLength(1);
    expect(errors).toHaveLength(1);
  });
});

import { describe, expect, it } from 'vitest';
import type { EventBus } from '../../infra/bus/bus.js';
import { InProcessBus } from '../../infra/bus/in-process-bus.js';
import { CardCache, type CardText } from './card-cache.js';

function card(postId: string, memberIds: string[] = ['author'], textLength = 100): CardText {
  const json = `{"_id":"${postId}","text":"${'x'.repeat(textLength)}","reactions":{"check":null,"checkSaved":false,"notificationsOn":false}}`;
  return {
    postId,
    bytes: Buffer.from(json),
    checkAt: json.indexOf('null'),
    savedAt: json.indexOf('false'),
    notifyAt: json.lastIndexOf('false'),
    authorId: memberIds[0] ?? 'author',
    memberIds,
  };
}

const MB = 1024 * 1024;

/** Resolves once the bus has delivered what was published before (listeners run on a microtask). */
const delivered = () => new Promise((resolve) => setImmediate(resolve));

describe('the card cache', () => {
  it('keeps a card until its post changes, and counts hits and misses', () => {
    const cache = new CardCache({ maxBytes: MB, ttlMs: 60_000 });
    expect(cache.get('p1')).toBeUndefined();
    cache.put(card('p1'), cache.startFill());
    expect(cache.get('p1')).toEqual(card('p1'));
    cache.dropPost('p1');
    expect(cache.get('p1')).toBeUndefined();
    expect(cache.stats()).toMatchObject({ hits: 1, misses: 2, invalidations: 1, cards: 0 });
  });

  it('refuses a card read before its post or one of its members changed', () => {
    const cache = new CardCache({ maxBytes: MB, ttlMs: 60_000 });
    const before = cache.startFill();
    cache.dropPost('p1');
    cache.put(card('p1'), before);
    expect(cache.get('p1')).toBeUndefined();

    const beforeProfile = cache.startFill();
    cache.dropMember('commenter');
    cache.put(card('p2', ['author', 'commenter']), beforeProfile);
    cache.put(card('p3', ['author']), beforeProfile);
    expect(cache.get('p2')).toBeUndefined();
    expect(cache.get('p3')).toBeDefined();

    // A fill that starts after the change keeps its card.
    cache.put(card('p1'), cache.startFill());
    expect(cache.get('p1')).toBeDefined();
  });

  it('drops every card showing a member whose profile changed, and only those', () => {
    const cache = new CardCache({ maxBytes: MB, ttlMs: 60_000 });
    const fill = cache.startFill();
    cache.put(card('by-ada', ['ada']), fill);
    cache.put(card('ada-commented', ['bob', 'ada']), fill);
    cache.put(card('bob-only', ['bob']), fill);
    cache.apply({ type: 'profile.changed', userId: 'ada' });
    expect(cache.get('by-ada')).toBeUndefined();
    expect(cache.get('ada-commented')).toBeUndefined();
    expect(cache.get('bob-only')).toBeDefined();
  });

  it('drops cards on the events that change them, and everything when the bus missed events', async () => {
    const bus = new InProcessBus();
    const cache = new CardCache({ maxBytes: MB, ttlMs: 60_000 });
    cache.watch(bus);
    const fill = cache.startFill();
    for (const id of ['reacted', 'commented', 'trashed', 'stale', 'kept', 'by-gone']) {
      cache.put(card(id, id === 'by-gone' ? ['gone'] : ['author']), fill);
    }
    const reactions = { reacts: [], total: 1 };
    await bus.publish({ type: 'reactions.changed', postId: 'reacted', actorId: 'x', reactions });
    await bus.publish({
      type: 'comment.added',
      postId: 'commented',
      commentCount: 1,
      comment: {
        _id: 'c',
        comment: 'hi',
        image: '',
        commentAt: '2026-11-24T00:00:00.000Z',
        commentBy: { _id: 'x', username: 'x', first_name: 'X', last_name: 'Y', picture: '' },
      },
    });
    await bus.publish({ type: 'post.trashed', postId: 'trashed', authorId: 'author' });
    await bus.publish({ type: 'cards.stale', postIds: ['stale'], memberIds: ['gone'] });
    await bus.publish({ type: 'post.created', postId: 'new', authorId: 'author' });
    await delivered();
    for (const id of ['reacted', 'commented', 'trashed', 'stale', 'by-gone']) {
      expect(cache.get(id), id).toBeUndefined();
    }
    expect(cache.get('kept')).toBeDefined();
  });

  it('drops everything, and refuses fills begun before, when the bus may have missed events', () => {
    let stale = () => {};
    const bus: EventBus = {
      publish: async () => {},
      subscribe: () => () => {},
      onStale: (listener) => {
        stale = listener;
        return () => {};
      },
      close: async () => {},
    };
    const cache = new CardCache({ maxBytes: MB, ttlMs: 60_000 });
    cache.watch(bus);
    cache.put(card('kept'), cache.startFill());
    const during = cache.startFill();
    stale();
    expect(cache.get('kept')).toBeUndefined();
    cache.put(card('kept'), during);
    expect(cache.get('kept')).toBeUndefined();
  });

  it('stays within its bound, evicting the least recently used cards', () => {
    const perCard = 2_000;
    const cache = new CardCache({ maxBytes: perCard * 10, ttlMs: 60_000 });
    const fill = cache.startFill();
    for (let i = 0; i < 10; i++) cache.put(card(`p${i}`, ['author'], perCard - 400), fill);
    // p0 used recently: p1 is the least recently used one.
    expect(cache.get('p0')).toBeDefined();
    for (let i = 10; i < 15; i++) cache.put(card(`p${i}`, ['author'], perCard - 400), fill);
    expect(cache.stats().bytes).toBeLessThanOrEqual(perCard * 10);
    expect(cache.get('p0')).toBeDefined();
    expect(cache.get('p1')).toBeUndefined();
    expect(cache.get('p14')).toBeDefined();
    // Evicted cards leave the member index: a profile change finds only the held ones.
    cache.dropMember('author');
    expect(cache.stats().cards).toBe(0);
  });

  it('forgets a card after its time to live, so a lost invalidation heals', async () => {
    const cache = new CardCache({ maxBytes: MB, ttlMs: 80 });
    cache.put(card('p1'), cache.startFill());
    expect(cache.get('p1')).toBeDefined();
    await new Promise((resolve) => setTimeout(resolve, 120));
    expect(cache.get('p1')).toBeUndefined();
  });

  it('holds nothing with a bound of 0 (CARD_CACHE_MB=0)', () => {
    const cache = new CardCache({ maxBytes: 0, ttlMs: 60_000 });
    cache.put(card('p1'), cache.startFill());
    expect(cache.get('p1')).toBeUndefined();
    expect(cache.roomLeft()).toBe(0);
  });
});

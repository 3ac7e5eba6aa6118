import { describe, expect, it } from 'vitest';
import { InProcessBus } from '../../infra/bus/in-process-bus.js';
import { type FeedHead, FeedHeadCache } from './feed-head-cache.js';

const ADA = 'ada';
const BOB = 'bob';
const CARL = 'carl';

/** Ada's head: she follows Bob; Carl is a stranger to her. */
const adaHead = (ids: string[] = ['p3', 'p2', 'p1']): FeedHead => ({
  ids,
  complete: false,
  authors: [BOB, ADA],
});

function filled(options = { maxMembers: 10, ttlMs: 60_000 }): FeedHeadCache {
  const heads = new FeedHeadCache(options);
  heads.put(ADA, adaHead(), heads.startFill());
  return heads;
}

describe('the feeds’ first pages kept per member', () => {
  it('keeps a head and serves it until something changes it', () => {
    const heads = filled();
    expect(heads.get(ADA, 3)).toEqual(['p3', 'p2', 'p1']);
    expect(heads.get(BOB, 3)).toBeUndefined();
    expect(heads.stats()).toMatchObject({ hits: 1, misses: 1, stale: 0, members: 1 });
  });

  it('serves as many ids as asked when it holds them, or all when they are the whole feed', () => {
    const heads = filled();
    expect(heads.get(ADA, 2)).toEqual(['p3', 'p2']);
    // Three ids of a longer feed: four cannot come from them.
    expect(heads.get(ADA, 4)).toBeUndefined();
    heads.put(BOB, { ids: ['p9', 'p8'], complete: true, authors: [BOB] }, heads.startFill());
    expect(heads.get(BOB, 51)).toEqual(['p9', 'p8']);
    expect(heads.stats()).toMatchObject({ hits: 2, misses: 1 });
  });

  it('drops the heads of an author’s followers when the author posts, trashes or changes an audience', () => {
    for (const type of ['post.created', 'post.trashed', 'post.audience'] as const) {
      const heads = filled();
      heads.apply({ type, postId: 'p4', authorId: CARL, audience: 'public' });
      expect(heads.get(ADA, 3), `${type} by a stranger`).toBeDefined();
      heads.apply({ type, postId: 'p4', authorId: BOB, audience: 'public' });
      expect(heads.get(ADA, 3), `${type} by a followee`).toBeUndefined();
    }
    // Her own post changes her own feed.
    const heads = filled();
    heads.apply({ type: 'post.created', postId: 'p4', authorId: ADA });
    expect(heads.get(ADA, 3)).toBeUndefined();
  });

  it('drops a member’s head when their relations change, either side', () => {
    const cases = [
      { type: 'friendship.changed', change: 'followed', actorId: ADA, otherId: CARL },
      { type: 'friendship.changed', change: 'unfriended', actorId: CARL, otherId: ADA },
      { type: 'block.changed', blockerId: CARL, blockedId: ADA, blocked: true },
      { type: 'block.changed', blockerId: ADA, blockedId: CARL, blocked: false },
      { type: 'mute.changed', muterId: ADA, mutedId: BOB, muted: true },
    ] as const;
    for (const event of cases) {
      const heads = filled();
      heads.apply(event);
      expect(heads.get(ADA, 3), JSON.stringify(event)).toBeUndefined();
    }
    // Bob muting Ada changes Bob's feed, not hers.
    const heads = filled();
    heads.apply({ type: 'mute.changed', muterId: BOB, mutedId: ADA, muted: true });
    expect(heads.get(ADA, 3)).toBeDefined();
  });

  it('drops the heads showing a member suspended, reinstated or gone, and theirs; not for a card change', () => {
    const heads = filled();
    heads.apply({ type: 'cards.stale', postIds: ['p3'], memberIds: [] });
    heads.apply({ type: 'reactions.changed', postId: 'p3', actorId: CARL, reactions: {} as never });
    heads.apply({ type: 'profile.changed', userId: BOB });
    expect(heads.get(ADA, 3)).toBeDefined();
    heads.apply({ type: 'cards.stale', postIds: [], memberIds: [BOB] });
    expect(heads.get(ADA, 3)).toBeUndefined();

    const own = filled();
    own.apply({ type: 'cards.stale', postIds: [], memberIds: [ADA] });
    expect(own.get(ADA, 3)).toBeUndefined();
  });

  it('refuses a head whose reading began before a change and ended after it', () => {
    const heads = new FeedHeadCache({ maxMembers: 10, ttlMs: 60_000 });
    const fill = heads.startFill();
    // Bob posts while Ada's rows are being read: they may not hold his post.
    heads.apply({ type: 'post.created', postId: 'p4', authorId: BOB });
    heads.put(ADA, adaHead(), fill);
    expect(heads.get(ADA, 3)).toBeUndefined();
    // Read again after the change: kept.
    heads.put(ADA, adaHead(['p4', 'p3', 'p2']), heads.startFill());
    expect(heads.get(ADA, 3)).toEqual(['p4', 'p3', 'p2']);
  });

  it('forgets its oldest changes past a bound by refusing every head read before them', () => {
    const heads = filled();
    for (let i = 0; i < 10_001; i += 1) {
      heads.apply({ type: 'post.created', postId: `x${i}`, authorId: `stranger${i}` });
    }
    expect(heads.get(ADA, 3)).toBeUndefined();
    heads.put(ADA, adaHead(), heads.startFill());
    expect(heads.get(ADA, 3)).toBeDefined();
  });

  it('clears everything (a bus that reconnected may have missed events), and keeps heads read after', () => {
    const heads = filled();
    const fill = heads.startFill();
    heads.clear();
    heads.put(BOB, { ids: ['p9'], complete: true, authors: [BOB] }, fill);
    expect(heads.get(ADA, 3)).toBeUndefined();
    expect(heads.get(BOB, 3)).toBeUndefined();
    heads.put(ADA, adaHead(), heads.startFill());
    expect(heads.get(ADA, 3)).toBeDefined();
  });

  it('hears the bus', async () => {
    const bus = new InProcessBus(() => {});
    const heads = filled();
    const stop = heads.watch(bus);
    await bus.publish({ type: 'post.created', postId: 'p4', authorId: BOB });
    await new Promise((resolve) => setImmediate(resolve));
    expect(heads.get(ADA, 3)).toBeUndefined();
    stop();
  });

  it('keeps at most its bound of members, the least recently read going first', () => {
    const heads = new FeedHeadCache({ maxMembers: 2, ttlMs: 60_000 });
    for (const member of [ADA, BOB]) heads.put(member, adaHead(), heads.startFill());
    expect(heads.get(ADA, 3)).toBeDefined();
    heads.put(CARL, adaHead(), heads.startFill());
    expect(heads.get(BOB, 3)).toBeUndefined();
    expect(heads.get(ADA, 3)).toBeDefined();
    expect(heads.stats().members).toBe(2);
  });

  it('reads a head again after its time to live', async () => {
    const heads = filled({ maxMembers: 10, ttlMs: 30 });
    expect(heads.get(ADA, 3)).toBeDefined();
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(heads.get(ADA, 3)).toBeUndefined();
  });

  it('keeps the viewer’s own state beside their head until they react, save or switch', () => {
    const row = { post_id: 'p3', react: 'like', count: 0, mine: 1 };
    const state = new Map([['p3', [row]]]);
    const heads = filled();
    // No head, no state kept.
    heads.putState(BOB, ['p3'], state, heads.startFill());
    expect(heads.state(BOB, ['p3'])).toBeUndefined();
    heads.putState(ADA, ['p3', 'p2'], state, heads.startFill());
    expect(heads.state(ADA, ['p3', 'p2'])).toBe(state);
    expect(heads.state(ADA, ['p2'])).toBe(state);
    // A post whose state was not read.
    expect(heads.state(ADA, ['p3', 'p9'])).toBeUndefined();
    // Someone else's reaction, or a change of her head, leaves her state true.
    heads.apply({ type: 'reactions.changed', postId: 'p3', actorId: BOB, reactions: {} as never });
    heads.apply({ type: 'post.viewerState', postId: 'p3', userId: CARL });
    heads.apply({ type: 'post.created', postId: 'p4', authorId: BOB });
    heads.put(ADA, adaHead(['p4', 'p3', 'p2']), heads.startFill());
    expect(heads.state(ADA, ['p3', 'p2'])).toBe(state);
    for (const event of [
      { type: 'reactions.changed', postId: 'p1', actorId: ADA, reactions: {} as never },
      { type: 'post.viewerState', postId: 'p1', userId: ADA },
    ] as const) {
      heads.putState(ADA, ['p3', 'p2'], state, heads.startFill());
      heads.apply(event);
      expect(heads.state(ADA, ['p3', 'p2']), event.type).toBeUndefined();
    }
    // Read while she reacted: refused.
    const fill = heads.startFill();
    heads.apply({ type: 'reactions.changed', postId: 'p1', actorId: ADA, reactions: {} as never });
    heads.putState(ADA, ['p3', 'p2'], state, fill);
    expect(heads.state(ADA, ['p3', 'p2'])).toBeUndefined();
    // Two reads with nothing between: both kept.
    heads.putState(ADA, ['p3'], state, heads.startFill());
    heads.putState(ADA, ['p1'], new Map(), heads.startFill());
    expect(heads.state(ADA, ['p3', 'p1'])?.get('p3')).toEqual([row]);
    // A later read of a post replaces what was kept of it, its having no rows included.
    heads.putState(ADA, ['p3'], new Map(), heads.startFill());
    expect(heads.state(ADA, ['p3', 'p1'])?.has('p3')).toBe(false);
    expect(heads.stats()).toMatchObject({ stateHits: 5, stateMisses: 5 });
  });

  it('keeps nothing when off (FEED_CACHE_MEMBERS=0)', () => {
    const heads = filled({ maxMembers: 0, ttlMs: 60_000 });
    expect(heads.enabled).toBe(false);
    expect(heads.get(ADA, 3)).toBeUndefined();
    expect(heads.stats().members).toBe(0);
  });
});

import { LRUCache } from 'lru-cache';
import { type EventBus, type EventFedCache, feedFromBus } from '../../infra/bus/bus.js';
import type { DomainEvent } from '../../infra/bus/events.js';
import { type Clock, systemClock } from '../../infra/clock.js';

/**
 * A post's card as every viewer sees it: its JSON as UTF-8 bytes, written with no reaction of
 * the viewer (`"check":null`), not saved (`"checkSaved":false`) and no notifications
 * (`"notificationsOn":false`), and where those three values are, so a page is stitched from
 * cards without serializing them again (card-text.ts). Bytes
 * rather than strings: a page goes to the compressor and the socket as bytes anyway, and the
 * cards stay outside the JavaScript heap.
 */
export interface CardText {
  postId: string;
  bytes: Buffer;
  /** Byte offset of `null`, the viewer's reaction. */
  checkAt: number;
  /** Byte offset of `false`, the viewer's saved flag. */
  savedAt: number;
  /** Byte offset of `false`, whether the viewer gets the post's notifications. */
  notifyAt: number;
  /** The post's author, whose notifications are on unless they turned them off. */
  authorId: string;
  /** The members the card shows (its author, its comments' authors): a profile change drops it. */
  memberIds: readonly string[];
  /**
   * Set when the card carries signed image addresses (a friends-only post's photos): the moment
   * (epoch milliseconds) they stop being handed out, before the earliest expires. `get` refuses
   * the card from then on, so it is built again with fresh ones.
   */
  validUntil?: number;
}

export interface CardCacheOptions {
  /** Upper bound of what the cards take (their bytes and a little per card); 0: off. */
  maxBytes: number;
  /** A card older than this is built again, so a lost invalidation heals within it. */
  ttlMs: number;
}

export interface CardCacheStats {
  hits: number;
  misses: number;
  /** Cards dropped because the bus (or this process) said they changed. */
  invalidations: number;
  cards: number;
  bytes: number;
}

// Above this many remembered invalidations, the oldest are forgotten and every fill that
// started before is refused instead (the memory of invalidations stays bounded).
const MAX_REMEMBERED_DROPS = 10_000;

// What each card costs besides its text: the entry, the key, the member index.
const ENTRY_OVERHEAD_BYTES = 200;

/**
 * The post cards shared by every viewer, in this process: bounded (LRU by size), each card
 * expiring after the TTL, dropped when the bus says its post changed (a reaction, a comment,
 * an edit, trash) or a member it shows changed their profile. With several processes every process
 * hears every event, so a stale card lives at most the bus's delivery time, or the TTL if an
 * event was lost; a bus that reconnects (events may have been missed) clears the whole cache.
 *
 * A card built from rows read before an invalidation could land after it and stay stale: each
 * fill therefore notes the moment it started reading (`startFill`), and `put` refuses a card
 * whose post or members were invalidated since.
 */
export class CardCache {
  private readonly cards: LRUCache<string, CardText> | undefined;
  private readonly byMember = new Map<string, Set<string>>();
  /** Counts invalidations; a fill remembers the value it started at. */
  private epoch = 0;
  private readonly postDroppedAt = new Map<string, number>();
  private readonly memberDroppedAt = new Map<string, number>();
  /** Fills that started before this are refused (invalidations before it are forgotten). */
  private refuseBefore = 0;
  private readonly counts = { hits: 0, misses: 0, invalidations: 0 };

  constructor(
    options: CardCacheOptions,
    /** Whose time a card's `validUntil` is read against. */
    private readonly clock: Clock = systemClock,
  ) {
    if (options.maxBytes <= 0) return;
    this.cards = new LRUCache<string, CardText>({
      maxSize: options.maxBytes,
      sizeCalculation: sizeOf,
      ttl: options.ttlMs,
      // Expired cards are dropped when next asked for or evicted: no timer per card.
      ttlAutopurge: false,
      dispose: (card, postId) => this.unindex(card, postId),
    });
  }

  /** Listens to the bus: changed posts and profiles drop their cards; missed events drop all. */
  watch(bus: EventBus): () => void {
    return feedFromBus(bus, this);
  }

  /** Drops what `event` makes stale (also called by this process as it publishes). */
  apply(event: DomainEvent): void {
    switch (event.type) {
      case 'reactions.changed':
      case 'comment.added':
      case 'post.trashed':
      // Who may see it changed, and so whether its image addresses are signed.
      case 'post.audience':
      // Its author changed its text, background or photos.
      case 'post.edited':
        this.dropPost(event.postId);
        return;
      case 'profile.changed':
        this.dropMember(event.userId);
        return;
      case 'cards.stale':
        for (const postId of event.postIds) this.dropPost(postId);
        for (const memberId of event.memberIds) this.dropMember(memberId);
        return;
      default:
        return;
    }
  }

  /** The card if it is held and fresh (its signed addresses too). */
  get(postId: string): CardText | undefined {
    let card = this.cards?.get(postId);
    if (card?.validUntil !== undefined && card.validUntil <= this.clock.now().getTime()) {
      this.cards?.delete(postId);
      card = undefined;
    }
    if (card) this.counts.hits += 1;
    else this.counts.misses += 1;
    return card;
  }

  /** Call before reading the rows a card is built from; give the value to `put`. */
  startFill(): number {
    return this.epoch;
  }

  /** Keeps `card` unless its post or one of its members changed since the fill started. */
  put(card: CardText, fillStartedAt: number): void {
    if (!this.cards || fillStartedAt < this.refuseBefore) return;
    if ((this.postDroppedAt.get(card.postId) ?? -1) > fillStartedAt) return;
    for (const memberId of card.memberIds) {
      if ((this.memberDroppedAt.get(memberId) ?? -1) > fillStartedAt) return;
    }
    this.cards.set(card.postId, card);
    for (const memberId of card.memberIds) {
      const posts = this.byMember.get(memberId);
      if (posts) posts.add(card.postId);
      else this.byMember.set(memberId, new Set([card.postId]));
    }
  }

  dropPost(postId: string): void {
    this.epoch += 1;
    this.counts.invalidations += 1;
    this.remember(this.postDroppedAt, postId);
    this.cards?.delete(postId);
  }

  /** Drops every card showing the member (as author or commenter). */
  dropMember(memberId: string): void {
    this.epoch += 1;
    this.counts.invalidations += 1;
    this.remember(this.memberDroppedAt, memberId);
    const posts = this.byMember.get(memberId);
    if (!posts) return;
    for (const postId of [...posts]) this.cards?.delete(postId);
  }

  clear(): void {
    this.epoch += 1;
    this.counts.invalidations += 1;
    this.refuseBefore = this.epoch;
    this.postDroppedAt.clear();
    this.memberDroppedAt.clear();
    this.cards?.clear();
  }

  /** The share of the bound still free (0 when the cache is off). */
  roomLeft(): number {
    if (!this.cards) return 0;
    return 1 - this.cards.calculatedSize / this.cards.maxSize;
  }

  stats(): CardCacheStats {
    return {
      ...this.counts,
      cards: this.cards?.size ?? 0,
      bytes: this.cards?.calculatedSize ?? 0,
    };
  }

  private remember(droppedAt: Map<string, number>, key: string): void {
    if (droppedAt.size >= MAX_REMEMBERED_DROPS) {
      this.refuseBefore = this.epoch;
      this.postDroppedAt.clear();
      this.memberDroppedAt.clear();
    }
    droppedAt.set(key, this.epoch);
  }

  private unindex(card: CardText, postId: string): void {
    for (const memberId of card.memberIds) {
      const posts = this.byMember.get(memberId);
      if (!posts) continue;
      posts.delete(postId);
      if (posts.size === 0) this.byMember.delete(memberId);
    }
  }
}

function sizeOf(card: CardText): number {
  return card.bytes.length + ENTRY_OVERHEAD_BYTES + card.memberIds.length * 50;
}

/**
 * The bus as the services publish on it: each event also reaches this process's caches (the
 * cards, the feeds' first pages) at once, before the bus delivers it to every process (Redis
 * answers later), so a member's next request to the same process sees their own change.
 */
export function publishingThrough(bus: EventBus, caches: readonly EventFedCache[]): EventBus {
  return {
    publish: async (event) => {
      for (const cache of caches) cache.apply(event);
      await bus.publish(event);
    },
    subscribe: (listener) => bus.subscribe(listener),
    onStale: (listener) => bus.onStale(listener),
    close: () => bus.close(),
  };
}

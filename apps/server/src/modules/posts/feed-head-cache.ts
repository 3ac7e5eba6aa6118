import { LRUCache } from 'lru-cache';
import { type EventBus, feedFromBus } from '../../infra/bus/bus.js';
import type { DomainEvent } from '../../infra/bus/events.js';
import type { CardStateRow } from './cards-repo.js';

/**
 * The first page of a member's home feed as ids, newest first, and the members whose posts make
 * it (those the member follows, and the member): what a later first page reuses instead of
 * running the feed's id list again, which is most of a feed page's database work.
 */
export interface FeedHead {
  ids: readonly string[];
  /** Fewer ids than were asked for: this is the whole feed, whatever a later page asks. */
  complete: boolean;
  /** Every member the viewer follows (muted and suspended ones included), and the viewer. */
  authors: readonly string[];
}

export interface FeedHeadCacheOptions {
  /** How many members' first pages a process keeps (least recently read go first); 0: off. */
  maxMembers: number;
  /** A head older than this is read again, so a lost invalidation heals within it. */
  ttlMs: number;
}

export interface FeedHeadCacheStats {
  hits: number;
  misses: number;
  /** Heads refused because an event since their reading said they changed. */
  stale: number;
  /** Pages whose viewer's state (reactions, saves, switches) came from what was kept. */
  stateHits: number;
  /** Pages of kept cards whose viewer's state was read from the database. */
  stateMisses: number;
  members: number;
}

/**
 * The viewer's own state (their reaction, save and notification switch) for some posts, as
 * `cardStateOf` reads it without counts: rows per post id, a post with none having no entry.
 */
export type ViewerStateRows = ReadonlyMap<string, readonly CardStateRow[]>;

interface KeptState {
  /** The posts whose state was read (an id absent from `rows` has none). */
  ids: ReadonlySet<string>;
  rows: ViewerStateRows;
  filledAt: number;
}

interface Entry extends FeedHead {
  /** The epoch at which the head's rows began to be read (`startFill`). */
  filledAt: number;
  /** The viewer's state for the posts last shown to them from this head, when still true. */
  state?: KeptState;
}

// Above this many remembered changes, the oldest are forgotten and every head read before is
// refused instead (the memory of changes stays bounded).
const MAX_REMEMBERED_CHANGES = 10_000;

// Author ids are shared between heads (one string per member, not one per head that follows
// them) up to this many; past it the table starts again (only sharing is lost).
const MAX_INTERNED_AUTHORS = 100_000;

// A viewer's kept state covers at most this many posts (a few first pages' worth); past it the
// latest read replaces it.
const MAX_STATE_POSTS = 200;

/**
 * Each member's first feed page, in this process: bounded (LRU by member), expiring after the
 * TTL, and never served once an event says it may have changed. What changes a member's first
 * page is one of two kinds, and both are on the bus:
 *
 * - an author's posts (a new post, trash or a moderator's removal, an audience change, the author
 *   suspended, reinstated or gone): the heads of every member following that author;
 * - the member's own relations (a follow or friendship made or ended, a block either way, a
 *   mute): that member's head.
 *
 * Rather than find the heads an event touches, each change is remembered with the epoch it came
 * at, and `get` refuses a head read before a change to its viewer or to one of its authors: a
 * head whose reading began before a change and ended after it is refused too, so no head read
 * from rows older than an event outlives it. A reaction, a comment or an edit changes cards, not
 * the ids of a page; the card cache handles those. Members with a block either way are not kept
 * (which posts hold a comment hidden from them changes with every comment).
 *
 * Beside its head, a viewer's own state for the posts it shows (their reaction, save and
 * notification switch: what a page built from shared cards still reads per viewer) is kept too,
 * and refused once the viewer reacts, saves or switches anything (`reactions.changed`,
 * `post.viewerState`) or their head is.
 *
 * With several processes each keeps its own heads and hears every event, so a head stays stale
 * at most the bus's delivery time, or the TTL if an event was lost; a bus that reconnects clears
 * them all.
 */
export class FeedHeadCache {
  private readonly heads: LRUCache<string, Entry> | undefined;
  private epoch = 0;
  private readonly viewerChangedAt = new Map<string, number>();
  private readonly authorChangedAt = new Map<string, number>();
  private readonly stateChangedAt = new Map<string, number>();
  /** Heads read before this are refused (changes before it are forgotten). */
  private refuseBefore = 0;
  private readonly interned = new Map<string, string>();
  private readonly counts = { hits: 0, misses: 0, stale: 0, stateHits: 0, stateMisses: 0 };

  constructor(options: FeedHeadCacheOptions) {
    if (options.maxMembers <= 0) return;
    this.heads = new LRUCache<string, Entry>({
      max: options.maxMembers,
      ttl: options.ttlMs,
      ttlAutopurge: false,
    });
  }

  get enabled(): boolean {
    return this.heads !== undefined;
  }

  /** Listens to the bus: what changes first pages drops them; missed events drop all. */
  watch(bus: EventBus): () => void {
    return feedFromBus(bus, this);
  }

  /** Notes what `event` changes (also called by this process as it publishes). */
  apply(event: DomainEvent): void {
    switch (event.type) {
      case 'post.created':
      case 'post.trashed':
      case 'post.audience':
        this.authorChanged(event.authorId);
        return;
      case 'friendship.changed':
        this.viewerChanged(event.actorId);
        this.viewerChanged(event.otherId);
        return;
      case 'block.changed':
        this.viewerChanged(event.blockerId);
        this.viewerChanged(event.blockedId);
        return;
      case 'mute.changed':
        this.viewerChanged(event.muterId);
        return;
      // The viewer's own state of a post: their reaction, save or notification switch.
      case 'reactions.changed':
        this.remember(this.stateChangedAt, event.actorId);
        return;
      case 'post.viewerState':
        this.remember(this.stateChangedAt, event.userId);
        return;
      // A member suspended, reinstated, deactivated or deleted: their posts leave or come back,
      // and their own feed goes with them. (The posts of `postIds` changed cards, not pages.)
      case 'cards.stale':
        for (const memberId of event.memberIds) {
          this.authorChanged(memberId);
          this.viewerChanged(memberId);
        }
        return;
      default:
        return;
    }
  }

  /** Call before reading a head's rows; give the value to `put`. */
  startFill(): number {
    return this.epoch;
  }

  /**
   * The viewer's first `count` ids (fewer when that is their whole feed), if their head is kept,
   * holds as many, and nothing changed it since it was read.
   */
  get(viewerId: string, count: number): readonly string[] | undefined {
    if (!this.heads) return undefined;
    const entry = this.heads.get(viewerId);
    if (entry && this.changedSince(viewerId, entry)) {
      this.heads.delete(viewerId);
      this.counts.stale += 1;
    } else if (entry && (entry.ids.length >= count || entry.complete)) {
      this.counts.hits += 1;
      return entry.ids.slice(0, count);
    }
    this.counts.misses += 1;
    return undefined;
  }

  /** Keeps the viewer's head, read from rows whose reading began at `fillStartedAt`. */
  put(viewerId: string, head: FeedHead, fillStartedAt: number): void {
    if (!this.heads) return;
    const entry: Entry = {
      ids: head.ids,
      complete: head.complete,
      authors: head.authors.map((id) => this.intern(id)),
      filledAt: fillStartedAt,
    };
    if (this.changedSince(viewerId, entry)) return;
    // The viewer's state does not follow from the head's ids: still true, it stays.
    const before = this.heads.peek(viewerId)?.state;
    if (before && !this.stateChangedSince(viewerId, before.filledAt)) entry.state = before;
    this.heads.set(viewerId, entry);
  }

  /**
   * The viewer's state rows for `ids` when kept with their head and nothing they did since
   * changed it; undefined otherwise (read it then, and give it to `putState`).
   */
  state(viewerId: string, ids: readonly string[]): ViewerStateRows | undefined {
    const state = this.heads?.peek(viewerId)?.state;
    if (
      state === undefined ||
      this.stateChangedSince(viewerId, state.filledAt) ||
      !ids.every((id) => state.ids.has(id))
    ) {
      this.counts.stateMisses += 1;
      return undefined;
    }
    this.counts.stateHits += 1;
    return state.rows;
  }

  /**
   * Keeps the viewer's state rows for `ids`, read from rows whose reading began at
   * `fillStartedAt` (`startFill`), beside their head (none kept without a head).
   */
  putState(
    viewerId: string,
    ids: readonly string[],
    rows: ViewerStateRows,
    fillStartedAt: number,
  ): void {
    const entry = this.heads?.peek(viewerId);
    if (!entry || this.stateChangedSince(viewerId, fillStartedAt)) return;
    const before = entry.state;
    if (
      before &&
      !this.stateChangedSince(viewerId, before.filledAt) &&
      before.ids.size + ids.length <= MAX_STATE_POSTS
    ) {
      // Both reads hold: nothing the viewer did since the earlier one began changed either.
      // The later read is what its posts hold now, none of their rows included.
      const merged = new Map(before.rows);
      for (const id of ids) merged.delete(id);
      for (const [id, postRows] of rows) merged.set(id, postRows);
      entry.state = {
        ids: new Set([...before.ids, ...ids]),
        rows: merged,
        filledAt: Math.min(before.filledAt, fillStartedAt),
      };
    } else if (ids.length <= MAX_STATE_POSTS) {
      entry.state = { ids: new Set(ids), rows, filledAt: fillStartedAt };
    }
  }

  clear(): void {
    this.epoch += 1;
    this.refuseBefore = this.epoch;
    this.viewerChangedAt.clear();
    this.authorChangedAt.clear();
    this.stateChangedAt.clear();
    this.heads?.clear();
  }

  stats(): FeedHeadCacheStats {
    return { ...this.counts, members: this.heads?.size ?? 0 };
  }

  private changedSince(viewerId: string, entry: Entry): boolean {
    const at = entry.filledAt;
    if (at < this.refuseBefore) return true;
    if ((this.viewerChangedAt.get(viewerId) ?? -1) >= at) return true;
    for (const author of entry.authors) {
      if ((this.authorChangedAt.get(author) ?? -1) >= at) return true;
    }
    return false;
  }

  private stateChangedSince(viewerId: string, at: number): boolean {
    return at < this.refuseBefore || (this.stateChangedAt.get(viewerId) ?? -1) >= at;
  }

  private viewerChanged(memberId: string): void {
    this.remember(this.viewerChangedAt, memberId);
  }

  private authorChanged(memberId: string): void {
    this.remember(this.authorChangedAt, memberId);
  }

  /** A change at the current epoch: heads whose reading began at it or before are refused. */
  private remember(changedAt: Map<string, number>, memberId: string): void {
    if (!this.heads) return;
    if (changedAt.size >= MAX_REMEMBERED_CHANGES) {
      this.refuseBefore = this.epoch + 1;
      this.viewerChangedAt.clear();
      this.authorChangedAt.clear();
      this.stateChangedAt.clear();
    }
    changedAt.set(memberId, this.epoch);
    this.epoch += 1;
  }

  private intern(id: string): string {
    const known = this.interned.get(id);
    if (known !== undefined) return known;
    if (this.interned.size >= MAX_INTERNED_AUTHORS) this.interned.clear();
    this.interned.set(id, id);
    return id;
  }
}

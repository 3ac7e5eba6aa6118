import { Redis } from 'ioredis';
import type { EventBus, EventListener } from './bus.js';
import type { DomainEvent } from './events.js';

export interface RedisBusOptions {
  url: string;
  /** The deployment's key prefix (REDIS_KEY_PREFIX): the channel is `${prefix}events`. */
  keyPrefix: string;
  /** A listener threw, a payload could not be read, or Redis refused a publish. */
  onError?: (error: unknown, event?: DomainEvent) => void;
}

/**
 * The bus across processes: Redis pub/sub on one channel, JSON payloads. A subscribed connection
 * can do nothing else, so it has its own; the publisher is a second one. Every process, the
 * publisher included, receives each event once, from Redis. Pub/sub keeps nothing for a process
 * that is away: after the subscriber reconnects, the stale listeners are told.
 */
export class RedisBus implements EventBus {
  readonly channel: string;
  private readonly publisher: Redis;
  private readonly subscriber: Redis;
  private readonly listeners = new Set<EventListener>();
  private readonly staleListeners = new Set<() => void>();
  private readonly onError: (error: unknown, event?: DomainEvent) => void;
  private readonly subscribed: Promise<void>;
  private hasBeenReady = false;
  private closed = false;

  constructor(options: RedisBusOptions) {
    this.channel = `${options.keyPrefix}events`;
    this.onError = options.onError ?? (() => {});
    // Named, so an operator (or a test) can tell them apart in CLIENT LIST.
    this.publisher = new Redis(options.url, {
      maxRetriesPerRequest: 1,
      connectionName: `${this.channel}:publisher`,
    });
    // Subscribed again by hand after a reconnect, so the stale listeners hear of it only once
    // events flow again: a client refetching then misses nothing.
    this.subscriber = new Redis(options.url, {
      autoResubscribe: false,
      connectionName: `${this.channel}:subscriber`,
    });
    for (const connection of [this.publisher, this.subscriber]) {
      connection.on('error', (error) => this.onError(error));
    }
    this.subscriber.on('ready', () => {
      if (!this.hasBeenReady) {
        this.hasBeenReady = true;
        return;
      }
      this.subscriber.subscribe(this.channel).then(
        () => {
          if (!this.closed) this.tellStale();
        },
        (error: unknown) => this.onError(error),
      );
    });
    this.subscriber.on('message', (channel: string, message: string) => {
      if (channel === this.channel) this.deliver(message);
    });
    this.subscribed = this.subscriber.subscribe(this.channel).then(() => undefined);
    // Seen by `ready()`; a failure here is also reported through the 'error' event.
    this.subscribed.catch(() => {});
  }

  /** Resolves once the channel is subscribed: events published before that are not received. */
  ready(): Promise<void> {
    return this.subscribed;
  }

  async publish(event: DomainEvent): Promise<void> {
    try {
      await this.publisher.publish(this.channel, JSON.stringify(event));
    } catch (error) {
      // The causing change is committed: the request still succeeds, the event is lost.
      this.onError(error, event);
    }
  }

  subscribe(listener: EventListener): () => void {
    const entry: EventListener = (event) => listener(event);
    this.listeners.add(entry);
    return () => this.listeners.delete(entry);
  }

  onStale(listener: () => void): () => void {
    const entry = () => listener();
    this.staleListeners.add(entry);
    return () => this.staleListeners.delete(entry);
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.listeners.clear();
    this.staleListeners.clear();
    await Promise.all(
      // QUIT on a connection that is down waits out every retry (over a minute): cut it instead.
      [this.subscriber, this.publisher].map((connection) =>
        connection.status === 'ready'
          ? connection.quit().catch(() => connection.disconnect())
          : connection.disconnect(),
      ),
    );
  }

  private deliver(message: string): void {
    let event: DomainEvent;
    try {
      event = JSON.parse(message) as DomainEvent;
    } catch (error) {
      this.onError(error);
      return;
    }
    for (const listener of this.listeners) {
      try {
        listener(event);
      } catch (error) {
        this.onError(error, event);
      }
    }
  }

  private tellStale(): void {
    for (const listener of this.staleListeners) {
      try {
        listener();
      } catch (error) {
        this.onError(error);
      }
    }
  }
}

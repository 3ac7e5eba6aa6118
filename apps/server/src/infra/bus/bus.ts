import type { DomainEvent } from './events.js';

export type EventListener = (event: DomainEvent) => void;

/**
 * Publish/subscribe of domain events across every server process: in-process
 * (`InProcessBus`, the embedded default) or Redis pub/sub (`REDIS_URL`). A listener is called
 * once per event published by any process, this one included, in publishing order per process.
 */
export interface EventBus {
  /** Sends the event to every process's listeners. Call it after the causing commit. */
  publish(event: DomainEvent): Promise<void>;
  /** Calls `listener` for every event from now on; the function returned unsubscribes. */
  subscribe(listener: EventListener): () => void;
  /**
   * Calls `listener` when this process may have missed events (the bus's connection dropped and
   * came back): whatever it holds derived from events is stale (clients are told to refetch).
   */
  onStale(listener: () => void): () => void;
  close(): Promise<void>;
}

/** A process's cache of what events change: told each event, and cleared when some were missed. */
export interface EventFedCache {
  apply(event: DomainEvent): void;
  clear(): void;
}

/** Feeds `cache` from the bus; the function returned stops it. */
export function feedFromBus(bus: EventBus, cache: EventFedCache): () => void {
  const stop = bus.subscribe((event) => cache.apply(event));
  const stopStale = bus.onStale(() => cache.clear());
  return () => {
    stop();
    stopStale();
  };
}

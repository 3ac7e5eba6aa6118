import type { EventBus, EventListener } from './bus.js';
import type { DomainEvent } from './events.js';

/**
 * The embedded bus: one process, nothing lost. Listeners run after `publish` returns (on the
 * next microtask), so a slow or failing listener never delays or fails the request that
 * published; a listener that throws is reported through `onError` and the others still run.
 */
export class InProcessBus implements EventBus {
  private readonly listeners = new Set<EventListener>();

  constructor(private readonly onError: (error: unknown, event: DomainEvent) => void = () => {}) {}

  async publish(event: DomainEvent): Promise<void> {
    // A copy, as another process would receive it: no listener can alter the publisher's object.
    const delivered = structuredClone(event);
    queueMicrotask(() => {
      for (const listener of this.listeners) {
        try {
          listener(delivered);
        } catch (error) {
          this.onError(error, delivered);
        }
      }
    });
  }

  subscribe(listener: EventListener): () => void {
    // Wrapped, so the same function subscribed twice is called twice and unsubscribes once.
    const entry: EventListener = (event) => listener(event);
    this.listeners.add(entry);
    return () => this.listeners.delete(entry);
  }

  onStale(_listener: () => void): () => void {
    // Nothing is ever lost in one process.
    return () => {};
  }

  async close(): Promise<void> {
    this.listeners.clear();
  }
}

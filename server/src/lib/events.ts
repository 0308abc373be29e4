import type { PortalEventName, PortalEvents } from '@flood/domain';

/**
 * An event as the bus carries it and `/api/events` streams it: one of `PortalEvents` (domain), so that checking
 * `type` gives the payload's type.
 */
export type BusEvent = {
  [K in PortalEventName]: {
    /** Increasing along every stream (per process in memory, one sequence for all with Redis); browsers resume with Last-Event-ID. */
    id: number;
    type: K;
    data: PortalEvents[K];
    at: string;
    /**
     * Published by another server process (Redis bus). Caches and streams take it; work the publishing process
     * already does for its own events (alert evaluation, flood-event detection) skips it.
     */
    remote?: boolean;
  };
}[PortalEventName];

/**
 * Where stored readings and alerts are announced. In-process by default; a Redis-backed bus with the same
 * interface lets several server processes see every event (ARCHITECTURE.md "Events").
 */
export interface EventBus {
  /** Announces an event; listeners may hear it later (the Redis bus delivers it after a round trip). */
  publish<K extends PortalEventName>(type: K, data: PortalEvents[K]): void;
  subscribe(listener: (event: BusEvent) => void): () => void;
  /** Events after `id` still in the replay buffer (oldest first). */
  since(id: number): BusEvent[];
}

/** The in-process bus with a ring buffer for resuming streams. */
export function createMemoryEventBus(bufferSize = 1000): EventBus {
  const listeners = new Set<(event: BusEvent) => void>();
  const buffer: BusEvent[] = [];
  let nextId = 1;
  return {
    publish(type, data) {
      const event = { id: nextId++, type, data, at: new Date().toISOString() } as BusEvent;
      buffer.push(event);
      if (buffer.length > bufferSize) buffer.shift();
      for (const l of listeners) {
        try {
          l(event);
        } catch {
          // A failing listener must not stop the others or the publisher.
        }
      }
      return event;
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    since(id) {
      return buffer.filter((e) => e.id > id);
    },
  };
}

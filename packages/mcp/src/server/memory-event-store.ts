import type { EventStore } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';

/**
 * An event store held in memory, keeping the newest `maxEvents` messages (default 10,000) so a Streamable HTTP
 * client can resume a broken SSE stream with `Last-Event-ID`. One process only; use a shared store across several.
 */
export function createMemoryEventStore(options: { readonly maxEvents?: number } = {}): EventStore {
  const maxEvents = options.maxEvents ?? 10_000;
  const events = new Map<string, { readonly streamId: string; readonly message: JSONRPCMessage }>();
  let sequence = 0;
  return {
    async storeEvent(streamId, message) {
      const eventId = `${++sequence}`;
      events.set(eventId, { streamId, message });
      if (events.size > maxEvents) events.delete(events.keys().next().value!);
      return eventId;
    },
    async getStreamIdForEventId(eventId) {
      return events.get(eventId)?.streamId;
    },
    async replayEventsAfter(lastEventId, { send }) {
      const last = events.get(lastEventId);
      if (!last) return '';
      const after = Number(lastEventId);
      for (const [eventId, event] of events) {
        if (Number(eventId) > after && event.streamId === last.streamId) await send(eventId, event.message);
      }
      return last.streamId;
    },
  };
}

import { createRegistry, defineAction } from '@affordance/core';
import type { EventRelay, RelayMessage } from '@affordance/core/ports';
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { createEventHub } from './event-hub.js';
import type { ServerEvent } from './server-event.js';

// A relay shared by the hubs of one test: what a database relay does, without the database.
function sharedRelay() {
  const listeners = new Set<(message: RelayMessage) => void>();
  const sent: RelayMessage[] = [];
  const relay: EventRelay = {
    async publish(message) {
      sent.push(message);
      const copy = JSON.parse(JSON.stringify(message)) as RelayMessage;
      for (const listener of listeners) listener(copy);
      return true;
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
  return {
    relay,
    sent,
    inject: (message: RelayMessage) => {
      for (const listener of listeners) listener(message);
    },
  };
}

const echo = defineAction({
  name: 'echo',
  description: 'Send the text back',
  input: { type: 'object', properties: { text: { type: 'string' } }, required: ['text'] },
  handler: (input) => input.text,
});
const logger = pino({ level: 'silent' });

describe('createEventHub', () => {
  it("relays this process's calls to the others in batches, and shows theirs", async () => {
    const { relay, sent } = sharedRelay();
    const a = createRegistry({ actions: [echo] });
    const b = createRegistry({ actions: [echo] });
    const hubA = createEventHub({ registry: a, relay, logger });
    const hubB = createEventHub({ registry: b, relay, logger });
    const seenByA: ServerEvent[] = [];
    const seenByB: ServerEvent[] = [];
    hubA.subscribe((event) => seenByA.push(event));
    hubB.subscribe((event) => seenByB.push(event));
    await a.run({ name: 'echo', args: { text: 'one' }, user: { id: 'ana', roles: [] } });
    await a.run({ name: 'echo', args: { text: 'two' } });
    await expect.poll(() => seenByB.length).toBe(4);
    expect(sent).toHaveLength(1); // four events, one message
    expect(seenByB.map((event) => event.type)).toEqual(['call-start', 'call-end', 'call-start', 'call-end']);
    expect(seenByB[0]).toMatchObject({ type: 'call-start', name: 'echo', userId: 'ana' });
    expect(seenByB[1]).toMatchObject({ type: 'call-end', result: { ok: true, value: 'one' } });
    // A sees its own calls once: locally, not again through the relay.
    expect(seenByA).toHaveLength(4);
    hubA.close();
    hubB.close();
  });

  it('shortens a result too large to relay, and ignores malformed messages', async () => {
    const { relay, inject } = sharedRelay();
    const big = defineAction({
      name: 'big',
      description: 'A large answer',
      handler: () => 'x'.repeat(20_000),
    });
    const a = createRegistry({ actions: [big] });
    const hubA = createEventHub({ registry: a, relay, logger });
    const hubB = createEventHub({ registry: createRegistry(), relay, logger });
    const seen: ServerEvent[] = [];
    hubB.subscribe((event) => seen.push(event));
    inject({ origin: 'other', event: [{ type: 'call-end' }, { type: 'nonsense' }, 'text', null] });
    inject({ origin: 'other', event: { type: 'call-start', callId: 'not in a batch' } });
    await a.run({ name: 'big' });
    await expect.poll(() => seen.length).toBe(2);
    const end = seen[1] as Extract<ServerEvent, { type: 'call-end' }>;
    expect(end.shortened).toBe(true);
    expect(end.result).toMatchObject({ ok: true, name: 'big' });
    expect(end.result.modelOutput).toHaveLength(1_000);
    hubA.close();
    hubB.close();
  });

  it('listens to the registry only while a stream is open when there is no relay', async () => {
    const registry = createRegistry({ actions: [echo] });
    const hub = createEventHub({ registry, logger });
    const seen: ServerEvent[] = [];
    const off = hub.subscribe((event) => seen.push(event));
    await registry.run({ name: 'echo', args: { text: 'a' } });
    off();
    await registry.run({ name: 'echo', args: { text: 'b' } });
    expect(seen.map((event) => event.type)).toEqual(['call-start', 'call-end']);
  });
});

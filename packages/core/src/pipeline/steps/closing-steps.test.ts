import { describe, expect, it } from 'vitest';
import { createMemoryStore, createRegistry, defineAction, type Store } from '../../index.js';

// The closing steps never fail a call that ran: a store failing after the handler answers handler_error saying the
// effects stand (`handlerRan`), and the call is audited with that error.

const ping = defineAction({ name: 'ping', description: 'Pings', handler: () => 'pong' });

async function runWith(store: Partial<Store>, call: { sessionId?: string; idempotencyKey?: string }) {
  const memory = createMemoryStore();
  const registry = createRegistry({ actions: [ping], store: { ...memory, ...store } });
  const result = await registry.run({ name: 'ping', ...call });
  const { records } = await memory.audit.query();
  return { result, records };
}

const failures = {
  throws: (): never => {
    throw new Error('store down');
  },
  rejects: async (): Promise<never> => {
    throw new Error('store down');
  },
};

describe('closing steps after the handler ran', () => {
  it('history: a session history that throws or rejects', async () => {
    for (const fails of Object.values(failures)) {
      const memory = createMemoryStore();
      const { result, records } = await runWith(
        { history: { ...memory.history, record: fails } },
        { sessionId: 's1' },
      );
      expect(result).toMatchObject({
        ok: false,
        error: {
          code: 'handler_error',
          message: 'ping ran, but the session history could not record it; its effects stand',
          details: { handlerRan: true },
        },
      });
      expect(records).toEqual([expect.objectContaining({ outcome: 'error', errorCode: 'handler_error' })]);
    }
  });

  it('settle: an idempotency store that cannot keep the outcome', async () => {
    for (const fails of Object.values(failures)) {
      const memory = createMemoryStore();
      const { result, records } = await runWith(
        { idempotency: { ...memory.idempotency, complete: fails } },
        { idempotencyKey: 'k1' },
      );
      expect(result).toMatchObject({
        ok: false,
        error: {
          code: 'handler_error',
          message: 'ping ran, but its idempotency key could not be settled; its effects stand',
          details: { handlerRan: true },
        },
      });
      expect(JSON.stringify(result)).not.toContain('store down');
      expect(records).toEqual([expect.objectContaining({ outcome: 'error', errorCode: 'handler_error' })]);
    }
  });
});

import { describe, expect, it } from 'vitest';
import { createMemoryStore, createRegistry, defineAction } from '../../index.js';
import type { AuditRecord } from '../../ports/index.js';

describe('audit writes', () => {
  const ping = defineAction({ name: 'ping', description: 'Pings', handler: () => 'pong' });

  it('waits for an asynchronous sink before run() resolves', async () => {
    const records: AuditRecord[] = [];
    const store = createMemoryStore();
    const registry = createRegistry({
      actions: [ping],
      store: {
        audit: {
          ...store.audit,
          record: (record) =>
            new Promise<void>((resolve) => setTimeout(() => resolve(void records.push(record)), 5)),
        },
      },
    });
    const result = await registry.run({ name: 'ping', user: { id: 'u' } });
    expect(records).toHaveLength(1);
    expect(records[0]).toMatchObject({ callId: result.callId, name: 'ping', outcome: 'ok', userId: 'u' });
    expect(records[0]!.endedAt >= records[0]!.startedAt).toBe(true);
  });

  it('logs a sink that throws or rejects once, and writes the record again without the arguments', async () => {
    for (const fails of [
      (): never => {
        throw new Error('disk full');
      },
      async (): Promise<never> => {
        throw new Error('disk full');
      },
    ]) {
      const errors: unknown[] = [];
      const logger = { debug() {}, info() {}, warn() {}, error: (entry: object) => errors.push(entry) };
      const store = createMemoryStore();
      let writes = 0;
      const record = (entry: AuditRecord) => (writes++ === 0 ? fails() : store.audit.record(entry));
      const registry = createRegistry({
        actions: [ping],
        logger,
        store: { audit: { ...store.audit, record } },
      });
      const result = await registry.run({ name: 'ping' });
      expect(result).toMatchObject({ ok: true, value: 'pong' });
      expect(errors).toEqual([expect.objectContaining({ callId: result.callId, err: expect.any(Error) })]);
      const { records } = await store.audit.query();
      expect(records).toEqual([
        expect.objectContaining({
          callId: result.callId,
          outcome: 'ok',
          args: '[not recorded: the first audit write failed]',
        }),
      ]);
    }
  });

  it('answers handler_error (not retryable) when a call ran and its record cannot be written twice', async () => {
    for (const record of [
      (): never => {
        throw new Error('disk full');
      },
      async (): Promise<never> => {
        throw new Error('disk full');
      },
    ]) {
      const store = createMemoryStore();
      const registry = createRegistry({ actions: [ping], store: { audit: { ...store.audit, record } } });
      const result = await registry.run({ name: 'ping' });
      expect(result).toMatchObject({
        ok: false,
        error: {
          code: 'handler_error',
          message: 'ping ran, but its audit record could not be written; its effects stand',
          details: { handlerRan: true },
        },
      });
      expect(JSON.stringify(result)).not.toContain('disk full');
    }
  });
});

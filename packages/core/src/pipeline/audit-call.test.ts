import { describe, expect, it } from 'vitest';
import { createMemoryStore, createRegistry, defineAction, type Target } from '../index.js';
import type { AuditRecord } from '../ports/index.js';

// Audit rows keep what is known about a call even when it fails early: the target it named, the arguments it sent.

const blocks: Record<string, Target> = {
  s1: { id: 's1', type: 'shape' },
  'md-1': { id: 'md-1', type: 'markdown' },
};

function recordingRegistry() {
  const records: AuditRecord[] = [];
  const registry = createRegistry({
    actions: [
      defineAction({
        name: 'paint',
        scope: 'shape',
        description: 'Paints a shape',
        input: {
          type: 'object',
          properties: { color: { type: 'string', pattern: '^#[0-9a-f]{6}$' } },
          required: ['color'],
          additionalProperties: false,
        } as const,
        handler: (value) => value,
      }),
    ],
    targets: { get: (_type, id) => blocks[id] },
    store: { audit: { ...createMemoryStore().audit, record: (record) => void records.push(record) } },
  });
  return { registry, records };
}

describe('audit records of calls that fail early', () => {
  it('keep the target of an invalid_args call on a real block', async () => {
    const { registry, records } = recordingRegistry();
    const result = await registry.run({ name: 'shape_paint', args: { blockId: 's1', color: 'red' } });
    expect(result.ok ? 'ok' : result.error.code).toBe('invalid_args');
    expect(records[0]).toMatchObject({
      errorCode: 'invalid_args',
      target: { type: 'shape', id: 's1' },
      args: { blockId: 's1', color: 'red' },
    });
  });

  it('keep the id an unknown target was asked by, and no target for an id of another type', async () => {
    const { registry, records } = recordingRegistry();
    await registry.run({ name: 'shape_paint', args: { blockId: 'nope', color: '#ff0000' } });
    await registry.run({ name: 'shape_paint', args: { blockId: 'md-1', color: '#ff0000' } });
    expect(records.map((record) => [record.errorCode, record.target])).toEqual([
      ['target_not_found', { type: 'shape', id: 'nope' }],
      ['target_mismatch', undefined],
    ]);
  });

  it('keep the readable arguments of an unknown action, secrets redacted by name', async () => {
    const { registry, records } = recordingRegistry();
    const result = await registry.run({
      name: 'shape_pain',
      args: { blockId: 's1', color: '#ff0000', apiKey: 'k-123' },
    });
    expect(result.ok ? 'ok' : result.error.code).toBe('unknown_action');
    expect(records[0]).toMatchObject({
      name: 'shape_pain',
      args: { blockId: 's1', color: '#ff0000', apiKey: '[redacted]' },
    });
    expect(records[0]!.target).toBeUndefined();
  });

  it('say so when the arguments of an unknown action cannot be copied', async () => {
    const { registry, records } = recordingRegistry();
    const cyclic: Record<string, unknown> = { a: 1 };
    cyclic.self = cyclic;
    await registry.run({ name: 'nothing', args: cyclic });
    expect(records[0]!.args).toBe('[not recorded: the arguments could not be read]');
  });
});

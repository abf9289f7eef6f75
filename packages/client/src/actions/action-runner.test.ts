import { createRegistry, defineAction, type RunResult } from '@affordance/core';
import { describe, expect, it, vi } from 'vitest';
import { type ActionEntry, entryOfAvailable, filterEntries } from './action-entry.js';
import { registryActionRunner, remoteActionRunner, targetIdOf } from './action-runner.js';

const ok = (name: string): RunResult => ({
  ok: true,
  value: 1,
  callId: 'c',
  name,
  durationMs: 0,
  modelOutput: '1',
});
const recolor: ActionEntry = {
  name: 'shape.recolor',
  title: 'Recolor',
  description: 'Change the colour of a shape',
  scope: 'shape',
  available: true,
  inputSchema: { type: 'object', properties: { shapeId: { type: 'string' }, color: { type: 'string' } } },
};
const clear: ActionEntry = {
  name: 'canvas.clear',
  description: 'Remove every block',
  available: true,
  inputSchema: { type: 'object', properties: {} },
};

describe('remoteActionRunner', () => {
  it('fills the target id into a scoped entry (its first property by default) and leaves unscoped ones alone', async () => {
    const run = vi.fn(async (name: string) => ok(name));
    const runner = remoteActionRunner({ run, targetId: 's1' });
    expect([runner.hiddenParam(recolor), runner.hiddenParam(clear)]).toEqual(['shapeId', undefined]);
    await runner.run(recolor, { color: '#ff0000' });
    await runner.run(clear, {});
    expect(run.mock.calls).toEqual([
      ['shape.recolor', { color: '#ff0000', shapeId: 's1' }],
      ['canvas.clear', {}],
    ]);
  });

  it('hides nothing without a target in view, but still names the parameter a picked target fills', async () => {
    const run = vi.fn(async (name: string) => ok(name));
    const runner = remoteActionRunner({ run, targetParam: 'target' });
    expect([runner.hiddenParam(recolor), runner.targetParam(recolor)]).toEqual([undefined, 'target']);
    await runner.run(recolor, { target: 's2', color: '#000000' });
    expect(run).toHaveBeenCalledWith('shape.recolor', { target: 's2', color: '#000000' });
  });
});

describe('registryActionRunner', () => {
  it("uses a scoped action's own target parameter, else the registry's (names are qualified by scope)", async () => {
    const registry = createRegistry({ targetParam: 'blockId' });
    registry.register([
      defineAction({ name: 'lock', description: 'Lock a block', scope: 'shape', handler: () => 'locked' }),
      defineAction({
        name: 'move',
        description: 'Move a shape',
        scope: 'shape',
        targetParam: 'shapeId',
        handler: () => 'moved',
      }),
    ]);
    const execute = vi.fn(async (name: string) => ok(name));
    const runner = registryActionRunner({ registry, execute, targetId: 'b7' });
    const [lock, move] = registry.available({ include: 'all' }).map(entryOfAvailable);
    await runner.run(lock!, {});
    await runner.run(move!, { dx: 1 });
    expect(execute.mock.calls).toEqual([
      ['shape_lock', { blockId: 'b7' }],
      ['shape_move', { dx: 1, shapeId: 'b7' }],
    ]);
  });
});

describe('targetIdOf and filterEntries', () => {
  it('reads the id of a target reference', () => {
    expect([
      targetIdOf({ type: 'shape', id: 's1' }),
      targetIdOf('shape:s1'),
      targetIdOf('s1'),
      targetIdOf(undefined),
    ]).toEqual(['s1', 's1', undefined, undefined]);
  });

  it('keeps the entries that contain every word of the query in their title, name or description', () => {
    expect(filterEntries([recolor, clear], 'COLOUR shape').map((entry) => entry.name)).toEqual([
      'shape.recolor',
    ]);
    expect(filterEntries([recolor, clear], '  ')).toHaveLength(2);
    expect(filterEntries([recolor, clear], 'nothing')).toEqual([]);
  });
});

import { describe, expect, it } from 'vitest';
import { createRegistry } from '../registry/create-registry.js';
import { defineActionFor } from './define-action-for.js';

interface Shape {
  readonly id: string;
  readonly type: 'shape';
  color: string;
}
interface Note {
  readonly id: string;
  readonly type: 'note';
  readonly text: string;
}
type Block = Shape | Note;

describe('defineActionFor', () => {
  const blocks: Record<string, Block> = {
    'shape-1': { id: 'shape-1', type: 'shape', color: '#000000' },
    'note-1': { id: 'note-1', type: 'note', text: 'hello' },
  };
  const recolor = defineActionFor<Block>()({
    name: 'recolor',
    scope: 'shape',
    description: 'Change the color',
    input: { type: 'object', properties: { color: { type: 'string' } }, required: ['color'] },
    handler: (input, ctx) => {
      ctx.target.color = input.color;
      return { color: ctx.target.color };
    },
  });
  const registry = createRegistry({ actions: [recolor], targets: { get: (_type, id) => blocks[id] } });

  it('defines the same checked action as defineAction', () => {
    expect(recolor.kind).toBe('affordance.action');
    expect(() => defineActionFor<Block>()({ name: 'no description', description: '' })).toThrow(
      /description/,
    );
  });

  it('runs on the target its scope names, and refuses a target of another type (what the types rely on)', async () => {
    const run = await registry.run({ name: 'shape_recolor', args: { blockId: 'shape-1', color: '#ff0000' } });
    expect(run).toMatchObject({ ok: true, value: { color: '#ff0000' } });
    expect(blocks['shape-1']).toMatchObject({ color: '#ff0000' });
    const wrong = await registry.run({
      name: 'shape_recolor',
      args: { blockId: 'note-1', color: '#ff0000' },
    });
    expect(wrong).toMatchObject({ ok: false, error: { code: 'target_mismatch' } });
  });
});

import { describe, expect, it } from 'vitest';
import { createRegistry, defineAction } from './index.js';

// The example of DESIGN §5, as an outside test would write it.
function setup() {
  const blocks: Record<string, { id: string; type: string; color?: string; locked?: boolean }> = {
    'shape-1': { id: 'shape-1', type: 'shape', color: '#000000', locked: false },
    'shape-2': { id: 'shape-2', type: 'shape', color: '#000000', locked: true },
    'md-1': { id: 'md-1', type: 'markdown' },
  };
  const updateColor = defineAction({
    name: 'updateColor',
    scope: 'shape',
    title: 'Update color',
    category: 'styling',
    roles: ['editor'],
    description: "Change the shape's fill color",
    examples: ['Make it red', 'Change color to blue'],
    input: {
      type: 'object',
      properties: { color: { type: 'string', pattern: '^#[0-9a-fA-F]{6}$' } },
      required: ['color'],
      additionalProperties: false,
    },
    when: ({ target }) => (target.locked ? { available: false, reason: 'block is locked' } : true),
    handler: async (input, ctx) => {
      ctx.target.color = input.color;
      return { color: input.color };
    },
  });
  const registry = createRegistry({ actions: [updateColor], targets: { get: (_type, id) => blocks[id] } });
  return { blocks, registry, user: { id: 'u1', roles: ['editor'] } };
}

describe('the public contract', () => {
  it('offers a scoped tool with the injected target id', () => {
    const { registry } = setup();
    const tools = registry.tools({ format: 'openai' });
    expect(tools).toHaveLength(1);
    expect(tools[0]!.type).toBe('function');
    expect(tools[0]!.function.name).toBe('shape_updateColor');
    expect(tools[0]!.function.parameters.required).toEqual(['blockId', 'color']);
  });

  it('runs a valid call and changes the target', async () => {
    const { registry, user, blocks } = setup();
    const result = await registry.run({
      name: 'shape_updateColor',
      args: { blockId: 'shape-1', color: '#ff0000' },
      user,
    });
    expect(result).toMatchObject({ ok: true, value: { color: '#ff0000' } });
    expect(blocks['shape-1']!.color).toBe('#ff0000');
  });

  it('refuses a wrong color with a fix-it message', async () => {
    const { registry, user } = setup();
    const result = await registry.run({
      name: 'shape_updateColor',
      args: '{"blockId":"shape-1","color":"red"}',
      user,
    });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.error.code).toBe('invalid_args');
    expect(result.error.message).toContain('color');
    expect(result.error.message).toContain('^#[0-9a-fA-F]{6}$');
    expect(result.error.message).toContain("'red'");
  });

  it('explains why a locked shape cannot be recoloured', () => {
    const { registry, user, blocks } = setup();
    const [entry] = registry.available({ target: blocks['shape-2']!, user });
    expect(entry).toMatchObject({ name: 'shape_updateColor', available: false, reason: 'block is locked' });
  });
});

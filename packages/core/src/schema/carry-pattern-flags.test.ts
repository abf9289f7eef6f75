import { type } from 'arktype';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineAction } from '../action/define-action.js';
import { createRegistry } from '../registry/create-registry.js';

const propertyOf = (tools: unknown[], name: string) =>
  (tools[0] as { function: { parameters: { properties: Record<string, { pattern?: string }> } } }).function
    .parameters.properties[name];

describe('regex flags in the tool schema the model reads', () => {
  it('keeps a zod regex case-insensitive (regression: /^#[0-9a-f]{6}$/i became lower case only)', async () => {
    const action = defineAction({
      name: 'paint',
      description: 'Paint it',
      input: z.object({
        color: z.string().regex(/^#[0-9a-f]{6}$/i),
        note: z.string().regex(/^a.b$/s).regex(/B/i),
      }),
      handler: (input) => input.color,
    });
    const registry = createRegistry({ actions: [action] });
    const { tools, warnings } = registry.toolSet({ format: 'openai' });
    expect(propertyOf(tools, 'color')?.pattern).toBe('^#[0-9a-fA-F]{6}$');
    expect(JSON.stringify(tools)).toContain('"allOf":[{"pattern":"^a[\\\\s\\\\S]b$"},{"pattern":"[bB]"}]');
    expect(warnings.filter((warning) => warning.message.includes('pattern'))).toEqual([]);
    // Validation still runs zod's own regex, flag and all.
    expect(await registry.run({ name: 'paint', args: { color: '#FFAA00', note: 'a\nb' } })).toMatchObject({
      ok: true,
    });
  });

  it('warns through the formats when a flag cannot be written out', () => {
    const action = defineAction({
      name: 'title',
      description: 'Set the title',
      input: z.object({ title: z.string().regex(/^\p{Lu}/iu) }),
    });
    for (const format of ['openai', 'anthropic', 'mcp'] as const) {
      const { warnings } = createRegistry({ actions: [action] }).toolSet({ format });
      expect(warnings).toEqual([
        {
          tool: 'title',
          message:
            'input title: the pattern /^\\p{Lu}/iu keeps no i flag in JSON Schema, so the model reads it without (validation still uses the flag)',
        },
      ]);
    }
  });

  it('keeps an arktype regex case-insensitive too', () => {
    const action = defineAction({
      name: 'hex',
      description: 'A hex colour',
      input: type({ color: /^#[0-9a-f]{6}$/i }),
    });
    const { tools } = createRegistry({ actions: [action] }).toolSet({ format: 'openai' });
    expect(propertyOf(tools, 'color')?.pattern).toBe('^#[0-9a-fA-F]{6}$');
  });
});

import { describe, expect, it } from 'vitest';
import { createRegistry, cspSafeValidator, defineAction, type JsonSchemaValidator } from '../index.js';

const paint = defineAction({
  name: 'paint',
  scope: 'shape',
  description: 'Paint a shape',
  input: {
    type: 'object',
    properties: {
      color: { type: 'string', enum: ['red', 'blue'] },
      contact: { type: 'string', format: 'email', writeOnly: true },
      size: { type: 'number', default: 1 },
    },
    required: ['color'],
  },
  handler: () => 'ok',
});

describe('registry.checkInput', () => {
  it('checks a copy against the tool schema, target id included, and fills defaults into the copy', () => {
    const registry = createRegistry({ actions: [paint] });
    const args = { blockId: 'shape-1', color: 'red' };
    expect(registry.checkInput('shape_paint', args)).toEqual({
      ok: true,
      value: { blockId: 'shape-1', color: 'red', size: 1 },
    });
    expect(args).toEqual({ blockId: 'shape-1', color: 'red' });
    const missing = registry.checkInput('shape_paint', { color: 'green' });
    expect(missing?.ok).toBe(false);
    expect(missing?.ok === false && missing.issues.map((issue) => issue.keyword)).toEqual([
      'required',
      'enum',
    ]);
  });

  it('is undefined for a name no action has', () => {
    expect(createRegistry({ actions: [paint] }).checkInput('erase', {})).toBeUndefined();
  });

  it("uses the registry's validator, compiled once per action", () => {
    let compiles = 0;
    const counting: JsonSchemaValidator = {
      name: 'csp-safe',
      compile(schema) {
        compiles += 1;
        return cspSafeValidator.compile(schema);
      },
    };
    const registry = createRegistry({ actions: [paint], validator: counting });
    registry.checkInput('shape_paint', { blockId: 'a', color: 'red' });
    registry.checkInput('shape_paint', { blockId: 'b', color: 'blue' });
    expect(compiles).toBe(1);
  });

  it('never repeats a secret argument in its issues', () => {
    const registry = createRegistry({ actions: [paint] });
    const result = registry.checkInput('shape_paint', {
      blockId: 'a',
      color: 'red',
      contact: 'hunter2hunter',
    });
    expect(result?.ok).toBe(false);
    expect(JSON.stringify(result)).not.toContain('hunter2hunter');
  });
});

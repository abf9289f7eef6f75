// Tools from Standard Schemas (zod v4, valibot, arktype) in every format, checked against the providers' rules.
import { createRegistry, defineAction, TOOL_FORMATS } from '@affordance/core';
import { omitStrictNulls } from '@affordance/core/formats';
import { toStandardJsonSchema } from '@valibot/to-json-schema';
import { type } from 'arktype';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { problemsOf } from '../support/tool-checks.js';

// biome-ignore lint/suspicious/noExplicitAny: each provider shapes tools differently; tests read them loosely
type AnyTool = Record<string, any>;

const shape = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('circle'), radius: z.number().positive() }),
  z.object({ kind: z.literal('rect'), w: z.number(), h: z.number() }),
]);
const draw = defineAction({
  name: 'draw',
  scope: 'canvas',
  description: 'Draw a shape on the canvas',
  input: z.object({
    shape,
    label: z.string().max(40).optional(),
    color: z
      .string()
      .regex(/^#[0-9a-f]{6}$/)
      .nullable(),
    tags: z.array(z.string()).max(5).default([]),
    level: z.union([z.literal(1), z.literal(2)]).optional(),
  }),
  handler: (input) => input,
});
const annotate = defineAction({
  name: 'annotate',
  description: 'Attach free-form metadata',
  input: z.object({ note: z.string(), meta: z.record(z.string(), z.string()) }),
  handler: (input) => input,
});
const pick = defineAction({
  name: 'pick',
  description: 'Pick a numbered option',
  input: toStandardJsonSchema(
    v.object({
      n: v.pipe(v.number(), v.integer(), v.minValue(1)),
      note: v.optional(v.string()),
      e: v.picklist(['a', 'b']),
    }),
  ),
  handler: (input) => input,
});
const count = defineAction({
  name: 'count',
  description: 'Count to a number',
  input: type({ n: 'number.integer > 0', 'label?': 'string', e: "'a' | 'b'" }),
  handler: (input) => input,
});

describe('tools from Standard Schemas', () => {
  const registry = createRegistry({
    actions: [draw, annotate, pick, count],
    targets: { get: (targetType, id) => ({ id, type: targetType }) },
  });

  it('are valid in every format', () => {
    for (const format of TOOL_FORMATS)
      expect(problemsOf(format, registry.toolSet({ format })), format).toEqual([]);
  });

  it('are strict for OpenAI except the open record, which is explained', () => {
    const { tools, warnings } = registry.toolSet({ format: 'openai' });
    expect(
      Object.fromEntries((tools as AnyTool[]).map((tool) => [tool.function.name, tool.function.strict])),
    ).toEqual({
      canvas_draw: true,
      annotate: false,
      pick: true,
      count: true,
    });
    expect(warnings).toEqual([
      {
        tool: 'annotate',
        message:
          'sent without strict mode: #/properties/meta uses `propertyNames`, which strict mode does not support',
      },
    ]);
  });

  it('run a call shaped by strict mode once its nulls are taken back out', async () => {
    const sent = {
      blockId: 'c1',
      shape: { kind: 'rect', w: 2, h: 3 },
      label: null,
      color: null,
      tags: ['a'],
      level: null,
    };
    const result = await registry.run({
      name: 'canvas_draw',
      args: omitStrictNulls(sent, draw.inputJsonSchema),
    });
    expect(result).toMatchObject({
      ok: true,
      value: { shape: { kind: 'rect', w: 2, h: 3 }, color: null, tags: ['a'] },
    });
  });

  it('keep zod discriminated unions exact for Gemini (no oneOf note; numeric literals go to the description)', () => {
    const { tools, warnings } = registry.toolSet({ format: 'gemini' });
    const draw = warnings.find((warning) => warning.tool === 'canvas_draw');
    expect(draw?.message).toBe('dropped keywords Gemini does not support: $schema, const, exclusiveMinimum');
    const parameters = (tools as AnyTool[]).find((tool) => tool.name === 'canvas_draw')!.parameters;
    expect(parameters.properties.shape.anyOf.map((branch: AnyTool) => branch.properties.kind)).toEqual([
      { type: 'STRING', enum: ['circle'] },
      { type: 'STRING', enum: ['rect'] },
    ]);
    expect(parameters.properties.level.anyOf).toEqual([
      { type: 'NUMBER', description: 'Must be 1.' },
      { type: 'NUMBER', description: 'Must be 2.' },
    ]);
  });
});

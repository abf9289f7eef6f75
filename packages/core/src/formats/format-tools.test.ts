import { describe, expect, it } from 'vitest';
import { defineAction } from '../action/define-action.js';
import type { JsonSchema } from '../action/types.js';
import { createRegistry } from '../registry/create-registry.js';
import { formatTools } from './format-tools.js';
import { ANTHROPIC_NAMES, OPENAI_NAMES } from './tool-names.js';
import { TOOL_FORMATS, type ToolSource } from './types.js';

// biome-ignore lint/suspicious/noExplicitAny: each provider shapes tools differently; tests read them loosely
type AnyTool = Record<string, any>;

function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null) {
    for (const child of Object.values(value)) deepFreeze(child);
    Object.freeze(value);
  }
  return value;
}

function source(name: string, input: JsonSchema, extra: Partial<ToolSource> = {}): ToolSource {
  const action = defineAction({ name: 'tool', description: `Does ${name}`, input });
  return {
    name,
    title: undefined,
    description: action.description,
    inputSchema: input,
    outputSchema: undefined,
    hints: {},
    action,
    ...extra,
  };
}

const colorInput: JsonSchema = {
  type: 'object',
  properties: {
    blockId: { type: 'string' },
    color: { type: 'string', pattern: '^#[0-9a-f]{6}$' },
    opacity: { type: 'number', minimum: 0, maximum: 1 },
  },
  required: ['blockId', 'color'],
  additionalProperties: false,
};
const openInput: JsonSchema = {
  type: 'object',
  properties: {
    query: { type: 'string' },
    filters: { type: 'object', additionalProperties: { type: 'string' } },
  },
  required: ['query'],
};

describe('OpenAI Chat and Responses tools', () => {
  it('are strict when the schema can be made strict', () => {
    const { tools, warnings, names } = formatTools([source('shape_updateColor', colorInput)], 'openai');
    expect(warnings).toEqual([]);
    expect(names).toEqual(new Map([['shape_updateColor', 'shape_updateColor']]));
    expect(tools).toEqual([
      {
        type: 'function',
        function: {
          name: 'shape_updateColor',
          description: 'Does shape_updateColor',
          strict: true,
          parameters: {
            type: 'object',
            properties: {
              blockId: { type: 'string' },
              color: { type: 'string', pattern: '^#[0-9a-f]{6}$' },
              opacity: { type: ['number', 'null'], minimum: 0, maximum: 1 },
            },
            required: ['blockId', 'color', 'opacity'],
            additionalProperties: false,
          },
        },
      },
    ]);
  });

  it('fall back to non-strict with one warning naming the reason', () => {
    for (const format of ['openai', 'openai-responses'] as const) {
      const { tools, warnings } = formatTools([source('search', openInput)], format);
      const definition = (format === 'openai' ? (tools[0] as AnyTool).function : tools[0]) as AnyTool;
      expect(definition.strict).toBe(false);
      expect(definition.parameters).toEqual(openInput);
      expect(warnings).toEqual([
        {
          tool: 'search',
          message: 'sent without strict mode: #/properties/filters accepts additional properties',
        },
      ]);
    }
  });

  it('skip strict mode, and its warnings, with strict: false', () => {
    const { tools, warnings } = formatTools(
      [source('search', openInput), source('color', colorInput)],
      'openai-responses',
      {
        strict: false,
      },
    );
    expect(warnings).toEqual([]);
    expect(tools).toEqual([
      { type: 'function', name: 'search', description: 'Does search', parameters: openInput, strict: false },
      { type: 'function', name: 'color', description: 'Does color', parameters: colorInput, strict: false },
    ]);
  });
});

describe('Anthropic tools', () => {
  it('carry the input schema whole as input_schema', () => {
    const input = {
      ...colorInput,
      $schema: 'https://json-schema.org/draft/2020-12/schema',
      $defs: { hex: { type: 'string' } },
    };
    const { tools, warnings } = formatTools([source('color', input)], 'anthropic');
    expect(warnings).toEqual([]);
    expect(tools).toEqual([{ name: 'color', description: 'Does color', input_schema: input }]);
  });

  it('merge a top-level union into one object, with a warning', () => {
    const input = {
      anyOf: [
        {
          type: 'object',
          properties: { id: { type: 'string' }, hard: { type: 'boolean' } },
          required: ['id', 'hard'],
        },
        {
          type: 'object',
          properties: { id: { type: 'string' }, all: { type: 'boolean' } },
          required: ['id', 'all'],
        },
      ],
    };
    const { tools, warnings } = formatTools([source('remove', input)], 'anthropic');
    expect((tools[0] as AnyTool).input_schema).toEqual({
      type: 'object',
      properties: { id: { type: 'string' }, hard: { type: 'boolean' }, all: { type: 'boolean' } },
      required: ['id'],
    });
    expect(warnings[0]?.message).toContain('the top-level anyOf was merged into one object');
  });
});

describe('Gemini function declarations', () => {
  it('use Gemini schemas, with one warning per tool listing the dropped keywords', () => {
    const input = { $schema: 'http://json-schema.org/draft-07/schema#', ...colorInput };
    const { tools, warnings } = formatTools([source('color', input), source('search', openInput)], 'gemini');
    expect(tools[0]).toEqual({
      name: 'color',
      description: 'Does color',
      parameters: {
        type: 'OBJECT',
        properties: {
          blockId: { type: 'STRING' },
          color: { type: 'STRING', pattern: '^#[0-9a-f]{6}$' },
          opacity: { type: 'NUMBER', minimum: 0, maximum: 1 },
        },
        required: ['blockId', 'color'],
      },
    });
    expect(warnings).toEqual([
      { tool: 'color', message: 'dropped keywords Gemini does not support: $schema, additionalProperties' },
      { tool: 'search', message: 'dropped keywords Gemini does not support: additionalProperties' },
    ]);
  });

  it('leave parameters out for a tool without any, and start names with a letter or _', () => {
    const { tools, names } = formatTools([source('9lives', { type: 'object', properties: {} })], 'gemini');
    expect(tools).toEqual([{ name: '_9lives', description: 'Does 9lives' }]);
    expect(names).toEqual(new Map([['_9lives', '9lives']]));
  });
});

describe('MCP tools', () => {
  it('keep the input schema exactly, with title and annotations from the hints that are set', () => {
    const input = {
      $schema: 'http://json-schema.org/draft-07/schema#',
      ...colorInput,
      $defs: { x: { type: 'string' } },
    };
    const output = { type: 'object', properties: { color: { type: 'string' } }, required: ['color'] };
    const { tools, warnings } = formatTools(
      [
        source('shape.color', input, {
          title: 'Update color',
          outputSchema: output,
          hints: { readOnly: false, destructive: false, idempotent: true },
        }),
        source('plain', { type: 'object' }),
      ],
      'mcp',
    );
    expect(warnings).toEqual([]);
    expect(tools).toEqual([
      {
        name: 'shape.color',
        title: 'Update color',
        description: 'Does shape.color',
        inputSchema: input,
        outputSchema: output,
        annotations: {
          title: 'Update color',
          readOnlyHint: false,
          destructiveHint: false,
          idempotentHint: true,
        },
      },
      { name: 'plain', description: 'Does plain', inputSchema: { type: 'object' } },
    ]);
  });

  it('leave out an output schema that is not an object, with a warning', () => {
    const { tools, warnings } = formatTools(
      [
        source(
          'count',
          { type: 'object' },
          { outputSchema: { type: 'integer' }, hints: { openWorld: false } },
        ),
      ],
      'mcp',
    );
    expect(tools).toEqual([
      {
        name: 'count',
        description: 'Does count',
        inputSchema: { type: 'object' },
        annotations: { openWorldHint: false },
      },
    ]);
    expect(warnings).toEqual([
      {
        tool: 'count',
        message:
          'outputSchema left out: MCP needs an object schema (type "object"), this one is of type "integer"',
      },
    ]);
  });
});

describe('AG-UI tools', () => {
  it('carry the input schema as it is', () => {
    const { tools, warnings } = formatTools([source('math.factorial', openInput)], 'ag-ui');
    expect(tools).toEqual([
      { name: 'math_factorial', description: 'Does math.factorial', parameters: openInput },
    ]);
    expect(warnings).toEqual([]);
  });
});

describe('tool names', () => {
  it('keep a.b and a_b apart in every format and map both back', () => {
    const registry = createRegistry({
      actions: [
        defineAction({ name: 'a.b', description: 'dotted', handler: () => 'dotted' }),
        defineAction({ name: 'a_b', description: 'underscored', handler: () => 'underscored' }),
      ],
    });
    for (const format of TOOL_FORMATS) {
      const { tools, names } = registry.toolSet({ format });
      const legal = (tools as AnyTool[]).map((tool) =>
        format === 'openai' ? tool.function.name : tool.name,
      );
      expect(new Set(legal).size, format).toBe(2);
      expect(legal.map((name) => registry.get(name)?.description).sort(), format).toEqual([
        'dotted',
        'underscored',
      ]);
      expect([...names.values()].sort()).toEqual(['a.b', 'a_b']);
    }
    expect(registry.toolSet({ format: 'openai' }).names).toEqual(
      new Map([
        ['a_b', 'a_b'],
        ['a_b_2', 'a.b'],
      ]),
    );
    expect([...registry.toolSet({ format: 'mcp' }).names.keys()]).toEqual(['a.b', 'a_b']);
  });

  it('cut names past the provider limit and add a hash, keeping similar long names apart', async () => {
    const long = `report_${'x'.repeat(70)}`;
    const registry = createRegistry({
      actions: [
        defineAction({ name: `${long}_daily`, description: 'daily', handler: () => 'daily' }),
        defineAction({ name: `${long}_weekly`, description: 'weekly', handler: () => 'weekly' }),
      ],
    });
    const openai = [...registry.toolSet({ format: 'openai' }).names.keys()];
    expect(openai.every((name) => OPENAI_NAMES.pattern.test(name) && name.length === 64)).toBe(true);
    expect(openai[0]).toMatch(/^report_x+_[0-9a-f]{8}$/);
    expect(openai[0]).not.toBe(openai[1]);
    expect(
      [...registry.toolSet({ format: 'anthropic' }).names.keys()].every((name) =>
        ANTHROPIC_NAMES.pattern.test(name),
      ),
    ).toBe(true);
    expect(await registry.run({ name: openai[1]!, args: {} })).toMatchObject({ ok: true, value: 'weekly' });
  });
});

describe('every adapter', () => {
  it('leaves its input untouched and shares no object with it', () => {
    const input = deepFreeze({
      $schema: 'http://json-schema.org/draft-07/schema#',
      type: 'object',
      properties: {
        point: { $ref: '#/$defs/point', description: 'Where' },
        tags: { type: 'array', items: { type: 'string', enum: ['a', 'b'] }, default: ['a'] },
      },
      required: ['point'],
      $defs: { point: { type: 'object', properties: { x: { type: 'number' } }, required: ['x'] } },
    });
    const output = deepFreeze({ type: 'object', properties: { ok: { type: 'boolean' } } });
    const sources = deepFreeze([
      source('mark.point', input, { title: 'Mark', outputSchema: output, hints: { readOnly: true } }),
    ]);
    const before = JSON.stringify(sources);
    for (const format of TOOL_FORMATS) {
      const { tools } = formatTools(sources, format);
      // Writing into every object of the result throws if one of them is a frozen input object.
      const scribble = (value: unknown): void => {
        if (typeof value !== 'object' || value === null) return;
        for (const child of Object.values(value)) scribble(child);
        if (Array.isArray(value)) value.push('scribbled');
        else (value as Record<string, unknown>).scribbled = true;
      };
      expect(() => scribble(tools), format).not.toThrow();
    }
    expect(JSON.stringify(sources)).toBe(before);
  });
});

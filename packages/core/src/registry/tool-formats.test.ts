import { describe, expect, expectTypeOf, it } from 'vitest';
import { DEFAULT_FORMATTERS as BROWSER_DEFAULTS } from '../formats/default-formats-browser.js';
import { anthropicFormat, openaiFormat, TOOL_FORMATTERS, type ToolFormatter } from '../formats/index.js';
import { createRegistry, defineAction } from '../index.js';

const paint = defineAction({
  name: 'paint',
  description: 'Paints a shape',
  input: { type: 'object', properties: { color: { type: 'string' } }, required: ['color'] },
  handler: (input) => input,
});

// A format of the app's own: one line per tool.
const lines: ToolFormatter<string> = {
  name: 'lines',
  format: (sources) => ({
    tools: sources.map((source) => `${source.name}: ${source.description}`),
    warnings: [],
    names: new Map(sources.map((source) => [source.name, source.name])),
  }),
};

describe('registry tool formats', () => {
  it('formats by name in Node with no formats given, as before', () => {
    const registry = createRegistry({ actions: [paint] });
    const tools = registry.tools({ format: 'openai' });
    expect(tools[0]!.function).toMatchObject({ name: 'paint', strict: true });
    expect(tools).toEqual(registry.tools({ format: openaiFormat }));
    expect(registry.tools({ format: 'gemini' })[0]!.name).toBe('paint');
  });

  it('takes a formatter in place of a name, typed by its tools', () => {
    const registry = createRegistry({ actions: [paint] });
    const tools = registry.tools({ format: lines });
    expectTypeOf(tools).toEqualTypeOf<string[]>();
    expect(tools).toEqual(['paint: Paints a shape']);
    expect(registry.tools({ format: anthropicFormat })).toEqual(registry.tools({ format: 'anthropic' }));
    expect(registry.tools({ format: openaiFormat, strict: false })[0]!.function.strict).toBe(false);
  });

  it('knows the formats it is given by name, and caches per formatter and strictness', () => {
    const registry = createRegistry({ actions: [paint], formats: [lines] });
    // Names the registry is given are not in the `ToolFormat` type: the formatter itself is the typed way.
    const query = { format: 'lines' } as unknown as { format: typeof lines };
    expect(registry.tools(query)).toEqual(['paint: Paints a shape']);
    expect(registry.tools({ format: 'openai' })).toBe(registry.tools({ format: 'openai' }));
    expect(registry.tools({ format: 'openai', strict: false })).not.toBe(
      registry.tools({ format: 'openai' }),
    );
  });

  it('refuses a format name it does not know with what to import', () => {
    const registry = createRegistry({ actions: [paint] });
    const unknown = { format: 'cohere' } as unknown as { format: 'openai' };
    expect(() => registry.tools(unknown)).toThrow(
      expect.objectContaining({
        code: 'invalid_option',
        message: expect.stringContaining('@affordance/core/formats'),
      }),
    );
  });

  it('browser and worker bundles know no format by name; TOOL_FORMATTERS holds all six', () => {
    expect(BROWSER_DEFAULTS).toEqual([]);
    expect(Object.values(TOOL_FORMATTERS).map((formatter) => formatter.name)).toEqual([
      'openai',
      'openai-responses',
      'anthropic',
      'gemini',
      'mcp',
      'ag-ui',
    ]);
  });
});

import { describe, expectTypeOf, it } from 'vitest';
import type { AGUITool } from '../formats/ag-ui.js';
import type { AnthropicTool } from '../formats/anthropic.js';
import type { GeminiFunctionDeclaration } from '../formats/gemini.js';
import type { MCPTool } from '../formats/mcp.js';
import type { OpenAIChatTool } from '../formats/openai-chat.js';
import type { OpenAIResponsesTool } from '../formats/openai-responses.js';
import type { FormattedTools, ToolFormat } from '../formats/types.js';
import { createRegistry } from './create-registry.js';

const registry = createRegistry();

describe('registry.tools', () => {
  it('returns the tool type of the format asked for', () => {
    expectTypeOf(registry.tools({ format: 'openai' })).toEqualTypeOf<OpenAIChatTool[]>();
    expectTypeOf(registry.tools({ format: 'openai-responses' })).toEqualTypeOf<OpenAIResponsesTool[]>();
    expectTypeOf(registry.tools({ format: 'anthropic' })).toEqualTypeOf<AnthropicTool[]>();
    expectTypeOf(registry.tools({ format: 'gemini' })).toEqualTypeOf<GeminiFunctionDeclaration[]>();
    expectTypeOf(registry.tools({ format: 'mcp' })).toEqualTypeOf<MCPTool[]>();
    expectTypeOf(registry.tools({ format: 'ag-ui' })).toEqualTypeOf<AGUITool[]>();
  });

  it('types toolSet and toolsAsync the same way', () => {
    expectTypeOf(registry.toolSet({ format: 'anthropic' })).toEqualTypeOf<FormattedTools<AnthropicTool>>();
    expectTypeOf(registry.toolsAsync({ format: 'mcp', query: 'save' })).toEqualTypeOf<Promise<MCPTool[]>>();
  });

  it('gives the union of tool types for a format known only at run time', () => {
    const format = 'gemini' as ToolFormat;
    expectTypeOf(registry.tools({ format })[0]!).toEqualTypeOf<
      OpenAIChatTool | OpenAIResponsesTool | AnthropicTool | GeminiFunctionDeclaration | MCPTool | AGUITool
    >();
  });

  it('refuses a format that does not exist', () => {
    // @ts-expect-error: not a tool format
    registry.tools({ format: 'cohere' });
  });

  it('lets the fields of the format be read without a cast', () => {
    expectTypeOf(registry.tools({ format: 'openai' })[0]!.function.name).toEqualTypeOf<string>();
    expectTypeOf(registry.tools({ format: 'anthropic' })[0]!.input_schema).not.toBeAny();
  });
});

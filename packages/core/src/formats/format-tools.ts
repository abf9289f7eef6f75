import { type AGUITool, toAGUITools } from './ag-ui.js';
import { type AnthropicTool, toAnthropicTools } from './anthropic.js';
import { type GeminiFunctionDeclaration, toGeminiTools } from './gemini.js';
import { type MCPTool, toMCPTools } from './mcp.js';
import { type OpenAIChatTool, toOpenAIChatTools } from './openai-chat.js';
import { type OpenAIResponsesTool, toOpenAIResponsesTools } from './openai-responses.js';
import type { FormatOptions, FormattedTools, ToolFormat, ToolSource } from './types.js';

/** The tool type each format produces. */
export interface ToolsByFormat {
  readonly openai: OpenAIChatTool;
  readonly 'openai-responses': OpenAIResponsesTool;
  readonly anthropic: AnthropicTool;
  readonly gemini: GeminiFunctionDeclaration;
  readonly mcp: MCPTool;
  readonly 'ag-ui': AGUITool;
}

/** The tool type of one format (a union of them for a union of formats). */
export type ToolOf<TFormat extends ToolFormat> = ToolsByFormat[TFormat];

/**
 * Turn tool sources into one provider's tool definitions (a pure function). The warnings start with what the
 * actions' schemas could not say in JSON Schema (a regex flag), then what the format had to change.
 */
export function formatTools<TFormat extends ToolFormat>(
  sources: readonly ToolSource[],
  format: TFormat,
  options: FormatOptions = {},
): FormattedTools<ToolOf<TFormat>> {
  const formatted = formatFor(sources, format, options) as FormattedTools<ToolOf<TFormat>>;
  const schemaWarnings = sources.flatMap((source) =>
    (source.action?.schemaWarnings ?? []).map((message) => ({ tool: source.name, message })),
  );
  return schemaWarnings.length === 0
    ? formatted
    : { ...formatted, warnings: [...schemaWarnings, ...formatted.warnings] };
}

function formatFor(
  sources: readonly ToolSource[],
  format: ToolFormat,
  options: FormatOptions,
): FormattedTools<ToolOf<ToolFormat>> {
  switch (format) {
    case 'openai':
      return toOpenAIChatTools(sources, options);
    case 'openai-responses':
      return toOpenAIResponsesTools(sources, options);
    case 'anthropic':
      return toAnthropicTools(sources, options);
    case 'gemini':
      return toGeminiTools(sources, options);
    case 'mcp':
      return toMCPTools(sources, options);
    case 'ag-ui':
      return toAGUITools(sources, options);
    default: {
      const unknown: never = format;
      throw new Error(`unknown tool format ${String(unknown)}`);
    }
  }
}

import { toAGUITools } from './ag-ui.js';
import { toAnthropicTools } from './anthropic.js';
import { toGeminiTools } from './gemini.js';
import { toMCPTools } from './mcp.js';
import { toOpenAIChatTools } from './openai-chat.js';
import { toOpenAIResponsesTools } from './openai-responses.js';
import type { FormatOptions, FormattedTools, ToolFormat, ToolSource } from './types.js';

/**
 * Turn tool sources into one provider's tool definitions (a pure function). The warnings start with what the
 * actions' schemas could not say in JSON Schema (a regex flag), then what the format had to change.
 */
export function formatTools(
  sources: readonly ToolSource[],
  format: ToolFormat,
  options: FormatOptions = {},
): FormattedTools<unknown> {
  const formatted = formatFor(sources, format, options);
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
): FormattedTools<unknown> {
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

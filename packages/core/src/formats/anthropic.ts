import { objectRoot } from './object-root.js';
import { ANTHROPIC_NAMES, toolNameTables } from './tool-names.js';
import type { FormatOptions, FormattedTools, ToolSource, ToolWarning } from './types.js';

/** An Anthropic Messages API client tool (`Tool` in `@anthropic-ai/sdk`). */
export interface AnthropicTool {
  name: string;
  description: string;
  input_schema: { type: 'object'; [key: string]: unknown };
}

/**
 * Tools for the Anthropic Messages API: `{ name, description, input_schema }`, the input schema kept whole (it
 * takes JSON Schema 2020-12) except that its root is made a plain object, which Anthropic requires.
 */
export function toAnthropicTools(
  sources: readonly ToolSource[],
  _options: FormatOptions = {},
): FormattedTools<AnthropicTool> {
  const { legalOf, names } = toolNameTables(sources, ANTHROPIC_NAMES);
  const warnings: ToolWarning[] = [];
  const tools = sources.map((source): AnthropicTool => {
    const root = objectRoot(source.inputSchema);
    if (root.note) warnings.push({ tool: source.name, message: root.note });
    return {
      name: legalOf.get(source.name)!,
      description: source.description,
      input_schema: { ...root.schema, type: 'object' },
    };
  });
  return { tools, warnings, names };
}

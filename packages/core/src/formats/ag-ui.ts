import type { FormatOptions, FormattedTools, ToolSource } from './types.js';

// PLACEHOLDER: replaced by the formats work; returns the sources' names and schemas unchanged.
export function toAGUITools(sources: readonly ToolSource[], _options: FormatOptions = {}): FormattedTools<unknown> {
  return {
    tools: sources.map((source) => ({ name: source.name, description: source.description, parameters: source.inputSchema })),
    warnings: [],
    names: new Map(sources.map((source) => [source.name, source.name])),
  };
}

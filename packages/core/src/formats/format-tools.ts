import { TOOL_FORMATTERS, type ToolOf } from './formatters.js';
import { withSchemaWarnings } from './schema-warnings.js';
import type { FormatOptions, FormattedTools, ToolFormat, ToolFormatter, ToolSource } from './types.js';

export type { ToolOf, ToolsByFormat } from './formatters.js';

/**
 * Turn tool sources into one provider's tool definitions (a pure function): `format` is a built-in format's name
 * or a formatter. The warnings start with what the actions' schemas could not say in JSON Schema (a regex flag),
 * then what the format had to change.
 */
export function formatTools<TFormat extends ToolFormat | ToolFormatter>(
  sources: readonly ToolSource[],
  format: TFormat,
  options: FormatOptions = {},
): FormattedTools<ToolOf<TFormat>> {
  const formatter = typeof format === 'string' ? TOOL_FORMATTERS[format as ToolFormat] : format;
  if (!formatter) throw new Error(`unknown tool format ${String(format)}`);
  return withSchemaWarnings(sources, formatter as ToolFormatter<ToolOf<TFormat>>, options);
}

import type { FormatOptions, FormattedTools, ToolFormatter, ToolSource } from './types.js';

/** The formatter's tools, its warnings after what the actions' schemas could not say in JSON Schema. */
export function withSchemaWarnings<TTool>(
  sources: readonly ToolSource[],
  formatter: ToolFormatter<TTool>,
  options: FormatOptions,
): FormattedTools<TTool> {
  const formatted = formatter.format(sources, options);
  const schemaWarnings = sources.flatMap((source) =>
    (source.action?.schemaWarnings ?? []).map((message) => ({ tool: source.name, message })),
  );
  return schemaWarnings.length === 0
    ? formatted
    : { ...formatted, warnings: [...schemaWarnings, ...formatted.warnings] };
}

import { objectRoot } from './object-root.js';
import { toStrictSchema } from './strict-schema.js';
import { OPENAI_NAMES, toolNameTables } from './tool-names.js';
import type { FormatOptions, FormattedTools, ToolSource, ToolWarning } from './types.js';

/** One OpenAI function definition, shared by the Chat Completions and Responses shapes. */
export interface OpenAIFunction {
  name: string;
  description: string;
  parameters: Record<string, unknown>;
  strict: boolean;
}

/**
 * The OpenAI function definitions of some tool sources: legal names, and strict schemas where `toStrictSchema`
 * can rewrite the input schema (unless `strict: false`); otherwise the schema as it is with `strict: false` and a
 * warning giving the reason.
 */
export function toOpenAIFunctions(
  sources: readonly ToolSource[],
  options: FormatOptions,
): FormattedTools<OpenAIFunction> {
  const { legalOf, names } = toolNameTables(sources, OPENAI_NAMES);
  const warnings: ToolWarning[] = [];
  const tools = sources.map((source): OpenAIFunction => {
    const name = legalOf.get(source.name)!;
    if (options.strict !== false) {
      const strict = toStrictSchema(source.inputSchema);
      if (strict.ok)
        return { name, description: source.description, parameters: strict.schema, strict: true };
      warnings.push({ tool: source.name, message: `sent without strict mode: ${strict.reason}` });
    }
    const root = objectRoot(source.inputSchema);
    if (root.note) warnings.push({ tool: source.name, message: root.note });
    return { name, description: source.description, parameters: root.schema, strict: false };
  });
  return { tools, warnings, names };
}

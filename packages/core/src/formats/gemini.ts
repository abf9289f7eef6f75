import { type GeminiSchema, toGeminiSchema } from './gemini-schema.js';
import { objectRoot } from './object-root.js';
import { GEMINI_NAMES, toolNameTables } from './tool-names.js';
import type { FormatOptions, FormattedTools, ToolSource, ToolWarning } from './types.js';

/** A Gemini function declaration (`FunctionDeclaration` in `@google/genai`). */
export interface GeminiFunctionDeclaration {
  name: string;
  description: string;
  /** Left out for a tool without parameters: Gemini refuses an object schema with no properties. */
  parameters?: GeminiSchema;
}

/**
 * Gemini function declarations `{ name, description, parameters }` in Gemini's schema subset (see
 * `toGeminiSchema`), with one warning per tool listing the keywords that had to be dropped. The array is what goes
 * in a Gemini tool: pass it as `tools: [{ functionDeclarations }]`.
 */
export function toGeminiTools(
  sources: readonly ToolSource[],
  _options: FormatOptions = {},
): FormattedTools<GeminiFunctionDeclaration> {
  const { legalOf, names } = toolNameTables(sources, GEMINI_NAMES);
  const warnings: ToolWarning[] = [];
  const tools = sources.map((source): GeminiFunctionDeclaration => {
    const root = objectRoot(source.inputSchema);
    const { schema, dropped, notes } = toGeminiSchema(root.schema);
    const changes = [
      ...(dropped.length > 0 ? [`dropped keywords Gemini does not support: ${dropped.join(', ')}`] : []),
      ...(root.note ? [root.note] : []),
      ...notes,
    ];
    if (changes.length > 0) warnings.push({ tool: source.name, message: changes.join('; ') });
    const declaration: GeminiFunctionDeclaration = {
      name: legalOf.get(source.name)!,
      description: source.description,
    };
    if (schema.properties) declaration.parameters = schema;
    return declaration;
  });
  return { tools, warnings, names };
}

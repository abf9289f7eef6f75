import { cloneJson } from '../util/resolve-local-ref.js';
import { OPENAI_NAMES, toolNameTables } from './tool-names.js';
import type { FormatOptions, FormattedTools, ToolSource } from './types.js';

/** An AG-UI tool (`Tool` in `@ag-ui/core`), as a frontend offers it to an agent in `RunAgentInput.tools`. */
export interface AGUITool {
  name: string;
  description: string;
  parameters: Record<string, unknown>;
}

/**
 * Tools for AG-UI: `{ name, description, parameters }` with the input schema copied as it is (AG-UI carries it
 * opaquely). Names follow OpenAI's rule, the strictest of the models an agent may hand them on to.
 */
export function toAGUITools(
  sources: readonly ToolSource[],
  _options: FormatOptions = {},
): FormattedTools<AGUITool> {
  const { legalOf, names } = toolNameTables(sources, OPENAI_NAMES);
  const tools = sources.map(
    (source): AGUITool => ({
      name: legalOf.get(source.name)!,
      description: source.description,
      parameters: cloneJson(source.inputSchema) as Record<string, unknown>,
    }),
  );
  return { tools, warnings: [], names };
}

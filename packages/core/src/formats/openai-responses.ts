import { toOpenAIFunctions } from './openai-function.js';
import type { FormatOptions, FormattedTools, ToolSource } from './types.js';

/** An OpenAI Responses API function tool (`FunctionTool` in the `openai` SDK). */
export interface OpenAIResponsesTool {
  type: 'function';
  name: string;
  description: string;
  parameters: Record<string, unknown>;
  strict: boolean;
}

/**
 * Tools for the OpenAI Responses API: `{ type: 'function', name, description, parameters, strict }`, strict where
 * the schema allows it (see `toOpenAIFunctions`).
 */
export function toOpenAIResponsesTools(
  sources: readonly ToolSource[],
  options: FormatOptions = {},
): FormattedTools<OpenAIResponsesTool> {
  const { tools, warnings, names } = toOpenAIFunctions(sources, options);
  return { tools: tools.map((definition) => ({ type: 'function', ...definition })), warnings, names };
}

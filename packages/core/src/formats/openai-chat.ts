import { toOpenAIFunctions } from './openai-function.js';
import type { FormatOptions, FormattedTools, ToolSource } from './types.js';

/** An OpenAI Chat Completions function tool (`ChatCompletionFunctionTool` in the `openai` SDK). */
export interface OpenAIChatTool {
  type: 'function';
  function: {
    name: string;
    description: string;
    parameters: Record<string, unknown>;
    strict: boolean;
  };
}

/**
 * Tools for OpenAI Chat Completions (and OpenAI-compatible servers): `{ type: 'function', function: { name,
 * description, parameters, strict } }`, strict where the schema allows it (see `toOpenAIFunctions`).
 */
export function toOpenAIChatTools(
  sources: readonly ToolSource[],
  options: FormatOptions = {},
): FormattedTools<OpenAIChatTool> {
  const { tools, warnings, names } = toOpenAIFunctions(sources, options);
  return { tools: tools.map((definition) => ({ type: 'function', function: definition })), warnings, names };
}

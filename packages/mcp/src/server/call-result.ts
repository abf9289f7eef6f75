import type { AnyAction, RunResult } from '@affordance/core';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { isContentBlocks } from './content-blocks.js';

/** The `_meta` key under which a failed call's typed error (code, issues, hint, details) travels. */
export const ERROR_META_KEY = 'affordance/error';

/**
 * Turn a run result into a `tools/call` result. A failure is `isError: true` with the fix-it text the model
 * reads (and the typed error under `_meta`); content blocks pass through; any other value is the model output as
 * text, plus `structuredContent` when the action declares an object output.
 */
export function toCallToolResult(result: RunResult, action: AnyAction): CallToolResult {
  if (!result.ok) {
    return {
      content: [{ type: 'text', text: result.modelOutput }],
      isError: true,
      _meta: { [ERROR_META_KEY]: result.error },
    };
  }
  if (isContentBlocks(result.value)) return { content: result.value };
  const answer: CallToolResult = { content: [{ type: 'text', text: result.modelOutput }] };
  if (action.outputJsonSchema?.type === 'object' && isRecord(result.value))
    answer.structuredContent = result.value;
  return answer;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

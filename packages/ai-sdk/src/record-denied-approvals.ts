import type { RunResult } from '@affordance/core';
import type { ModelMessage, ToolSet } from 'ai';
import { approverOf, bindingOf } from './affordance-tools.js';
import { answeredCalls } from './approval-responses.js';

/**
 * Record in the registry's approval store the calls a person refused through the AI SDK's approval responses
 * (the AI SDK itself runs nothing for them): each refused call of the last tool message whose tool came from
 * `affordanceTools` is stored as denied by the tool set's `approver` (`registry.approvals.recordDenied`: never
 * pending), so the audit log shows an `approval_denied` entry. Nothing runs. Call it with the request's messages
 * before `streamText`/`generateText`.
 */
export async function recordDeniedApprovals(
  tools: ToolSet,
  messages: readonly ModelMessage[],
): Promise<RunResult[]> {
  const results: RunResult[] = [];
  for (const answer of answeredCalls(messages)) {
    if (answer.response.approved) continue;
    const binding = bindingOf(tools[answer.toolName]);
    if (!binding) continue;
    const { registry, action, options } = binding;
    const checked = registry.checkInput(action.name, answer.input);
    const reason = answer.response.reason;
    results.push(
      await registry.approvals.recordDenied(
        {
          name: action.name,
          args: (checked?.ok ? checked.value : answer.input) as Record<string, unknown>,
          user: options.user,
          context: options.context ?? {},
          sessionId: options.sessionId,
        },
        { by: approverOf(options), ...(reason ? { reason } : {}) },
      ),
    );
  }
  return results;
}

import type { ToolCallEntry } from '../tool-calls/tool-call-entry.js';

const WAITING = /^Error \(approval_required\):.*waiting as (\S+?)\.?$/m;

/**
 * The approval id of a call that waits for a person's approval: from the `approval_required` error of a call run
 * here, or from the text an agent streamed back as the tool result ("… waiting as apr_…"); undefined otherwise.
 */
export function approvalIdOf(
  call: Pick<ToolCallEntry, 'error' | 'modelOutput' | 'result'>,
): string | undefined {
  if (call.error?.code === 'approval_required') {
    const id = call.error.details?.approvalId;
    if (typeof id === 'string') return id;
  }
  const text = typeof call.result === 'string' ? call.result : call.modelOutput;
  return text ? WAITING.exec(text)?.[1] : undefined;
}

import type { Registry } from '@affordance/core';
import type { PendingApproval } from '@affordance/core/ports';

/**
 * An approval as a person or console may see it: its arguments and context redacted exactly as the audit log
 * redacts a call (`registry.redact`); the stored approval keeps them whole, since approving runs them. The output
 * kept for the paused agent run (`outcome.output`) is left out: it is the model's text, not the approver's.
 */
export function redactApproval(registry: Registry, approval: PendingApproval): PendingApproval {
  const { args, context } = registry.redact(approval);
  const { output: _output, ...outcome } = approval.outcome ?? { ok: false };
  return {
    ...approval,
    args: args as PendingApproval['args'],
    context: context as PendingApproval['context'],
    ...(approval.outcome ? { outcome } : {}),
  };
}

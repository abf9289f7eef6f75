import type { Registry } from '@affordance/core';
import type { PendingApproval } from '@affordance/core/ports';

/**
 * An approval as a person or console may see it: its arguments and context redacted exactly as the audit log
 * redacts a call (`registry.redact`); the stored approval keeps them whole, since approving runs them. Its outcome
 * loses the run's value and model text (kept for the caller who asked), as the audit log keeps no values.
 */
export function redactApproval(registry: Registry, approval: PendingApproval): PendingApproval {
  const { args, context } = registry.redact(approval);
  const { outcome } = approval;
  return {
    ...approval,
    args: args as PendingApproval['args'],
    context: context as PendingApproval['context'],
    ...(outcome
      ? {
          outcome: {
            ok: outcome.ok,
            ...(outcome.errorCode ? { errorCode: outcome.errorCode } : {}),
            ...(outcome.message ? { message: outcome.message } : {}),
          },
        }
      : {}),
  };
}

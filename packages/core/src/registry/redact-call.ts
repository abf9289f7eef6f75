import { planFor } from '../pipeline/plan.js';
import type { RegistryRuntime } from '../pipeline/runtime.js';
import { redactWith } from '../redact/redact-value.js';
import { SCAN } from '../redact/redaction-plan.js';

/**
 * A call's arguments (by its action's compiled redaction, or the generic rules for an unknown name) and context (by
 * the generic rules: key names and secret-shaped text) with their secrets hidden, as the audit log would show them.
 */
export function redactCall(
  runtime: RegistryRuntime,
  call: { readonly name: string; readonly args?: unknown; readonly context?: unknown },
): { readonly args: unknown; readonly context: unknown } {
  const generic = { root: SCAN, extraKeys: runtime.redactKeys };
  const found = typeof call.name === 'string' ? runtime.lookup(call.name) : undefined;
  const redaction = found && 'action' in found ? planFor(runtime, found.action).redaction : generic;
  return { args: redactWith(call.args, redaction), context: redactWith(call.context, generic) };
}

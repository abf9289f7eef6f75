import type { Registry, RunResult } from '@affordance/core';

/**
 * A call's result as the people watching `/api/events` may see it: the value, the model's text and an error's
 * message with secrets hidden by the generic rules (secret key names, `redactKeys`, secret-shaped text), as the
 * audit log hides them in arguments. The caller's own answer keeps the result whole.
 */
export function redactResult(registry: Registry, result: RunResult): RunResult {
  const shown = {
    value: result.ok ? result.value : undefined,
    modelOutput: result.modelOutput,
    message: result.ok ? undefined : result.error.message,
  };
  // The generic rules are the ones `redact` applies to a call's context (an action's schema describes its input only).
  const hidden = registry.redact({ name: result.name, context: shown }).context as typeof shown;
  if (hidden === shown) return result;
  if (result.ok) return { ...result, value: hidden.value, modelOutput: hidden.modelOutput };
  return {
    ...result,
    modelOutput: hidden.modelOutput,
    error: { ...result.error, message: hidden.message ?? result.error.message },
  };
}

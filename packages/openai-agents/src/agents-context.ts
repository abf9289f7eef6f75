import type { User } from '@affordance/core';

/** What a run's `RunContext.context` carries for Affordance: who calls, the app context and the session. */
export interface AffordanceRunContext {
  readonly user?: User;
  readonly context?: Record<string, unknown>;
  /** The session whose history answers `requires`, and under which approvals are listed. */
  readonly sessionId?: string;
}

/** The Affordance part of a run's context (any other fields of the app's context are left alone). */
export function readRunContext(runContext: { readonly context: unknown } | undefined): AffordanceRunContext {
  const given = runContext?.context;
  return typeof given === 'object' && given !== null ? (given as AffordanceRunContext) : {};
}

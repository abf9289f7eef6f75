import type { Progress, RunResult, Target, User } from '../action/types.js';
import type { PendingApproval } from '../ports/approval-store.js';

/** Every event a registry emits, by type. */
export interface RegistryEvents extends Record<string, unknown> {
  /** Actions were registered or unregistered; `version` went up. */
  change: {
    readonly version: number;
    readonly added: readonly string[];
    readonly removed: readonly string[];
  };
  'call-start': {
    readonly callId: string;
    /** The tool-call id the caller gave, if any (checked by the pipeline only after this event). */
    readonly toolCallId: string | undefined;
    readonly name: string;
    readonly user: User | undefined;
    readonly sessionId: string | undefined;
    readonly depth: number;
    readonly parentCallId: string | undefined;
  };
  /** One pipeline step finished: `outcome` is `next`, `finish` or an error code. */
  'call-step': {
    readonly callId: string;
    readonly step: string;
    readonly outcome: string;
    readonly durationMs: number;
  };
  'call-progress': {
    readonly callId: string;
    readonly toolCallId: string | undefined;
    readonly name: string;
    readonly progress: Progress;
  };
  'call-end': {
    readonly callId: string;
    readonly result: RunResult;
    readonly target: Target | undefined;
    readonly depth: number;
  };
  'approval-requested': { readonly approval: PendingApproval };
  'approval-decided': { readonly approval: PendingApproval };
}

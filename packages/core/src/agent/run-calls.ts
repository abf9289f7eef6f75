import type { RunCall, User } from '../action/types.js';
import type { Registry } from '../registry/create-registry.js';
import type { AgentEvent, CallRecord } from './agent-events.js';
import type { ModelToolCall } from './model-types.js';

/** What every call of a run shares. */
export interface CallScope {
  readonly registry: Registry;
  readonly runId: string;
  readonly step: number;
  readonly sessionId: string;
  readonly user?: User;
  readonly context?: Record<string, unknown>;
  readonly signal: AbortSignal;
  readonly emit: (event: AgentEvent) => void;
}

const ABORTED_OUTPUT = 'The call was not run: the run was aborted.';

/** Run a step's calls in order through `registry.run`; once the signal aborts, the remaining calls end as aborted. */
export async function runCalls(scope: CallScope, calls: readonly ModelToolCall[]): Promise<CallRecord[]> {
  const records: CallRecord[] = [];
  for (const call of calls) {
    const args = 'args' in call ? call.args : call.argsText;
    let record: CallRecord;
    if (scope.signal.aborted) {
      record = { callId: call.id, name: call.name, args, status: 'aborted', output: ABORTED_OUTPUT };
    } else {
      scope.emit({ type: 'call-start', runId: scope.runId, step: scope.step, call });
      const run: RunCall = {
        name: call.name,
        args,
        toolCallId: call.id,
        sessionId: scope.sessionId,
        signal: scope.signal,
        ...(scope.user ? { user: scope.user } : {}),
        ...(scope.context ? { context: scope.context } : {}),
      };
      const result = await scope.registry.run(run);
      const approvalId = result.ok ? undefined : approvalIdOf(result.error.code, result.error.details);
      const status = result.ok
        ? 'ok'
        : approvalId !== undefined
          ? 'pending'
          : result.error.code === 'aborted' || scope.signal.aborted
            ? 'aborted'
            : 'failed';
      record = {
        callId: call.id,
        name: call.name,
        args,
        status,
        output: result.modelOutput,
        result,
        ...(approvalId !== undefined ? { approvalId } : {}),
      };
    }
    records.push(record);
    scope.emit({ type: 'call-finish', runId: scope.runId, step: scope.step, call: record });
  }
  return records;
}

// The approval a call waits on, when the pipeline paused it.
function approvalIdOf(code: string, details: unknown): string | undefined {
  if (code !== 'approval_required' || typeof details !== 'object' || details === null) return undefined;
  const id = (details as { approvalId?: unknown }).approvalId;
  return typeof id === 'string' ? id : undefined;
}
